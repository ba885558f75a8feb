"""Likes and matches, and the swipe game's daily allowance (spec sections 4, 6, 7 and 9).

A like is one member's interest in another; a match is two likes that meet. Only
likes that members actually gave exist: nothing here invents one.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import attrs

from domain.discovery import findable
from domain.errors import DomainError
from domain.members import Member

SWIPE_LIKES_PER_DAY = 4


def check_like(liker: Member, target: Member, blocked_either_way: bool,
               target_liked_liker: bool) -> None:
    """Whom a member may like: not themselves, nobody behind a block, and only members
    others may see, unless that member made first contact (an invisible member's like)."""
    if liker.id == target.id:
        raise DomainError("cannot_like_self")
    if blocked_either_way:
        raise DomainError("member_not_found")
    first_contact = target_liked_liker and findable(attrs.evolve(target, invisible=False))
    if not findable(target) and not first_contact:
        raise DomainError("member_not_found")


def is_match(liked_by_me: bool, likes_me: bool) -> bool:
    """A match exists exactly while both members like each other."""
    return liked_by_me and likes_me


@attrs.frozen
class SwipeDay:
    """One day of the swipe game in the site's time zone, as UTC instants."""

    start: datetime
    reset_at: datetime

    def __contains__(self, moment: datetime) -> bool:
        return self.start <= moment < self.reset_at


def swipe_day(now: datetime, zone: str) -> SwipeDay:
    """The local calendar day around ``now``: from local midnight to the next one.
    Days are 23 or 25 hours long when clocks change; the local date decides."""
    local_zone = ZoneInfo(zone)
    today = now.astimezone(local_zone).date()
    start = datetime.combine(today, time(), tzinfo=local_zone).astimezone(UTC)
    reset = datetime.combine(today + timedelta(days=1), time(), tzinfo=local_zone)
    return SwipeDay(start=start, reset_at=reset.astimezone(UTC))


@attrs.frozen
class SwipeAllowance:
    limit: int
    used: int
    reset_at: datetime

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)

    def check(self) -> None:
        """A like in the game needs one left today; else wait until the reset."""
        if self.remaining == 0:
            raise DomainError("swipe_out_of_likes", resets_at=self.reset_at.isoformat())
