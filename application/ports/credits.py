"""The credit ledger."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.credits import EntryKind, LedgerEntry


class LedgerRepository(Protocol):
    def balance(self, member_id: int) -> int: ...
    def find(self, member_id: int, key: str) -> LedgerEntry | None: ...
    def apply(self, member_id: int, kind: EntryKind, change: int, key: str, reason: str,
              at: datetime) -> LedgerEntry | None:
        """Book the change; None (nothing booked) if the balance would go negative."""
        ...
    def entries(self, member_id: int, limit: int = 500) -> list[LedgerEntry]: ...
    def lots(self, member_id: int) -> list[LedgerEntry]:
        """The entries that added credits, and the take-backs, oldest first: what tells
        which credits of an order are unused (domain.withdrawal.unused_credits)."""
        ...
