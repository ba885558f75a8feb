"""The operators' figures (read only)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.figures import MemberFigures, SignupFigures, Tally


class FiguresRepository(Protocol):
    """Counts for the operators' figures (domain.figures says what they mean)."""

    def paid(self, site_id: int | None, since: datetime, by: str | None) -> list[Tally]: ...
    def refunded(self, site_id: int | None, since: datetime, by: str | None
                 ) -> list[Tally]: ...
    def signups(self, site_id: int | None, since: datetime) -> list[SignupFigures]: ...
    def members(self, site_id: int | None, since: datetime, days: int
                ) -> list[MemberFigures]: ...
