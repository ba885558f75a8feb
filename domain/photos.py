"""Photo rules: how many a member may have, and who sees which."""

from __future__ import annotations

from enum import StrEnum

from domain.errors import DomainError

FREE_PHOTOS = 3
PREMIUM_PHOTOS = 25
MAX_UPLOAD_BYTES = 15 * 1024 * 1024
# 24 megapixels (a good camera) decode to 72 MB; beyond that it is a decompression bomb.
MAX_PIXELS = 24_000_000
MIN_SIDE = 200
# Photos pack a few dozen pixels into a byte, flat pictures a few hundred; a bomb packs
# more (a 52 KB PNG of 40 MP: 760). Small pictures decode cheaply whatever they pack.
MAX_PIXELS_PER_BYTE = 250
RATIO_FREE_PIXELS = 4_000_000


class PhotoStatus(StrEnum):
    PENDING = "pending"
    ACTIVE = "active"
    REJECTED = "rejected"
    # Matches a block-listed photo or another member's (issue 31.3): only its owner sees
    # it, with the decision that holds it, until an operator approves or rejects it.
    HELD = "held"
    # Taken away by an operator's decision (issue 32.2, photo_removed): nobody sees it, its
    # owner neither (the decision tells them why); the file stays for an appeal, which puts
    # the photo back.
    REMOVED = "removed"


def photo_limit(paid_user: bool) -> int:
    """Spec sections 1 and 5: 3 photos for free members, 25 for premium ones."""
    return PREMIUM_PHOTOS if paid_user else FREE_PHOTOS


def check_photo_room(photos_kept: int, paid_user: bool) -> None:
    limit = photo_limit(paid_user)
    if photos_kept >= limit:
        raise DomainError("photo_limit_reached", max=limit)


def check_image_size(width: int, height: int, file_bytes: int) -> None:
    """The header's dimensions against the upload's size, before any pixel is decoded."""
    pixels = width * height
    if pixels > MAX_PIXELS or (pixels > RATIO_FREE_PIXELS
                               and pixels > file_bytes * MAX_PIXELS_PER_BYTE):
        raise DomainError("photo_too_many_pixels")
    if min(width, height) < MIN_SIDE:
        raise DomainError("photo_too_small", min=MIN_SIDE)


def check_may_be_main(status: str) -> None:
    """Only an approved photo may be chosen as the main one: it is the face on every card,
    and a photo under review would leave the profile without one until it is approved (a
    first upload is still the main one while it waits: there is no other)."""
    if status == PhotoStatus.REJECTED:
        raise DomainError("photo_rejected")
    if status == PhotoStatus.PENDING:
        raise DomainError("photo_pending")
    if status == PhotoStatus.HELD:
        raise DomainError("photo_held")
    if status == PhotoStatus.REMOVED:
        raise DomainError("photo_not_found")  # no longer the member's to choose


def kept_by_owner(status: str) -> bool:
    """Whether the photo is still the member's own (their profile shows it, it counts
    towards their limit): all but one an operator removed."""
    return status != PhotoStatus.REMOVED


def check_removable(status: str) -> None:
    """Any photo may be taken away (approved, waiting, held, rejected), once."""
    if status == PhotoStatus.REMOVED:
        raise DomainError("photo_already_removed")


def back_from_removal(before: str) -> PhotoStatus:
    """The status a removed photo gets back when the removal is lifted: an approved photo
    is approved again; any other goes back to review, as every upload does (a hold or a
    rejection before the removal ended with it)."""
    return PhotoStatus.ACTIVE if before == PhotoStatus.ACTIVE else PhotoStatus.PENDING


def visible_to_others(status: str) -> bool:
    """Others see active photos only; the owner also sees pending ones (marked)."""
    return status == PhotoStatus.ACTIVE


class PhotoAccess(StrEnum):
    HIDDEN = "hidden"  # not there for this viewer: answered as not found, never sold
    OPEN = "open"
    LOCKED = "locked"  # shown locked; the viewer may buy it open with credits


OPEN_TO_FREE_VIEWERS = 1  # the main photo, first in the member's order, is never locked


def photo_access(*, own: bool, profile_open: bool, status: str, position: int,
                 viewer_paid: bool, unlocked: bool) -> PhotoAccess:
    """The one rule for who sees which photo, used by the profile, its gallery and the
    unlock. ``profile_open``: the viewer may see the member's profile at all (same or
    sharing site, no block, findable or made first contact). ``position``: the photo's
    place among the member's photos others see (0 is the main photo). Owners see their
    own; others see active photos of profiles open to them; free viewers see the main
    photo and those they unlocked, premium viewers all."""
    if own:
        return PhotoAccess.OPEN
    if not profile_open or not visible_to_others(status) or position < 0:
        return PhotoAccess.HIDDEN
    if viewer_paid or unlocked or position < OPEN_TO_FREE_VIEWERS:
        return PhotoAccess.OPEN
    return PhotoAccess.LOCKED


def open_to_anyone(status: str, position: int) -> bool:
    """Whether a photo's file may go to whoever asks for it by name: the photo every
    viewer of an open profile gets (photo_access), the main photo, which every card, like
    and lander shows, to visitors too. Any other photo (locked to some, waiting for
    review, rejected) goes only to a viewer the rule let see it. ``position`` as for
    photo_access (-1: not among the photos others see)."""
    return photo_access(own=False, profile_open=True, status=status, position=position,
                        viewer_paid=False, unlocked=False) is PhotoAccess.OPEN


def check_unlockable(access: PhotoAccess) -> None:
    """Only a locked photo can be bought: a hidden one does not exist for the viewer, an
    open one costs nothing to see."""
    if access is PhotoAccess.HIDDEN:
        raise DomainError("photo_not_found")
    if access is PhotoAccess.OPEN:
        raise DomainError("photo_already_open")
