"""A search's results as the member gets them (spec section 4): the page of cards with the
filters it applied, and how the nearest members are found ring by ring."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.discovery import FoundCard, Near, SearchQuery
from application.ports.units import SocialUnit
from application.shared.cards import PublicCard
from domain.discovery import PAGE_SIZE, SearchFilters
from domain.distance import RADII_KM, haversine_km, shown_km
from domain.members import Member, age_on
from domain.privacy import ONLINE_WINDOW
from domain.ranking import shared_interests


@attrs.frozen
class ShownFilters:
    """The filters a search ran with: the member's own, or the defaults their profile
    gives (domain.matching.search_defaults, near them) when they chose none."""

    gender: str | None
    country: str | None
    region: str | None
    min_age: int
    max_age: int
    distance_km: int | None  # None: anywhere
    order: str  # as applied: best and nearest need a member with a known place
    online: bool
    everyone: bool
    # The two-way rule applied: only members whose own wishes include the viewer.
    mutual: bool
    # The default radius found too few members: the search looked wider (distance_km).
    widened_from_km: int | None
    # The viewer's place has a position: distances and nearest first are on offer.
    located: bool

    @classmethod
    def of(cls, filters: SearchFilters, mutual: bool, located: bool,
           widened_from_km: int | None = None) -> ShownFilters:
        return cls(filters.gender, filters.country, filters.region, filters.min_age,
                   filters.max_age, filters.distance_km, filters.order.value, filters.online,
                   filters.everyone, mutual, widened_from_km, located)


@attrs.frozen
class SearchCard(PublicCard):
    """A search result, and what its one line of why it is shown says (issue 29.3)."""

    distance_km: int | None  # rounded (domain.distance.shown_km); None: not known
    shared_interests: list[str]  # the viewer's interests the member has too (up to 2)
    online: bool | None  # online now; None when not known or not shared (quiet mode)

    @classmethod
    def of_found(cls, card: FoundCard, viewer: Member | None, now: datetime) -> SearchCard:
        online = None
        if viewer is not None and viewer.show_online and card.active_at is not None:
            online = now - card.active_at <= ONLINE_WINDOW
        # Built at once, not through PublicCard.of and asdict: a page has 24 to 48 cards.
        return cls(id=card.id, name=card.name, gender=card.gender,
                   age=age_on(card.birth_date, now.date()), country=card.country,
                   region=card.region, city=card.city, is_fictional=card.is_fictional,
                   main_image=card.main_image,
                   distance_km=None if card.km is None else shown_km(card.km),
                   shared_interests=shared_interests(viewer.profile.interests, card.interests)
                   if viewer else [], online=online)


@attrs.frozen
class SearchPage:
    filters: ShownFilters
    results: list[SearchCard]
    num_results: int  # at most the count cap
    num_results_capped: bool  # more match than that
    page: int
    pages: int
    next: int | None  # the cursor (after=) of the next page, if there is one
    similar: list[SearchCard]  # a relaxed search's members, when few match
    # Whom of those shown (results and similar) the viewer likes: the cards' hearts show
    # right with the page, without waiting for the likes lists.
    liked: list[int] = attrs.field(factory=list)


@attrs.frozen
class FoundPage:
    """A page of results as found, before it becomes cards."""

    cards: list[FoundCard]
    more: bool
    next: int | None

    @classmethod
    def cut(cls, cards: list[FoundCard]) -> FoundPage:
        """A page from one card more than a page: whether a next page exists, and its
        cursor (the page's last member)."""
        more = len(cards) > PAGE_SIZE
        return cls(cards[:PAGE_SIZE], more, cards[PAGE_SIZE - 1].id if more else None)


@attrs.frozen
class LikeState:
    liked_by_me: bool
    likes_me: bool
    match: bool


# The radii on offer, then wider ones for "anywhere": a page far down the list (the
# 12,000th member) is still sorted within a ring, not among every member of the site.
RINGS_KM = (*RADII_KM, 500, 1000, 2500)
# The database and Python may round the same distance apart in the last digits.
RING_MARGIN_KM = 1.0


def _passed_km(query: SearchQuery) -> float:
    """How far out the cursor's member is (less a margin for the database's rounding):
    a ring within that holds nobody after them, and is not counted. Each ring left out
    spared PostgreSQL planning its count (a page far down: 11.7 ms of planning for the
    eight rings), though not reading it (issue 36.2)."""
    if query.farther_than is None or query.cursor_at is None or query.near is None:
        return 0.0
    centre, cursor = query.near.centre, query.cursor_at
    return haversine_km(centre.lat, centre.lon, cursor.lat, cursor.lon) - RING_MARGIN_KM


def nearest(uow: SocialUnit, query: SearchQuery, limit: int, offset: int,
            at_most: int) -> tuple[list[FoundCard], int]:
    """Nearest first: the smallest radius on offer that holds the page (counted, up to
    the page) is sorted by distance instead of every member the search finds; members
    within a radius are all nearer than those outside it, so the page is the same.
    Counted in one query with the search's own count (up to ``at_most``), which leaves
    the cursor out (``farther_than``: the rings count only the members after it)."""
    near = query.near
    assert near is not None
    rings = [attrs.evolve(query, near=Near(near.centre, radius)) for radius in RINGS_KM
             if (near.radius_km is None or radius < near.radius_km)
             and radius >= _passed_km(query)]
    whole = attrs.evolve(query, farther_than=None)
    counted, *in_rings = uow.discovery.counts([whole, *rings],
                                              [at_most] + [offset + limit] * len(rings))
    ring = next((ring for ring, count in zip(rings, in_rings, strict=True)
                 if count >= offset + limit), query)
    return uow.discovery.nearest(ring, limit, offset), counted
