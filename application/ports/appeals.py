"""Appeals against bans."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.appeals import Appeal, AppealStatus


class AppealRepository(Protocol):
    def add(self, appeal: Appeal) -> int:
        """Stores a new appeal (its id is ignored); AppealExists if this ban has one."""
        ...
    def get(self, appeal_id: int) -> Appeal | None: ...
    def open_for(self, decision_id: int) -> bool:
        """An appeal against this decision waits for an operator."""
        ...
    def for_ban(self, member_id: int, banned_at: datetime) -> Appeal | None: ...
    def of_member(self, member_id: int) -> list[Appeal]:
        """Every appeal of the member, newest first (the Decisions section shows each
        decision's latest)."""
        ...
    def recent(self, status: AppealStatus | None, limit: int) -> list[Appeal]:
        """Newest first."""
        ...
    def decide(self, appeal: Appeal) -> bool:
        """Writes the decision if the appeal is still open; False when another came first."""
        ...
