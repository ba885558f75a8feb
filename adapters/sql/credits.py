"""The credits ledger in SQL. A change is one conditional UPDATE of the balance row
(it cannot go below zero even under concurrent requests) plus one ledger row."""

from __future__ import annotations

from datetime import datetime

import attrs
from sqlalchemy import Connection, insert, or_, select, update

from adapters.sql import account_writes
from adapters.sql import tables as t
from adapters.sql.upsert import insert_unless_exists
from domain.credits import EntryKind, LedgerEntry

bal, led = t.credit_balances, t.credit_ledger


def _entry(row: object) -> LedgerEntry:
    return LedgerEntry(member_id=row.member_id, kind=EntryKind(row.kind),  # type: ignore[attr-defined]
                       amount=row.amount, balance_after=row.balance_after,  # type: ignore[attr-defined]
                       key=row.idempotency_key, at=row.created_at,  # type: ignore[attr-defined]
                       reason=row.reason)  # type: ignore[attr-defined]


@attrs.define
class SqlLedger:
    connection: Connection

    def balance(self, member_id: int) -> int:
        value = self.connection.execute(
            select(bal.c.balance).where(bal.c.member_id == member_id)).scalar()
        return int(value or 0)

    def find(self, member_id: int, key: str) -> LedgerEntry | None:
        row = self.connection.execute(select(led).where(
            led.c.member_id == member_id, led.c.idempotency_key == key)).first()
        return _entry(row) if row else None

    def apply(self, member_id: int, kind: EntryKind, change: int, key: str, reason: str,
              at: datetime) -> LedgerEntry | None:
        """Book ``change``; None (and nothing booked) when the balance would go negative."""
        if change >= 0:  # a charge needs credits, so a balance row: only these may make it
            self._ensure_row(member_id)
        after = self.connection.execute(
            update(bal).where(bal.c.member_id == member_id, bal.c.balance + change >= 0)
            .values(balance=bal.c.balance + change).returning(bal.c.balance)).scalar()
        if after is None:
            return None
        entry = LedgerEntry(member_id=member_id, kind=kind, amount=change, balance_after=after,
                            key=key, at=at, reason=reason)
        self.connection.execute(insert(led).values(
            member_id=member_id, kind=kind.value, amount=change, balance_after=after,
            idempotency_key=key, reason=reason, created_at=at))
        account_writes.note(self.connection, member_id)  # the balance a sign-in shows
        return entry

    def entries(self, member_id: int, limit: int = 500) -> list[LedgerEntry]:
        rows = self.connection.execute(select(led).where(led.c.member_id == member_id)
                                       .order_by(led.c.id).limit(limit))
        return [_entry(row) for row in rows]

    def lots(self, member_id: int) -> list[LedgerEntry]:
        rows = self.connection.execute(select(led).where(
            led.c.member_id == member_id,
            or_(led.c.amount > 0, led.c.kind == EntryKind.REVOKE.value)).order_by(led.c.id))
        return [_entry(row) for row in rows]

    def _ensure_row(self, member_id: int) -> None:
        insert_unless_exists(self.connection, bal, member_id=member_id, balance=0)
