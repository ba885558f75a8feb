"""How often members were shown in search results today (issue 29.3)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from typing import Protocol


class Impressions(Protocol):
    def pending(self, member_ids: Collection[int], day: date) -> dict[int, int]:
        """This process's counts of ``day`` not yet written: a search reads the stored
        ones with its cards (SearchQuery.shown_on) and adds these."""
        ...
    def count(self, member_ids: Collection[int], day: date) -> None:
        """These members were shown once more on ``day``."""
        ...
