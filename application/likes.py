"""Like and unlike, the likes lists, the like modal's auto-like and match celebrations
(issue 5). The swipe game likes through ``like_member`` too."""

from __future__ import annotations

from datetime import date, datetime

import attrs

from application.ports.clock import Clock
from application.ports.events import (
    EventBus,
    LikeWithdrawn,
    MatchProfile,
    NewLike,
    NewMatch,
    member_channel,
)
from application.ports.photos import CardImage
from application.ports.transaction import UnitFactory
from application.ports.units import SocialUnit
from application.shared.cards import LikedByCard, LikedCard, ShortProfile, short_profile
from application.shared.lookups import existing_member, site_of_member
from application.shared.outbox import notify_later
from domain.discovery import shares_members
from domain.errors import DomainError
from domain.likes import check_like
from domain.matching import wanted_gender
from domain.members import Member, age_on
from domain.sites import Site


@attrs.frozen
class LikeResult:
    match: bool  # both now like each other
    profile: ShortProfile


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


def like_member(uow: SocialUnit, viewer: Member, member_id: int, now: datetime) -> LikeResult:
    """Record the viewer's like (once) and tell whether it made a match."""
    target = existing_member(uow, member_id)
    theirs = uow.sites.get(target.site_id)
    if theirs is None or not shares_members(site_of_member(uow, viewer), theirs):
        raise DomainError("member_not_found")
    blocked = (uow.discovery.blocks(viewer.id, target.id)
               or uow.discovery.blocks(target.id, viewer.id))
    back = uow.likes.get(target.id, viewer.id)
    check_like(viewer, target, blocked, back is not None)
    if uow.likes.get(viewer.id, target.id) is None:
        # The liker sees a match now; the other side celebrates it at their next look.
        uow.likes.add(viewer.id, target.id, now, match_seen=back is not None)
        if back is not None:
            uow.likes.update(target.id, viewer.id, match_seen=False)
    return LikeResult(match=back is not None, profile=short_profile(uow, target, now.date()))


def shared_site_ids(uow: SocialUnit, site: Site) -> tuple[int, ...]:
    """The sites whose members this site's members see (its own, or every reseller)."""
    return tuple(other.id for other in uow.sites.all() if shares_members(site, other))


def like_event(viewer: Member, match: bool, today: date) -> NewLike | NewMatch:
    """What the liked member hears: a like (their badge), or a match to celebrate."""
    if match:
        return NewMatch(MatchProfile(id=viewer.id, name=viewer.profile.name,
                                     age=age_on(viewer.profile.birth_date, today)))
    return NewLike(member=viewer.id)


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
