"""Two-factor sign-in's rows (issue 33.2): the authenticator secret and recovery codes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs
from sqlalchemy import Connection, delete, func, insert, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from adapters.sql import tables as t
from application.ports.two_factor import RecoveryCodeRecord, TwoFactorRecord

_codes = t.two_factor_recovery_codes


@attrs.define
class SqlTwoFactor:
    connection: Connection

    def get(self, member_id: int) -> TwoFactorRecord | None:
        row = self.connection.execute(select(t.two_factor).where(
            t.two_factor.c.member_id == member_id)).first()
        if row is None:
            return None
        return TwoFactorRecord(secret=row.secret, created_at=row.created_at,
                               confirmed_at=row.confirmed_at, last_step=row.last_step)

    def enrolled(self, member_id: int) -> bool:
        return self.connection.execute(select(t.two_factor.c.member_id).where(
            t.two_factor.c.member_id == member_id,
            t.two_factor.c.confirmed_at.is_not(None))).first() is not None

    def start(self, member_id: int, secret: str, now: datetime) -> None:
        maker = pg_insert if self.connection.dialect.name == "postgresql" else sqlite_insert
        statement = maker(t.two_factor).values(member_id=member_id, secret=secret,
                                               created_at=now)
        # A set-up begun before is replaced; one that was confirmed stays as it is.
        self.connection.execute(statement.on_conflict_do_update(
            index_elements=["member_id"],
            set_={"secret": statement.excluded.secret,
                  "created_at": statement.excluded.created_at, "last_step": None},
            where=t.two_factor.c.confirmed_at.is_(None)))

    def confirm(self, member_id: int, now: datetime) -> bool:
        done = self.connection.execute(update(t.two_factor).where(
            t.two_factor.c.member_id == member_id, t.two_factor.c.confirmed_at.is_(None)
        ).values(confirmed_at=now))
        return done.rowcount == 1

    def claim_step(self, member_id: int, step: int) -> bool:
        # One statement: on PostgreSQL a twin request's UPDATE waits for this row's lock,
        # then sees the step taken and changes nothing (read committed re-checks WHERE).
        done = self.connection.execute(update(t.two_factor).where(
            t.two_factor.c.member_id == member_id,
            or_(t.two_factor.c.last_step.is_(None), t.two_factor.c.last_step < step)
        ).values(last_step=step))
        return done.rowcount == 1

    def remove(self, member_id: int) -> None:
        self.connection.execute(delete(_codes).where(_codes.c.member_id == member_id))
        self.connection.execute(delete(t.two_factor).where(
            t.two_factor.c.member_id == member_id))

    def replace_recovery_codes(self, member_id: int,
                               codes: Sequence[tuple[str, str]]) -> None:
        self.connection.execute(delete(_codes).where(_codes.c.member_id == member_id))
        if codes:
            self.connection.execute(insert(_codes), [
                {"member_id": member_id, "hint": hint, "code_hash": code_hash}
                for hint, code_hash in codes])

    def unused_recovery_codes(self, member_id: int, hint: str) -> list[RecoveryCodeRecord]:
        rows = self.connection.execute(select(_codes.c.id, _codes.c.code_hash).where(
            _codes.c.member_id == member_id, _codes.c.hint == hint,
            _codes.c.used_at.is_(None)).order_by(_codes.c.id))
        return [RecoveryCodeRecord(row.id, row.code_hash) for row in rows]

    def recovery_codes_left(self, member_id: int) -> int:
        return int(self.connection.execute(select(func.count()).where(
            _codes.c.member_id == member_id, _codes.c.used_at.is_(None))).scalar_one())

    def use_recovery_code(self, code_id: int, now: datetime) -> bool:
        done = self.connection.execute(update(_codes).where(
            _codes.c.id == code_id, _codes.c.used_at.is_(None)).values(used_at=now))
        return done.rowcount == 1
