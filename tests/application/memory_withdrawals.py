"""In-memory withdrawals (issue 34.2): one an order, as the primary key keeps it."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import attrs

from application.ports.withdrawals import RefundState, Withdrawal
from tests.application.memory_store import MemoryStore


class MemoryWithdrawals:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    @property
    def _rows(self) -> dict[int, Withdrawal]:
        return self.store.withdrawals

    def claim(self, withdrawal: Withdrawal) -> bool:
        if withdrawal.order_id in self._rows:
            return False
        self._rows[withdrawal.order_id] = withdrawal
        return True

    def get(self, order_id: int) -> Withdrawal | None:
        return self._rows.get(order_id)

    def of_orders(self, order_ids: Iterable[int]) -> dict[int, Withdrawal]:
        return {i: self._rows[i] for i in order_ids if i in self._rows}

    def refunded(self, order_id: int, at: datetime) -> bool:
        found = self._rows.get(order_id)
        if found is None or found.refund_state is not RefundState.PENDING:
            return False
        self._rows[order_id] = attrs.evolve(found, refund_state=RefundState.REFUNDED,
                                            refunded_at=at)
        return True

    def failed(self, order_id: int, error: str) -> None:
        found = self._rows[order_id]
        self._rows[order_id] = attrs.evolve(found, attempts=found.attempts + 1,
                                            last_error=error[:500])

    def pending(self, limit: int = 100) -> list[Withdrawal]:
        waiting = [w for w in self._rows.values() if w.refund_state is RefundState.PENDING]
        return sorted(waiting, key=lambda w: w.requested_at)[:limit]
