"""Appeals against decisions (a ban's from the ban page, any other from the web app)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import attrs

from domain.appeals import Appeal, AppealStatus
from domain.decisions import Restriction


@attrs.frozen
class ListedAppeal:
    """An appeal as operators list them: with the kind of decision it contests."""

    appeal: Appeal
    restriction: Restriction  # a ban's appeal from before decisions were kept: BAN


class AppealRepository(Protocol):
    def add(self, appeal: Appeal) -> int:
        """Stores a new appeal (its id is ignored); DomainError appeal_exists if its ban
        has one, or its decision an open one (a parallel appeal won the race)."""
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
    def recent(self, status: AppealStatus | None, limit: int,
               restriction: Restriction | None = None) -> list[ListedAppeal]:
        """Newest first; `restriction`: only appeals against that kind of decision."""
        ...
    def decide(self, appeal: Appeal) -> bool:
        """Writes the decision if the appeal is still open; False when another came first."""
        ...
