"""How often members were shown in search results today (issue 29.3)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from typing import Protocol


class Impressions(Protocol):
    def shown(self, member_ids: Collection[int], day: date) -> dict[int, int]:
        """Times each of these members was shown on ``day`` (absent: never); may lag
        a few seconds behind ``count``."""
        ...
    def pending(self, member_ids: Collection[int], day: date) -> dict[int, int]:
        """This process's counts of ``day`` not yet written: what ``shown`` adds to the
        stored ones (a search that read those with its cards adds only these)."""
        ...
    def count(self, member_ids: Collection[int], day: date) -> None:
        """These members were shown once more on ``day``."""
        ...
