"""Decisions (statements of reasons) as the database keeps them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

import attrs

from domain.decisions import Decision, Restriction


@attrs.frozen(kw_only=True)
class DecisionFilter:
    member_id: int | None = None
    restriction: Restriction | None = None
    since: datetime | None = None
    until: datetime | None = None
    site_id: int | None = None
    in_force_only: bool = False
    limit: int = 100


class DecisionRepository(Protocol):
    def add(self, decision: Decision) -> int:
        """Stores a new decision (its id is ignored) and returns its id."""
        ...
    def get(self, decision_id: int) -> Decision | None: ...
    def of_member(self, member_id: int) -> Sequence[Decision]:
        """Newest first."""
        ...
    def find(self, where: DecisionFilter) -> Sequence[Decision]:
        """Newest first."""
        ...
    def lift(self, decision: Decision) -> bool:
        """Writes the lifting if the decision is still in force; False if another came first."""
        ...
    def in_force(self, member_id: int, restriction: Restriction,
                 item_id: str | None) -> Decision | None:
        """The newest decision of this kind on this item still in force, if any."""
        ...
    def anonymise(self, member_id: int) -> int:
        """Erasure: the member's decisions keep only what counts need (kind, ground,
        automation, dates, status); returns how many."""
        ...
