"""Where a member comes in lists (domain.discovery.Listing), stored with the member so a
search walks one index range per listing. Every use case that changes what the listing
depends on (the active main photo, the profile) calls ``relist`` in its unit of work."""

from __future__ import annotations

from application.ports.shared_units import ListingUnit
from domain.discovery import Listing, listing_of
from domain.photos import PhotoStatus


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
