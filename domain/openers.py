"""Suggested opening lines (icebreakers) and which of them may be offered to whom.

A fictional profile is run by the site's team and cannot be met (the site's own warning
says so): a line that proposes meeting in person ("Coffee or wine on a first date?") would
sell a date that will never happen, at the price of a message. Such lines carry the tag
MEETING and are offered only to real members. Likewise a line saying the two have
something in common (COMMON) is offered only when they share an interest (issue 29)."""

from __future__ import annotations

import attrs

MEETING = "meeting"  # the line proposes meeting in person: a date, a drink, a walk
COMMON = "common"  # the line says the two have something in common
OFFERED = 5  # how many lines an empty conversation shows


@attrs.frozen
class Opener:
    text: str  # with a {name} placeholder the client fills in
    tags: frozenset[str] = frozenset()


def openers_for(lines: list[Opener], *, real_member: bool, in_common: bool) -> list[str]:
    """The first OFFERED lines that fit the other member, in the catalogue's order: a line
    proposing to meet only to a member known to be real, one claiming common ground only
    when the two share an interest."""
    fitting = [line.text for line in lines
               if (real_member or MEETING not in line.tags)
               and (in_common or COMMON not in line.tags)]
    return fitting[:OFFERED]
