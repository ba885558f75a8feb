"""Searching members, blocks, and the regions a search may name."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

import attrs

from application.ports.photos import CardImage
from domain.discovery import Listing


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
        """Stores where the member comes in lists (application.listings.relist)."""
        ...
    def block(self, blocker: int, blocked: int, at: datetime) -> None: ...
    def unblock(self, blocker: int, blocked: int) -> None: ...
    def candidates(self, query: SearchQuery, limit: int) -> list[CandidateCard]:
        """Cards (newest first) with the profile fields matching reads: sexuality,
        interests."""
        ...


class RegionCatalog(Protocol):
    """ISO 3166-2 first-level regions, named in a language."""

    def regions(self, country: str, language: str) -> list[tuple[str, str]]: ...
    def is_region(self, country: str, code: str) -> bool: ...
    def is_country(self, country: str) -> bool: ...
