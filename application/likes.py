"""Like and unlike, the likes lists, the like modal's auto-like and match celebrations
(issue 5). The swipe game likes through ``like_member`` too."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.events import (
    EventBus,
    LikeWithdrawn,
    member_channel,
)
from application.ports.photos import CardImage
from application.ports.transaction import UnitFactory
from application.ports.units import SocialUnit
from application.shared.cards import LikedByCard, LikedCard
from application.shared.liking import LikeResult, like_event, like_member
from application.shared.lookups import existing_member
from application.shared.outbox import notify_later
from domain.matching import wanted_gender
from domain.members import Member, age_on


@attrs.frozen
class LikeLists:
    profiles: list[LikedCard]  # whom the viewer likes
    liked_by: list[LikedByCard]
    new_likes: int


@attrs.frozen
class ModalImage:
    match: str  # the photo
    thumb: str


@attrs.frozen
class AutoLike:
    """A like some member really gave, offered in the like modal."""

    id: int
    name: str
    age: int
    is_fictional: bool
    main_image: ModalImage | None


@attrs.frozen
class Likes:
    uow: UnitFactory[SocialUnit]
    clock: Clock
    events: EventBus

    def like(self, viewer: Member, member_id: int) -> LikeResult:
        now = self.clock.now()
        with self.uow() as uow:
            uow.members.lock(viewer.id)  # a double tap likes (and announces) once
            before = uow.likes.get(viewer.id, member_id)
            answer = like_member(uow, viewer, member_id, now)
            event = like_event(viewer, answer.match, now.date())
            if before is None:  # a like given again tells nobody again
                notify_later(uow, member_channel(member_id), event)
            uow.commit()
        if before is None:
            self.events.publish(member_channel(member_id), event)
        return answer

    def unlike(self, viewer: Member, member_id: int) -> None:
        """Unliking ends a match; the other member's like stays. Their open pages hear it
        (their lists and badge), but only when there was a like to take back."""
        with self.uow() as uow:
            existing_member(uow, member_id)
            taken_back = uow.likes.get(viewer.id, member_id) is not None
            uow.likes.remove(viewer.id, member_id)
            uow.commit()
        if taken_back:
            self.events.publish(member_channel(member_id), LikeWithdrawn(member=viewer.id))

    def lists(self, viewer: Member) -> LikeLists:
        today = self.clock.now().date()
        with self.uow() as uow:
            given = uow.like_queries.given(viewer.id)
            received = uow.like_queries.received(viewer.id)
        return LikeLists(profiles=[LikedCard.of_like(like, today) for like in given],
                         liked_by=[LikedByCard.of_like(like, today) for like in received],
                         new_likes=sum(1 for like in received if like.like_new))

    def auto_like(self, viewer: Member) -> AutoLike | None:
        """A like some member really gave, offered once in the like modal: only from a
        member the viewer seeks and who would want them (issue 29.1); the others stay in
        the likes list."""
        today = self.clock.now().date()
        with self.uow() as uow:
            card = uow.like_queries.next_for_modal(
                viewer.id, gender=wanted_gender(viewer.profile), wanting=viewer.profile.gender)
            if card is None:
                return None
            uow.likes.update(card.id, viewer.id, modal_shown=True)
            uow.commit()
        image = card.main_image
        return AutoLike(id=card.id, name=card.name, age=age_on(card.birth_date, today),
                        is_fictional=card.is_fictional,
                        main_image=_modal_image(image) if image else None)

    def match_seen(self, viewer: Member, member_id: int) -> None:
        with self.uow() as uow:
            uow.likes.update(viewer.id, member_id, match_seen=True)
            uow.commit()


def _modal_image(image: CardImage) -> ModalImage:
    return ModalImage(match=image.filename, thumb=image.thumb_filename)
