"""The opening lines' catalogue: every language tags the lines that propose meeting, so
none of them reaches a fictional profile (issue 29.5)."""

from __future__ import annotations

import json
from pathlib import Path

from adapters.texts.icebreakers import JsonIcebreakers
from domain.locales import LOCALE_CODES
from domain.openers import MEETING, OFFERED, openers_for

CATALOGUE = Path(__file__).resolve().parents[2] / "adapters/texts/icebreakers.json"


def test_every_language_tags_the_same_lines_and_offers_a_full_set() -> None:
    raw = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    assert set(raw) == LOCALE_CODES
    tagged = {code: [tuple(entry.get("tags", ())) for entry in entries]
              for code, entries in raw.items()}
    assert all(tags == tagged["en"] for tags in tagged.values())
    store = JsonIcebreakers()
    for code in LOCALE_CODES:
        lines = store.lines(code)
        assert all("{name}" in line.text for line in lines)
        assert any(MEETING in line.tags for line in lines)
        for real in (True, False):
            assert len(openers_for(lines, real_member=real)) == OFFERED


def test_the_date_line_is_tagged_in_every_language() -> None:
    # The line the walk-through found ("Coffee or wine on a first date?") and its
    # translations: each names coffee and wine, and each is tagged.
    raw = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    coffee = ("coffee", "koffie", "kaffee", "kaffe", "café", "kahvia", "caffè", "kawa")
    for code, entries in raw.items():
        dates = [entry for entry in entries if any(word in entry["text"].lower()
                                                   for word in coffee)]
        assert dates, code
        assert all(MEETING in entry.get("tags", ()) for entry in dates), code
