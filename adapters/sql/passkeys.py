"""Passkeys, their members' user handles and the ceremonies' challenges (issue 33.1)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from adapters.sql import tables as t
from application.ports.passkeys import NewCredential
from domain.passkeys import Ceremony, Challenge, Passkey

_PASSKEYS = select(t.passkeys).order_by(t.passkeys.c.created_at, t.passkeys.c.id)


def _passkey(row: Any) -> Passkey:
    return Passkey(id=row.id, member_id=row.member_id, credential_id=row.credential_id,
                   public_key=row.public_key, sign_count=row.sign_count, name=row.name,
                   created_at=row.created_at, last_used_at=row.last_used_at,
                   transports=tuple(filter(None, row.transports.split(","))))


class SqlPasskeys:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def _insert(self) -> Any:
        return pg_insert if self.connection.dialect.name == "postgresql" else sqlite_insert

    # --- user handles ----------------------------------------------------------------

    def handle_of(self, member_id: int) -> str | None:
        found: str | None = self.connection.execute(select(t.passkey_users.c.handle).where(
            t.passkey_users.c.member_id == member_id)).scalar()
        return found

    def add_handle(self, member_id: int, handle: str) -> None:
        # Two first passkeys at once: the first handle stays (the caller reads it again).
        self.connection.execute(self._insert()(t.passkey_users).values(
            member_id=member_id, handle=handle).on_conflict_do_nothing(
            index_elements=["member_id"]))

    def member_of_handle(self, handle: str) -> int | None:
        found: int | None = self.connection.execute(select(t.passkey_users.c.member_id).where(
            t.passkey_users.c.handle == handle)).scalar()
        return found

    # --- passkeys --------------------------------------------------------------------

    def of_member(self, member_id: int) -> list[Passkey]:
        return [_passkey(row) for row in self.connection.execute(
            _PASSKEYS.where(t.passkeys.c.member_id == member_id))]

    def get(self, member_id: int, passkey_id: int) -> Passkey | None:
        row = self.connection.execute(_PASSKEYS.where(
            t.passkeys.c.id == passkey_id, t.passkeys.c.member_id == member_id)).first()
        return _passkey(row) if row else None

    def by_credential(self, credential_id: str) -> Passkey | None:
        row = self.connection.execute(_PASSKEYS.where(
            t.passkeys.c.credential_id == credential_id)).first()
        return _passkey(row) if row else None

    def add(self, member_id: int, credential: NewCredential, name: str,
            now: datetime) -> Passkey | None:
        added = self.connection.execute(self._insert()(t.passkeys).values(
            member_id=member_id, credential_id=credential.credential_id,
            public_key=credential.public_key, sign_count=credential.sign_count, name=name,
            transports=",".join(credential.transports), created_at=now,
        ).on_conflict_do_nothing(index_elements=["credential_id"])
            .returning(t.passkeys.c.id)).scalar()
        if added is None:
            return None
        return Passkey(id=added, member_id=member_id, credential_id=credential.credential_id,
                       public_key=credential.public_key, sign_count=credential.sign_count,
                       name=name, created_at=now, transports=credential.transports)

    def rename(self, passkey_id: int, name: str) -> None:
        self.connection.execute(update(t.passkeys).where(t.passkeys.c.id == passkey_id)
                                .values(name=name))

    def remove(self, passkey_id: int) -> None:
        self.connection.execute(delete(t.passkeys).where(t.passkeys.c.id == passkey_id))

    def used(self, passkey_id: int, seen_count: int, new_count: int, now: datetime) -> bool:
        done = self.connection.execute(update(t.passkeys).where(
            t.passkeys.c.id == passkey_id, t.passkeys.c.sign_count == seen_count,
        ).values(sign_count=new_count, last_used_at=now))
        return done.rowcount == 1

    # --- challenges ------------------------------------------------------------------

    def add_challenge(self, digest: str, ceremony: Ceremony, site_id: int,
                      member_id: int | None, session_hash: str | None,
                      now: datetime, expires_at: datetime) -> None:
        self.connection.execute(delete(t.passkey_challenges).where(
            t.passkey_challenges.c.expires_at <= now))
        self.connection.execute(t.passkey_challenges.insert().values(
            challenge_hash=digest, ceremony=ceremony.value, site_id=site_id,
            member_id=member_id, session_hash=session_hash, created_at=now,
            expires_at=expires_at))

    def find_challenge(self, digest: str) -> Challenge | None:
        row = self.connection.execute(select(t.passkey_challenges).where(
            t.passkey_challenges.c.challenge_hash == digest)).first()
        if row is None:
            return None
        return Challenge(id=row.id, ceremony=Ceremony(row.ceremony), site_id=row.site_id,
                         member_id=row.member_id, session_hash=row.session_hash,
                         expires_at=row.expires_at, used_at=row.used_at)

    def claim_challenge(self, challenge_id: int, now: datetime) -> bool:
        done = self.connection.execute(update(t.passkey_challenges).where(
            t.passkey_challenges.c.id == challenge_id,
            t.passkey_challenges.c.used_at.is_(None)).values(used_at=now))
        return done.rowcount == 1
