"""Sessions, one-time account tokens and failed logins."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import (
    Connection,
    and_,
    bindparam,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)

from adapters.sql import account_writes
from adapters.sql import tables as t
from adapters.sql.members import member_from_row, members_with_profiles
from application.ports.accounts import SessionDetails, SessionRecord, SignedIn, TokenRecord
from application.ports.photos import MainPhoto
from domain.members import Member
from domain.photos import PhotoStatus

_main_photo = and_(t.photos.c.member_id == t.members.c.id, t.photos.c.is_main.is_(True))
# Session, member, profile, balance, main photo and mail state: one round trip.
_SIGNED_IN = (
    members_with_profiles.add_columns(
        t.sessions.c.id.label("session_id"),
        t.sessions.c.created_at.label("session_created_at"),
        t.sessions.c.expires_at.label("session_expires_at"),
        t.sessions.c.revoked_at.label("session_revoked_at"),
        t.sessions.c.last_seen_at.label("session_last_seen_at"),
        t.credit_balances.c.balance.label("credit_balance"),
        t.photos.c.filename.label("photo_filename"),
        t.photos.c.thumb_filename.label("photo_thumb_filename"),
        t.photos.c.status.label("photo_status"),
        t.notification_settings.c.mail_off.label("mail_off"),
    )
    .join(t.sessions, t.sessions.c.member_id == t.members.c.id)
    .outerjoin(t.credit_balances, t.credit_balances.c.member_id == t.members.c.id)
    .outerjoin(t.photos, _main_photo)
    .outerjoin(t.notification_settings, t.notification_settings.c.member_id == t.members.c.id)
    .where(t.sessions.c.token_hash == bindparam("token_hash"))
    .limit(1)
)
# Built once with a bound parameter: SQLAlchemy then computes its cache key once per
# process instead of once per request (which cost more than running the query).
_WITH_MEMBERS = (
    members_with_profiles.add_columns(
        t.sessions.c.token_hash,
        t.sessions.c.id.label("session_id"),
        t.sessions.c.created_at.label("session_created_at"),
        t.sessions.c.expires_at.label("session_expires_at"),
        t.sessions.c.revoked_at.label("session_revoked_at"),
    )
    .join(t.sessions, t.sessions.c.member_id == t.members.c.id)
    .where(t.sessions.c.token_hash.in_(bindparam("token_hashes", expanding=True)))
)
_AT_ONCE = 1000  # sessions per query: a short IN list, however many sockets are open


@attrs.define
class SqlSessions:
    connection: Connection

    def add(self, member_id: int, token_hash: str, created_at: datetime, expires_at: datetime,
            ip: str | None, user_agent: str | None, device: str | None = None,
            country: str | None = None) -> int:
        return int(self.connection.execute(insert(t.sessions).values(
            member_id=member_id, token_hash=token_hash, created_at=created_at,
            expires_at=expires_at, ip=ip, user_agent=_user_agent(user_agent),
            device=device, country=country).returning(t.sessions.c.id)).scalar_one())

    def find(self, token_hash: str) -> SessionRecord | None:
        row = self.connection.execute(
            select(t.sessions.c.member_id, t.sessions.c.created_at, t.sessions.c.expires_at,
                   t.sessions.c.revoked_at).where(t.sessions.c.token_hash == token_hash)
        ).first()
        if row is None:
            return None
        return SessionRecord(row.member_id, row.created_at, row.expires_at, row.revoked_at)

    def signed_in(self, token_hash: str) -> SignedIn | None:
        row = self.connection.execute(_SIGNED_IN, {"token_hash": token_hash}).first()
        if row is None:
            return None
        photo = None if row.photo_filename is None else MainPhoto(
            row.photo_filename, row.photo_thumb_filename, PhotoStatus(row.photo_status))
        return SignedIn(
            session=SessionRecord(row.id, row.session_created_at, row.session_expires_at,
                                  row.session_revoked_at, row.session_id,
                                  row.session_last_seen_at),
            member=member_from_row(row), credits=int(row.credit_balance or 0),
            main_photo=photo, mail_off=row.mail_off)

    def with_members(self, token_hashes: Collection[str]
                     ) -> dict[str, tuple[SessionRecord, Member]]:
        found: dict[str, tuple[SessionRecord, Member]] = {}
        hashes = list(token_hashes)
        for start in range(0, len(hashes), _AT_ONCE):
            for row in self.connection.execute(
                    _WITH_MEMBERS, {"token_hashes": hashes[start:start + _AT_ONCE]}):
                found[row.token_hash] = (
                    SessionRecord(row.id, row.session_created_at, row.session_expires_at,
                                  row.session_revoked_at, row.session_id),
                    member_from_row(row))
        return found

    def confirm(self, token_hash: str, now: datetime) -> None:
        self.connection.execute(update(t.sessions).where(
            t.sessions.c.token_hash == token_hash).values(confirmed_at=now))

    def confirmed_at(self, token_hash: str) -> datetime | None:
        found: datetime | None = self.connection.execute(select(t.sessions.c.confirmed_at).where(
            t.sessions.c.token_hash == token_hash)).scalar()
        return found

    def revoke(self, token_hash: str, now: datetime) -> None:
        for row in self.connection.execute(update(t.sessions).where(
            t.sessions.c.token_hash == token_hash, t.sessions.c.revoked_at.is_(None)
        ).values(revoked_at=now).returning(t.sessions.c.member_id)):
            account_writes.note(self.connection, row.member_id)

    def revoke_all(self, member_id: int, now: datetime, keep: str | None = None) -> None:
        query = update(t.sessions).where(t.sessions.c.member_id == member_id,
                                         t.sessions.c.revoked_at.is_(None))
        if keep:
            query = query.where(t.sessions.c.token_hash != keep)
        self.connection.execute(query.values(revoked_at=now))
        account_writes.note(self.connection, member_id)


    # --- where the member is signed in (issue 33.3) ---

    def used(self, token_hash: str, now: datetime, unless_after: datetime) -> None:
        s = t.sessions
        self.connection.execute(update(s).where(
            s.c.token_hash == token_hash,
            or_(s.c.last_seen_at.is_(None), s.c.last_seen_at <= unless_after),
        ).values(last_seen_at=now))

    def open_of(self, member_id: int, now: datetime) -> list[SessionDetails]:
        s = t.sessions
        rows = self.connection.execute(select(s).where(
            s.c.member_id == member_id, s.c.revoked_at.is_(None), s.c.expires_at > now,
        ).order_by(s.c.created_at.desc(), s.c.id.desc()))
        return [_details(row) for row in rows]

    def details(self, session_id: int) -> SessionDetails | None:
        row = self.connection.execute(select(t.sessions).where(
            t.sessions.c.id == session_id)).first()
        return None if row is None else _details(row)

    def has_any(self, member_id: int) -> bool:
        return self.connection.execute(select(t.sessions.c.id).where(
            t.sessions.c.member_id == member_id).limit(1)).first() is not None

    def browsers_of(self, member_id: int, device: str | None
                    ) -> list[tuple[str | None, str | None]]:
        s = t.sessions
        same = s.c.device.is_(None) if device is None else or_(s.c.device == device,
                                                               s.c.device.is_(None))
        rows = self.connection.execute(select(s.c.device, s.c.user_agent).distinct().where(
            s.c.member_id == member_id, same))
        return [(row.device, row.user_agent) for row in rows]

    def end(self, member_id: int, session_ids: Collection[int], now: datetime) -> list[int]:
        if not session_ids:
            return []
        s = t.sessions
        rows = self.connection.execute(update(s).where(
            s.c.member_id == member_id, s.c.id.in_(list(session_ids)),
            s.c.revoked_at.is_(None), s.c.expires_at > now,
        ).values(revoked_at=now).returning(s.c.id))
        account_writes.note(self.connection, member_id)
        return sorted(row.id for row in rows)


def _user_agent(value: str | None) -> str | None:
    return (value or "")[:300] or None


def _details(row: Any) -> SessionDetails:
    return SessionDetails(
        id=row.id, member_id=row.member_id, token_hash=row.token_hash,
        created_at=row.created_at, expires_at=row.expires_at, revoked_at=row.revoked_at,
        last_seen_at=row.last_seen_at, ip=row.ip, user_agent=row.user_agent,
        device=row.device, country=row.country)


@attrs.define
class SqlTokens:
    connection: Connection

    def add(self, member_id: int, purpose: str, token_hash: str, created_at: datetime,
            expires_at: datetime, new_email: str | None = None,
            target: str | None = None) -> None:
        self.connection.execute(insert(t.account_tokens).values(
            member_id=member_id, purpose=purpose, token_hash=token_hash, created_at=created_at,
            expires_at=expires_at, new_email=new_email, target=target))

    def find(self, purpose: str, token_hash: str) -> TokenRecord | None:
        row = self.connection.execute(select(t.account_tokens).where(
            t.account_tokens.c.purpose == purpose, t.account_tokens.c.token_hash == token_hash
        )).first()
        if row is None:
            return None
        return TokenRecord(id=row.id, member_id=row.member_id, purpose=row.purpose,
                           created_at=row.created_at, expires_at=row.expires_at,
                           used_at=row.used_at, new_email=row.new_email, target=row.target)

    def use(self, token_id: int, now: datetime) -> None:
        self.connection.execute(update(t.account_tokens).where(
            t.account_tokens.c.id == token_id).values(used_at=now))

    def claim(self, token_id: int, now: datetime) -> bool:
        done = self.connection.execute(update(t.account_tokens).where(
            t.account_tokens.c.id == token_id, t.account_tokens.c.used_at.is_(None))
            .values(used_at=now))
        return done.rowcount == 1

    def use_all(self, member_id: int, purpose: str, now: datetime) -> None:
        self.connection.execute(update(t.account_tokens).where(
            t.account_tokens.c.member_id == member_id, t.account_tokens.c.purpose == purpose,
            t.account_tokens.c.used_at.is_(None)).values(used_at=now))

    def count_since(self, member_id: int, purpose: str, since: datetime) -> int:
        return int(self.connection.execute(select(func.count()).where(
            t.account_tokens.c.member_id == member_id, t.account_tokens.c.purpose == purpose,
            t.account_tokens.c.created_at >= since)).scalar_one())

    def take_expired_targets(self, purpose: str, now: datetime) -> list[str]:
        tokens = t.account_tokens
        rows = self.connection.execute(select(tokens.c.id, tokens.c.target).where(
            tokens.c.purpose == purpose, tokens.c.target.is_not(None),
            tokens.c.expires_at <= now)).all()
        if rows:
            self.connection.execute(update(tokens).where(
                tokens.c.id.in_([row.id for row in rows])).values(target=None))
        return [row.target for row in rows]

    def targets(self, member_id: int, purpose: str) -> list[str]:
        return list(self.connection.execute(select(t.account_tokens.c.target).where(
            t.account_tokens.c.member_id == member_id, t.account_tokens.c.purpose == purpose,
            t.account_tokens.c.target.is_not(None))).scalars())


@attrs.define
class SqlLoginFailures:
    connection: Connection

    def add(self, site_id: int, email: str, ip: str, at: datetime) -> None:
        self.connection.execute(insert(t.login_failures).values(
            site_id=site_id, email=email, ip=ip, at=at))

    def for_account(self, site_id: int, email: str,
                    since: datetime) -> list[tuple[datetime, str]]:
        rows = self.connection.execute(select(t.login_failures.c.at, t.login_failures.c.ip).where(
            t.login_failures.c.site_id == site_id, t.login_failures.c.email == email,
            t.login_failures.c.at >= since))
        return [(row.at, row.ip) for row in rows]

    def for_address(self, ip: str, since: datetime) -> list[datetime]:
        rows = self.connection.execute(select(t.login_failures.c.at).where(
            t.login_failures.c.ip == ip, t.login_failures.c.at >= since))
        return [row.at for row in rows]

    def clear(self, site_id: int, email: str, ip: str) -> None:
        self.connection.execute(delete(t.login_failures).where(
            t.login_failures.c.site_id == site_id, t.login_failures.c.email == email,
            t.login_failures.c.ip == ip))
