"""Suggested opening lines for an empty conversation, in the member's language, each with
its tags (domain.openers: "meeting" marks a line that proposes meeting in person)."""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Any

from domain.locales import pick_text
from domain.openers import Opener

_FILE = Path(__file__).with_name("icebreakers.json")


def _opener(entry: dict[str, Any]) -> Opener:
    return Opener(text=entry["text"], tags=frozenset(entry.get("tags", ())))


class JsonIcebreakers:
    @cached_property
    def _lines(self) -> dict[str, list[Opener]]:
        raw: dict[str, list[dict[str, Any]]] = json.loads(_FILE.read_text(encoding="utf-8"))
        return {code: [_opener(entry) for entry in entries] for code, entries in raw.items()}

    def lines(self, language: str) -> list[Opener]:
        """Lines with a {name} placeholder the client fills in with the other's name."""
        chosen = pick_text({code: code for code in self._lines}, language)
        return list(self._lines.get(chosen, self._lines["en"]))
