"""When members were last seen with a live connection (issue 21.2's online status)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Protocol

from domain.privacy import SeenFacts


class LastSeen(Protocol):
    def seen(self, member_ids: Collection[int], at: datetime) -> None:
        """These members have a live connection now."""
        ...
    def facts(self, member_ids: Collection[int]) -> dict[int, SeenFacts]:
        """Each of these members' online switch and last live connection."""
        ...
