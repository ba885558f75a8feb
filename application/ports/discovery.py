"""Searching members, blocks, and the regions a search may name."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

import attrs

from application.ports.photos import CardImage
from domain.discovery import Listing
from domain.distance import Box, Position, bounding_box, inner_box


@attrs.frozen
class SearchQuery:
    """A search as the repository runs it: filters already checked by the domain."""

    site_ids: tuple[int, ...]
    viewer_id: int | None
    born_from: date
    born_until: date
    gender: str | None = None
    country: str | None = None
    region: str | None = None
    exclude: tuple[int, ...] = ()
    # Keyset paging: only members listed after this one (ids below it, newest first).
    before_id: int | None = None
    # Keyset paging nearest first: only members after this one in that order (farther
    # from the centre, or as far and older: ids below it among equals; no position last).
    farther_than: int | None = None
    # The games leave out whom the viewer already liked, and (swipe game) already swiped.
    not_liked: bool = False
    not_swiped: bool = False
    # Only members of this listing (domain.discovery.Listing); None: all of them.
    listing: Listing | None = None
    # Two-way (issue 29.1): only members whose own sexuality wants a member of this gender
    # (the viewer's; domain.matching.sexualities_wanting); None: whatever they seek.
    wanting: str | None = None
    # Only fictional (True) or only real (False) members; None: both.
    fictional: bool | None = None
    # Within a radius of a position (issue 29.2): distances are from cell to cell.
    near: Near | None = None
    # Only members online since then who show it (domain.privacy.ONLINE_WINDOW).
    online_since: datetime | None = None
    # The members blocked either way with the viewer, when read before the search (a
    # Seeker's); None: the search looks them up itself.
    blocked: tuple[int, ...] | None = None
    # Read the cards' stored impressions of this day with them (best first, issue 29.3).
    shown_on: date | None = None
    # Where the farther_than member's cell is, when read before the search (a Seeker's):
    # nearest first then counts only the rings that reach past it (search_results).
    cursor_at: Position | None = None


@attrs.frozen
class Seeker:
    """What a member's search starts from: their place's position (None: not known) and
    the members blocked either way with them, read together in one round trip."""

    position: Position | None
    blocked: tuple[int, ...] = ()
    # Where the member a nearest-first page opens after is (``seeker``'s cursor).
    cursor: Position | None = None


@attrs.frozen
class Near:
    """Where a search measures from (the viewer's cell), and how far it looks (km;
    None: anywhere, measured all the same)."""

    centre: Position
    radius_km: float | None = None

    @property
    def box(self) -> Box | None:
        return None if self.radius_km is None else bounding_box(self.centre, self.radius_km)

    @property
    def inner(self) -> Box | None:
        """Where every member is within the radius (domain.distance.inner_box)."""
        return None if self.radius_km is None else inner_box(self.centre, self.radius_km)


@attrs.frozen
class MemberCard:
    """A member as lists show them: who, where, and their active main photo."""

    id: int
    name: str
    gender: str
    birth_date: date
    country: str
    region: str | None
    city: str | None
    is_fictional: bool
    main_image: CardImage | None


@attrs.frozen
class CandidateCard(MemberCard):
    """A card with the profile fields matching reads."""

    sexuality: str
    interests: tuple[str, ...]


@attrs.frozen
class FoundCard(CandidateCard):
    """A card as member search ranks and explains it (issue 29.3)."""

    listing: Listing
    km: float | None  # from the query's centre, cell to cell; None: no position
    active_at: datetime | None  # last seen with a live connection, when they show it
    liked: bool = False  # the viewer likes them (read with the page)
    # Times shown in search results on the query's shown_on day, as stored (read with the
    # page; Impressions.pending adds this process's counts not yet written).
    shown_today: int = 0


@attrs.frozen
class Counted:
    """A page of found members, and how many members the search finds in all."""

    cards: list[FoundCard]
    count: int  # counted no further than asked (at_most)


class DiscoveryRepository(Protocol):
    def search(self, query: SearchQuery, limit: int, offset: int) -> list[MemberCard]: ...
    def count(self, query: SearchQuery, at_most: int) -> int:
        """How many match, counting no further than ``at_most``."""
        ...
    def blocks(self, blocker: int, blocked: int) -> bool: ...
    def listing(self, member_id: int) -> Listing | None:
        """Where the member comes in lists now (a cursor's place); None: no such member."""
        ...
    def relist(self, member_id: int, listing: Listing) -> None:
        """Stores where the member comes in lists (application.shared.listings.relist)."""
        ...
    def block(self, blocker: int, blocked: int, at: datetime) -> None: ...
    def unblock(self, blocker: int, blocked: int) -> None: ...
    def found(self, query: SearchQuery, limit: int, offset: int) -> list[FoundCard]:
        """Like ``search``, newest first, with what ranking reads."""
        ...
    def found_counted(self, query: SearchQuery, limit: int, offset: int,
                      order: tuple[Listing, ...], at_most: int) -> Counted:
        """Up to ``limit`` members in listing order (``order``, each listing newest first)
        from ``query.before_id`` on (resuming in that member's listing), past ``offset``
        of them, with the count of
        every member the query finds without the cursor, up to ``at_most``: a search's
        page and its total, in one round trip where the database allows."""
        ...
    def found_first(self, queries: list[SearchQuery], limit: int,
                    order: tuple[Listing, ...]) -> list[FoundCard]:
        """Up to ``limit`` members: whom the first query finds, then whom only the next
        one finds, and so on, each query's in listing order (as ``found_counted``), no
        one twice; in one round trip where the database allows."""
        ...
    def counts(self, queries: list[SearchQuery], at_most: list[int]) -> list[int]:
        """``count`` of each query (up to its ``at_most``), in one round trip."""
        ...
    def nearest(self, query: SearchQuery, limit: int, offset: int) -> list[FoundCard]:
        """Members nearest to the query's centre first (newest first among equals)."""
        ...
    def seeker(self, member_id: int, cursor: int | None = None) -> Seeker:
        """Where the member's place is (their grid cell) and whom they block or are
        blocked by; with ``cursor``, where that member's place is too."""
        ...
    def candidates(self, query: SearchQuery, limit: int) -> list[CandidateCard]:
        """Cards (newest first) with the profile fields matching reads: sexuality,
        interests."""
        ...


class RegionCatalog(Protocol):
    """ISO 3166-2 first-level regions, named in a language."""

    def regions(self, country: str, language: str) -> list[tuple[str, str]]: ...
    def is_region(self, country: str, code: str) -> bool: ...
    def is_country(self, country: str) -> bool: ...
