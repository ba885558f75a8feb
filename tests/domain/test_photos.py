"""The one photo rule (issue 14.2): who sees, who may buy, which photo."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.photos import (
    MAX_PIXELS,
    MAX_PIXELS_PER_BYTE,
    MIN_SIDE,
    RATIO_FREE_PIXELS,
    PhotoAccess,
    PhotoStatus,
    check_image_size,
    check_unlockable,
    photo_access,
)

statuses = st.sampled_from([s.value for s in PhotoStatus])


@given(own=st.booleans(), profile_open=st.booleans(), status=statuses,
       position=st.integers(-1, 30), viewer_paid=st.booleans(), unlocked=st.booleans())
def test_the_photo_rule(own: bool, profile_open: bool, status: str, position: int,
                        viewer_paid: bool, unlocked: bool) -> None:
    access = photo_access(own=own, profile_open=profile_open, status=status,
                          position=position, viewer_paid=viewer_paid, unlocked=unlocked)
    if own:
        assert access is PhotoAccess.OPEN
        return
    if not profile_open or status != PhotoStatus.ACTIVE:
        assert access is PhotoAccess.HIDDEN  # a block or an invisible member hides all
    if access is PhotoAccess.LOCKED:  # only what a free viewer has not bought, past the main
        assert not viewer_paid and not unlocked and position >= 1
    if position == 0 and access is not PhotoAccess.HIDDEN:
        assert access is PhotoAccess.OPEN  # the main photo is never locked
    if viewer_paid and access is not PhotoAccess.HIDDEN:
        assert access is PhotoAccess.OPEN
    # Only a locked photo can be bought.
    if access is PhotoAccess.LOCKED:
        check_unlockable(access)
    else:
        with pytest.raises(DomainError):
            check_unlockable(access)


def test_refusals_say_why() -> None:
    with pytest.raises(DomainError) as hidden:
        check_unlockable(PhotoAccess.HIDDEN)
    with pytest.raises(DomainError) as open_:
        check_unlockable(PhotoAccess.OPEN)
    assert (hidden.value.code, open_.value.code) == ("photo_not_found", "photo_already_open")


@given(width=st.integers(1, 20_000), height=st.integers(1, 20_000),
       file_bytes=st.integers(1, 15 * 1024 * 1024))
def test_image_sizes_are_judged_from_the_header(width: int, height: int,
                                                file_bytes: int) -> None:
    """Every picture allowed to decode is at most MAX_PIXELS, and a large one packs no
    more than MAX_PIXELS_PER_BYTE pixels into a byte of the upload."""
    pixels = width * height
    try:
        check_image_size(width, height, file_bytes)
    except DomainError as refused:
        flood = pixels > MAX_PIXELS or (pixels > RATIO_FREE_PIXELS
                                        and pixels / file_bytes > MAX_PIXELS_PER_BYTE)
        assert refused.code == ("photo_too_many_pixels" if flood else "photo_too_small")
        assert flood or min(width, height) < MIN_SIDE
    else:
        assert pixels <= MAX_PIXELS and min(width, height) >= MIN_SIDE
        assert pixels <= RATIO_FREE_PIXELS or pixels <= file_bytes * MAX_PIXELS_PER_BYTE


def test_the_reviewers_flood_and_a_camera_photo() -> None:
    with pytest.raises(DomainError, match="photo_too_many_pixels"):
        check_image_size(6300, 6300, 52_285)
    check_image_size(6000, 4000, 4_000_000)  # a 24 MP camera JPEG
    check_image_size(1200, 1200, 2_000)  # small and flat: cheap to decode anyway
