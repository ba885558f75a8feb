"""What the scam shield words for members: the facts of its automated decisions."""

from __future__ import annotations

from typing import Protocol


class ShieldTexts(Protocol):
    def facts(self, code: str, language: str, **values: str | int) -> str:
        """The facts of an automated decision (`code`, e.g. "flagged_sends"), in the
        member's language, with `values` filled in."""
        ...
