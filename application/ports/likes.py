"""Likes, matches and swipes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

import attrs

from application.ports.discovery import MemberCard


@attrs.frozen
class LikeRecord:
    liker_id: int
    liked_id: int
    at: datetime
    is_new: bool
    modal_shown: bool
    match_seen: bool


@attrs.frozen
class GivenLike:
    """A member the viewer likes, and whether they like the viewer back."""

    card: MemberCard
    liked_at: datetime
    likes_me: bool
    match_seen: bool


@attrs.frozen
class ReceivedLike:
    """A member who likes the viewer, and whether the viewer likes them back."""

    card: MemberCard
    liked_at: datetime
    like_new: bool  # the viewer has not opened their profile since
    liked_back: bool


class LikesRepository(Protocol):
    def get(self, liker: int, liked: int) -> LikeRecord | None: ...
    def liked_among(self, liker: int, members: Sequence[int]) -> set[int]:
        """Which of ``members`` the liker likes."""
        ...
    def add(self, liker: int, liked: int, at: datetime, match_seen: bool) -> None: ...
    def remove(self, liker: int, liked: int) -> None: ...
    def update(self, liker: int, liked: int, **flags: bool) -> None: ...
    def swiped(self, member: int, target: int) -> bool: ...
    def swipe(self, member: int, target: int, liked: bool, at: datetime) -> None: ...
    def swipe_likes_between(self, member: int, start: datetime, end: datetime) -> int: ...


class LikeQueries(Protocol):
    """Read only: the likes lists, the likes badge and the like modal's next like."""

    def given(self, member_id: int) -> list[GivenLike]:
        """Members the member likes, newest like first."""
        ...
    def received(self, member_id: int) -> list[ReceivedLike]:
        """Members who like the member: new likes first, then newest first."""
        ...
    def new_likes(self, member_id: int) -> int: ...
    def next_for_modal(self, member_id: int, gender: str | None = None,
                       wanting: str | None = None) -> MemberCard | None:
        """The newest like the member has neither opened nor been offered in the modal
        (and not liked back), from a member of ``gender`` (None: either) whose sexuality
        wants a member of gender ``wanting`` (None: whatever they seek), as
        SearchQuery's fields of those names."""
        ...
