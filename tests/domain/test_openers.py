"""Opening lines: none proposing to meet goes to a fictional profile (issue 29.5)."""

from __future__ import annotations

from domain.openers import MEETING, Opener, openers_for

LINES = [Opener("a"), Opener("b"), Opener("date", frozenset({MEETING})), Opener("c"),
         Opener("d"), Opener("e"), Opener("f")]


def test_a_fictional_profile_is_offered_no_meeting() -> None:
    assert openers_for(LINES, real_member=False) == ["a", "b", "c", "d", "e"]


def test_a_real_member_gets_the_lines_in_their_order() -> None:
    assert openers_for(LINES, real_member=True) == ["a", "b", "date", "c", "d"]
