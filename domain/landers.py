"""Landing pages (issue 9; spec sections 1, 2 and 4): which landers exist, and page
bounces per lander and traffic source when a lander is opened with ?lb."""

from __future__ import annotations

import re

import attrs

from domain.errors import DomainError

LANDERS = ("alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding",
           "socialnetwork", "transitionsvideolanding", "video", "tinderswipe",
           # The member landers: one member's page leading to signup.
           "member-landing", "member-signup", "member-landing2", "member-landing3")
_SOURCE = re.compile(r"^[\w.:-]{1,60}$")
DIRECT = "direct"  # a visit without a traffic source


def check_visit(lander: str, source: str | None) -> tuple[str, str]:
    """The lander and the traffic source of a visit, as stored (bad input refused)."""
    if lander not in LANDERS:
        raise DomainError("invalid_request", detail="lander")
    source = (source or "").strip() or DIRECT
    if not _SOURCE.match(source):
        raise DomainError("invalid_request", detail="source")
    return lander, source


@attrs.frozen
class BounceFigures:
    lander: str
    source: str
    visits: int
    engaged: int

    @property
    def bounces(self) -> int:
        return self.visits - self.engaged

    @property
    def rate(self) -> float:
        """Share of visits that left without doing anything (0 when none)."""
        return self.bounces / self.visits if self.visits else 0.0
