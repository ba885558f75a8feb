"""Best first (issue 29.3): the order search shows members in by default, and the one
line each card gives of why it is shown.

A candidate's fit for the viewer adds points for both wanting each other (the two-way
rule of domain.matching; "Everyone" lets the others in, with fewer points), shared
interests, an age within the viewer's range, being near, recent activity, and a photo
and a filled profile. Members without a photo still come after every face. Attention
is spread: a member shown more than IMPRESSION_CAP times today (in anyone's results)
comes after everyone under the cap, so the most popular members are not shown to
everyone all day. Fictional profiles come after every real member with a photo: they
may be shown, but never as anyone's best match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import Protocol, TypeVar

import attrs

from domain.discovery import Listing
from domain.matching import (
    AGE_POINTS,
    ORIENTATION_POINTS,
    Wishes,
    age_points,
    interest_points,
    wants,
)
from domain.members import Profile, age_on

# Times a member may be shown in search results a day before best-first demotes them:
# about 12 pages of results a day of some 25 searching members.
IMPRESSION_CAP = 300
NEAR_POINTS = 20
NEAR_KM = 10  # full points within this distance, none at FAR_KM
FAR_KM = 250
ACTIVE_POINTS = 15
PRESENTED_POINTS = {Listing.FILLED: 25, Listing.PHOTO: 15, Listing.NO_PHOTO: 0}
SHARED_SHOWN = 2  # shared interests a card names
_DAY, _WEEK = timedelta(days=1), timedelta(days=7)


@attrs.frozen
class Candidate:
    """What best-first reads of a member found by a search."""

    id: int
    gender: str
    sexuality: str
    birth_date: date
    country: str
    region: str | None
    interests: tuple[str, ...]
    listing: Listing
    is_fictional: bool
    km: float | None = None  # from the viewer's cell to theirs; None: either unknown
    active_at: datetime | None = None  # last seen, when they show it
    shown_today: int = 0  # impressions today


class Ranked(Protocol):
    """What best first reads of a candidate: a Candidate, or a search's card as found
    (a Candidate built for each of a search's 72 cost 2.7 us)."""

    @property
    def id(self) -> int: ...
    @property
    def gender(self) -> str: ...
    @property
    def sexuality(self) -> str: ...
    @property
    def birth_date(self) -> date: ...
    @property
    def country(self) -> str: ...
    @property
    def region(self) -> str | None: ...
    @property
    def interests(self) -> tuple[str, ...]: ...
    @property
    def listing(self) -> Listing: ...
    @property
    def is_fictional(self) -> bool: ...
    @property
    def km(self) -> float | None: ...
    @property
    def active_at(self) -> datetime | None: ...


def near_points(viewer: Profile, candidate: Ranked) -> int:
    if candidate.km is None:  # no position: the same country or region counts a little
        if candidate.country != viewer.country:
            return 0
        return NEAR_POINTS // 2 if viewer.region and viewer.region == candidate.region \
            else NEAR_POINTS // 4
    if candidate.km <= NEAR_KM:
        return NEAR_POINTS
    return max(0, round(NEAR_POINTS * (FAR_KM - candidate.km) / (FAR_KM - NEAR_KM)))


def active_points(active_at: datetime | None, now: datetime) -> int:
    if active_at is None:
        return 0
    if now - active_at <= _DAY:
        return ACTIVE_POINTS
    return ACTIVE_POINTS // 2 if now - active_at <= _WEEK else 0


def fit(viewer: Profile, candidate: Ranked, now: datetime,
        wishes: Wishes | None = None) -> int:
    """How well the candidate fits the viewer, 0-140 (``wishes``: the viewer's, when
    already at hand)."""
    mine, theirs = wants(viewer, candidate.gender), wants(candidate, viewer.gender)
    orientation = ORIENTATION_POINTS if mine and theirs else ORIENTATION_POINTS // 3 \
        if mine or theirs else 0
    today = now.date()
    wishes = wishes or Wishes.of(viewer, today)
    age = age_points(wishes, age_on(candidate.birth_date, today))
    return (orientation + interest_points(viewer.interests, candidate.interests)
            + min(age, AGE_POINTS) + near_points(viewer, candidate)
            + active_points(candidate.active_at, now) + PRESENTED_POINTS[candidate.listing])


def tier(candidate: Ranked, shown_today: int,
         cap: int = IMPRESSION_CAP) -> tuple[bool, bool, bool]:
    """Photo-less members after everyone with a photo (as the photo nudge promises,
    issue 19.1), fictional profiles after the real members, members past today's cap
    after the others; fit orders within."""
    return (candidate.listing is Listing.NO_PHOTO, candidate.is_fictional,
            shown_today >= cap)


def best_first(viewer: Profile, candidates: Sequence[Candidate], now: datetime,
               cap: int = IMPRESSION_CAP) -> list[Candidate]:
    """The candidates in best-first order: by tier, then fit; ties keep newer members
    first."""
    shown_today = {candidate.id: candidate.shown_today for candidate in candidates}
    return ranked_best_first(viewer, candidates, shown_today, now, cap)


Found = TypeVar("Found", bound=Ranked)


def ranked_best_first(viewer: Profile, candidates: Sequence[Found],
                      shown_today: Mapping[int, int], now: datetime,
                      cap: int = IMPRESSION_CAP) -> list[Found]:
    """best_first of candidates of any kind, with their impressions today by id."""
    wishes = Wishes.of(viewer, now.date())
    scored = [(tier(candidate, shown_today.get(candidate.id, 0), cap),
               -fit(viewer, candidate, now, wishes), -candidate.id, candidate)
              for candidate in candidates]
    scored.sort(key=lambda entry: entry[:3])
    return [entry[3] for entry in scored]


Card = TypeVar("Card")


def real_first(cards: list[Card], fictional: Sequence[bool]) -> list[Card]:
    """A page whose first card is a real member whenever it has one: a fictional profile
    never tops a search, whatever the order."""
    first_real = next((index for index, flag in enumerate(fictional) if not flag), None)
    if not first_real:  # already real first, or nothing real on the page
        return cards
    return [cards[first_real], *cards[:first_real], *cards[first_real + 1:]]


def shared_interests(mine: Sequence[str], theirs: Sequence[str]) -> list[str]:
    """The interests both have, in the viewer's order, as many as a card names."""
    both = set(theirs)
    return [interest for interest in mine if interest in both][:SHARED_SHOWN]
