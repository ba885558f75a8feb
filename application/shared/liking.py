"""A like and what it makes: recorded once, a match when it is mutual, the event the liked
member hears; and which sites' members a site's members see."""

from __future__ import annotations

from datetime import date, datetime

import attrs

from application.ports.events import (
    MatchProfile,
    NewLike,
    NewMatch,
)
from application.ports.units import SocialUnit
from application.shared.cards import ShortProfile, short_profile
from application.shared.lookups import existing_member, site_of_member
from domain.discovery import shares_members
from domain.errors import DomainError
from domain.likes import check_like
from domain.members import Member, age_on
from domain.sites import Site


@attrs.frozen
class LikeResult:
    match: bool  # both now like each other
    profile: ShortProfile


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
