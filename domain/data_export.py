"""A member's copy of their data (issue 21.1): when it may be downloaded, and when it is
too large to build while the member waits."""

from __future__ import annotations

from datetime import datetime, timedelta

from domain.errors import DomainError

# The password typed again on the settings page opens the download for this long.
RECONFIRM_WINDOW = timedelta(minutes=10)
# A large copy is built by a job and mailed as a link that works once, for a day.
LINK_LIFETIME = timedelta(hours=24)
LARGE_PHOTOS = 10  # image files are most of a copy's size and building time
LARGE_MESSAGES = 5000


def check_reconfirmed(confirmed_at: datetime | None, now: datetime) -> None:
    if confirmed_at is None or now - confirmed_at > RECONFIRM_WINDOW:
        raise DomainError("password_confirmation_required")


def built_by_job(photos: int, messages: int) -> bool:
    """Too large to zip within the request: the member gets a mail instead."""
    return photos > LARGE_PHOTOS or messages > LARGE_MESSAGES
