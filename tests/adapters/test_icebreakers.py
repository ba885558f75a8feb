"""The opening lines' catalogue: every language tags the lines that propose meeting, so
none of them reaches a fictional profile (issue 29.5), and the line that claims common
ground, so it reaches only a member who shares an interest (issue 29)."""

from __future__ import annotations

import json
from pathlib import Path

from adapters.texts.icebreakers import JsonIcebreakers
from domain.locales import LOCALE_CODES
from domain.openers import COMMON, MEETING, OFFERED, openers_for

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
        assert any(COMMON in line.tags for line in lines)
        for real in (True, False):
            for in_common in (True, False):
                offered = openers_for(lines, real_member=real, in_common=in_common)
                assert len(offered) == OFFERED


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


def test_the_common_ground_line_is_tagged_in_every_language() -> None:
    # "I noticed we have something in common" and its translations.
    raw = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    common = ("in common", "gemeen", "gemeinsam", "til fælles", "en común", "yhteistä",
              "point commun", "in comune", "til felles", "wspólnego", "gemensamt")
    for code, entries in raw.items():
        claims = [entry for entry in entries if any(words in entry["text"].lower()
                                                    for words in common)]
        assert claims, code
        assert all(COMMON in entry.get("tags", ()) for entry in claims), code
