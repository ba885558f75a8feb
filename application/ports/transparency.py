"""What the transparency report counts, read in aggregate (issue 30.6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

import attrs


@attrs.frozen(kw_only=True)
class NoticeRow:
    category: str
    outcome: str | None  # None while open
    created_at: datetime
    resolved_at: datetime | None
    first_action_at: datetime | None  # the first decision taken on this notice


class TransparencyQueries(Protocol):
    def notices(self, site_id: int | None, start: datetime, end: datetime) -> list[NoticeRow]:
        """Notices received in [start, end)."""
        ...
    def appeals(self, site_id: int | None, start: datetime,
                end: datetime) -> Mapping[tuple[str, str], int]:
        """Appeals filed in [start, end) by the contested restriction and their status."""
        ...
    def active_members(self, site_id: int | None, start: datetime,
                       end: datetime) -> Mapping[str, int]:
        """Members active per calendar month ("2026-11"): a session began, they sent a
        message or liked someone that month, or were last seen in it (last_seen keeps only
        the latest moment, so the other sources tell about the months before)."""
        ...
    def posted_at(self, items: Sequence[tuple[str, str]]) -> Mapping[tuple[str, str], datetime]:
        """When each ("photo" | "message" | "member", id) was made; those gone are left
        out."""
        ...
