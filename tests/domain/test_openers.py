"""Opening lines: none proposing to meet goes to a fictional profile (issue 29.5), and
none claiming common ground goes to a member who shares no interest (issue 29)."""

from __future__ import annotations

from domain.openers import COMMON, MEETING, Opener, openers_for

LINES = [Opener("a"), Opener("b"), Opener("date", frozenset({MEETING})), Opener("c"),
         Opener("same", frozenset({COMMON})), Opener("d"), Opener("e"), Opener("f")]


def test_a_fictional_profile_is_offered_no_meeting() -> None:
    assert openers_for(LINES, real_member=False, in_common=True) == ["a", "b", "c", "same", "d"]


def test_a_real_member_gets_the_lines_in_their_order() -> None:
    assert openers_for(LINES, real_member=True, in_common=True) == ["a", "b", "date", "c",
                                                                    "same"]


def test_common_ground_only_when_the_two_share_an_interest() -> None:
    assert openers_for(LINES, real_member=True, in_common=False) == ["a", "b", "date", "c", "d"]
    assert openers_for(LINES, real_member=False, in_common=False) == ["a", "b", "c", "d", "e"]
