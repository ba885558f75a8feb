"""The one photo rule (issue 14.2): who sees, who may buy, which photo."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.photos import PhotoAccess, PhotoStatus, check_unlockable, photo_access

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
