"""Withdrawals from purchases (issue 34.2): one an order at most."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from enum import StrEnum
from typing import Protocol

import attrs


class RefundState(StrEnum):
    PENDING = "pending"  # kept, the gateway has not given the money back yet
    REFUNDED = "refunded"  # the gateway took the refund


@attrs.frozen(kw_only=True)
class Withdrawal:
    order_id: int
    member_id: int
    requested_at: datetime
    credits: int  # the unused credits taken back
    used: int  # the credits spent: kept, and paid for
    refund: int  # cents
    currency: str
    refund_state: RefundState = RefundState.PENDING
    refunded_at: datetime | None = None
    attempts: int = 0  # calls of the gateway that failed
    last_error: str | None = None


class WithdrawalRepository(Protocol):
    def claim(self, withdrawal: Withdrawal) -> bool:
        """Keep the withdrawal unless the order has one (two clicks, two requests racing:
        the second waits for the first's transaction and then finds its row); whether
        this one was kept."""
        ...
    def get(self, order_id: int) -> Withdrawal | None: ...
    def of_orders(self, order_ids: Iterable[int]) -> dict[int, Withdrawal]: ...
    def refunded(self, order_id: int, at: datetime) -> bool:
        """Mark the money given back, if it was still pending; whether it was."""
        ...
    def failed(self, order_id: int, error: str) -> None:
        """Count a failed call of the gateway and keep what it said."""
        ...
    def pending(self, limit: int = 100) -> list[Withdrawal]:
        """Withdrawals whose money has not gone back yet, oldest first (operators)."""
        ...
