"""Photo rules: how many a member may have, and who sees which."""

from __future__ import annotations

from enum import StrEnum

from domain.errors import DomainError

FREE_PHOTOS = 3
PREMIUM_PHOTOS = 25
MAX_UPLOAD_BYTES = 15 * 1024 * 1024
MAX_PIXELS = 40_000_000  # a 40-megapixel camera; beyond that it is a decompression bomb
MIN_SIDE = 200


class PhotoStatus(StrEnum):
    PENDING = "pending"
    ACTIVE = "active"
    REJECTED = "rejected"


def photo_limit(paid_user: bool) -> int:
    """Spec sections 1 and 5: 3 photos for free members, 25 for premium ones."""
    return PREMIUM_PHOTOS if paid_user else FREE_PHOTOS


def check_photo_room(photos_kept: int, paid_user: bool) -> None:
    limit = photo_limit(paid_user)
    if photos_kept >= limit:
        raise DomainError("photo_limit_reached", max=limit)


def visible_to_others(status: str) -> bool:
    """Others see active photos only; the owner also sees pending ones (marked)."""
    return status == PhotoStatus.ACTIVE


def unlocked_photos(viewer_paid: bool, count: int) -> int:
    """Free members see the main photo; the rest stays locked until they are premium."""
    return count if viewer_paid else min(count, 1)
