"""Suggested opening lines (icebreakers) and which of them may be offered to whom.

A fictional profile is run by the site's team and cannot be met (the site's own warning
says so): a line that proposes meeting in person ("Coffee or wine on a first date?") would
sell a date that will never happen, at the price of a message. Such lines carry the tag
MEETING and are offered only to real members."""

from __future__ import annotations

import attrs

MEETING = "meeting"  # the line proposes meeting in person: a date, a drink, a walk
OFFERED = 5  # how many lines an empty conversation shows


@attrs.frozen
class Opener:
    text: str  # with a {name} placeholder the client fills in
    tags: frozenset[str] = frozenset()


def openers_for(lines: list[Opener], *, real_member: bool) -> list[str]:
    """The first OFFERED lines that fit the other member, in the catalogue's order: a line
    proposing to meet only to a member known to be real."""
    fitting = [line.text for line in lines if real_member or MEETING not in line.tags]
    return fitting[:OFFERED]
