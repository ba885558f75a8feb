"""Suggested opening lines for an empty conversation, in the member's language."""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path

from domain.locales import pick_text

_FILE = Path(__file__).with_name("icebreakers.json")


class JsonIcebreakers:
    @cached_property
    def _lines(self) -> dict[str, list[str]]:
        return json.loads(_FILE.read_text(encoding="utf-8"))  # type: ignore[no-any-return]

    def lines(self, language: str) -> list[str]:
        """Lines with a {name} placeholder the client fills in with the other's name."""
        chosen = pick_text({code: code for code in self._lines}, language)
        return list(self._lines.get(chosen, self._lines["en"]))
