"""Where a member comes in lists (domain.discovery.Listing), stored with the member so a
search walks one index range per listing. Every use case that changes what the listing
depends on (the active main photo, the profile) calls ``relist`` in its unit of work."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs

from application.ports.discovery import MemberCard, SearchQuery
from application.ports.shared_units import ListingUnit
from application.ports.units import SocialUnit
from domain.discovery import (
    SEARCH_ORDER,
    Listing,
    listing_of,
)
from domain.photos import PhotoStatus

Card = TypeVar("Card", bound=MemberCard)


def relist(uow: ListingUnit, *member_ids: int) -> None:
    """Stores each member's listing as their photos and profile stand in this unit of
    work."""
    for member_id in dict.fromkeys(member_ids):
        member = uow.members.get(member_id)
        if member is None:  # erased (no profile left) or no such member: nothing to show
            uow.discovery.relist(member_id, Listing.NO_PHOTO)
            continue
        main = uow.photos.main_of(member_id)
        has_photo = main is not None and main.status is PhotoStatus.ACTIVE
        uow.discovery.relist(member_id, listing_of(has_photo, member.profile))


def listed(uow: SocialUnit, fetch: Callable[[SearchQuery, int, int], list[Card]],
           query: SearchQuery, limit: int, offset: int = 0,
           order: tuple[Listing, ...] = SEARCH_ORDER) -> list[Card]:
    """Up to ``limit`` members in listing order, each listing newest first: one query per
    listing, each walking that listing's range of the index (the listing is stored with
    the member, application.shared.listings) backwards by id and stopping after the page,
    instead of one sort of every match. A cursor (``query.before_id``) resumes in its member's
    listing; an offset skips whole listings by counting them (no further than needed)."""
    start = 0
    if query.before_id is not None:
        place = uow.discovery.listing(query.before_id)
        start = order.index(place) if place in order else 0
    found: list[Card] = []
    for position, listing in enumerate(order[start:]):
        part = attrs.evolve(query, listing=listing,
                            before_id=query.before_id if position == 0 else None)
        if offset:
            in_listing = uow.discovery.count(part, at_most=offset + 1)
            if in_listing <= offset:
                offset -= in_listing
                continue
        found += fetch(part, limit - len(found), offset)
        offset = 0
        if len(found) >= limit:
            break
    return found
