"""Withdrawals from purchases in SQL (issue 34.2)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, select, update

from adapters.sql import tables as t
from adapters.sql.upsert import upsert
from application.ports.withdrawals import RefundState, Withdrawal

wd = t.order_withdrawals


def _withdrawal(row: Any) -> Withdrawal:
    return Withdrawal(order_id=row.order_id, member_id=row.member_id,
                      requested_at=row.requested_at, credits=row.credits, used=row.used,
                      refund=row.refund, currency=row.currency,
                      refund_state=RefundState(row.refund_state), refunded_at=row.refunded_at,
                      attempts=row.attempts, last_error=row.last_error)


@attrs.define
class SqlWithdrawals:
    connection: Connection

    def claim(self, withdrawal: Withdrawal) -> bool:
        values = attrs.asdict(withdrawal, recurse=False)
        values["refund_state"] = withdrawal.refund_state.value
        # INSERT ... ON CONFLICT DO NOTHING: on PostgreSQL a second request waits for the
        # first one's transaction on the primary key, then inserts nothing.
        return upsert(self.connection, wd, values, ["order_id"], []) == 1

    def get(self, order_id: int) -> Withdrawal | None:
        row = self.connection.execute(select(wd).where(wd.c.order_id == order_id)).first()
        return _withdrawal(row) if row else None

    def of_orders(self, order_ids: Iterable[int]) -> dict[int, Withdrawal]:
        ids = list(order_ids)
        if not ids:
            return {}
        rows = self.connection.execute(select(wd).where(wd.c.order_id.in_(ids)))
        return {row.order_id: _withdrawal(row) for row in rows}

    def refunded(self, order_id: int, at: datetime) -> bool:
        moved = self.connection.execute(update(wd).where(
            wd.c.order_id == order_id, wd.c.refund_state == RefundState.PENDING.value)
            .values(refund_state=RefundState.REFUNDED.value, refunded_at=at))
        return moved.rowcount == 1

    def failed(self, order_id: int, error: str) -> None:
        self.connection.execute(update(wd).where(wd.c.order_id == order_id).values(
            attempts=wd.c.attempts + 1, last_error=error[:500]))

    def pending(self, limit: int = 100) -> list[Withdrawal]:
        rows = self.connection.execute(select(wd).where(
            wd.c.refund_state == RefundState.PENDING.value)
            .order_by(wd.c.requested_at).limit(limit))
        return [_withdrawal(row) for row in rows]
