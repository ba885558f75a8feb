"""Search members and open a member's profile; block and unblock (issue 4)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TypeVar

import attrs

from application.accounts import existing_member
from application.cards import PublicCard
from application.likes import shared_site_ids
from application.photo_links import PhotoLinks
from application.ports.clock import Clock
from application.ports.discovery import MemberCard, SearchQuery
from application.ports.photos import Photo
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from application.sites import resolve_site
from domain.discovery import (
    COUNT_CAP,
    PAGE_SIZE,
    SEARCH_ORDER,
    Listing,
    SearchFilters,
    birth_dates_for,
    can_view,
    page_count,
    shares_members,
)
from domain.errors import DomainError
from domain.likes import is_match
from domain.matching import search_defaults
from domain.members import Member, age_on
from domain.photos import PhotoAccess, open_to_anyone, photo_access, visible_to_others
from domain.privacy import online_status
from domain.sites import Site

Card = TypeVar("Card", bound=MemberCard)


@attrs.frozen
class ShownFilters:
    """The filters a search ran with: the member's own, or the defaults their profile
    gives (domain.matching.search_defaults) when they chose none."""

    gender: str | None
    country: str | None
    region: str | None
    min_age: int
    max_age: int

    @classmethod
    def of(cls, filters: SearchFilters) -> ShownFilters:
        return cls(filters.gender, filters.country, filters.region, filters.min_age,
                   filters.max_age)


@attrs.frozen
class SearchPage:
    filters: ShownFilters
    results: list[PublicCard]
    num_results: int  # at most the count cap
    num_results_capped: bool  # more match than that
    page: int
    pages: int
    next: int | None  # the cursor (after=) of the next page, if there is one
    similar: list[PublicCard]  # a relaxed search's members, when few match
    # Whom of those shown (results and similar) the viewer likes: the cards' hearts show
    # right with the page, without waiting for the likes lists.
    liked: list[int] = attrs.field(factory=list)


@attrs.frozen
class MemberPhoto:
    """A photo of another member's profile: locked ones show without their files."""

    id: int
    filename: str | None
    thumb_filename: str | None
    locked: bool


@attrs.frozen
class LikeState:
    liked_by_me: bool
    likes_me: bool
    match: bool


@attrs.frozen
class MemberProfile:
    """Another member's profile; the attributes the site does not show are None."""

    id: int
    name: str
    gender: str
    age: int
    country: str
    is_fictional: bool
    blocked_by_me: bool
    photo_credits: int  # what unlocking one locked photo costs
    photo_count: int
    photos: list[MemberPhoto]
    sexuality: str | None
    about_me: str | None
    interests: list[str]
    hair_colour: str | None
    eye_colour: str | None
    body_type: str | None
    relationship_status: str | None
    tattoos: str | None
    city: str | None
    region: str | None
    liked_by_me: bool
    likes_me: bool
    match: bool
    # Online now; None when the viewer or the member hides it (quiet mode), or a visitor.
    online: bool | None = None


@attrs.frozen
class Discovery:
    uow: UnitOfWorkFactory
    clock: Clock
    links: PhotoLinks  # open photos past the main one go out signed for their viewer
    count_cap: int = COUNT_CAP

    def search(self, host: str | None, viewer: Member | None, filters: SearchFilters,
               has_traffic_source: bool = False, chosen: bool = True) -> SearchPage:
        """A page of members in listing order (domain.discovery.SEARCH_ORDER): a photo
        and a filled profile first, a photo only next, photo-less ones last.
        ``chosen`` False: the viewer picked no filters, so a member's search starts from
        what their profile seeks (``filters`` then only gives the page)."""
        today = self.clock.now().date()
        if not chosen and viewer is not None:
            filters = attrs.evolve(search_defaults(viewer.profile, today), page=filters.page,
                                   after=filters.after)
        with self.uow() as uow:
            site = resolve_site(uow, host)
            if viewer is None and not site.logged_out_search_allowed(has_traffic_source):
                raise DomainError("authentication_required")
            filters = filters.allowed_by(site)
            query = self._query(uow, site, viewer, filters, today)
            counted = uow.discovery.count(query, at_most=self.count_cap + 1)
            total, capped = min(counted, self.count_cap), counted > self.count_cap
            if filters.after is None:
                offset = (filters.page - 1) * PAGE_SIZE
            else:
                query, offset = attrs.evolve(query, before_id=filters.after), 0
            # One row more than a page tells whether a next page exists.
            rows = listed(uow, uow.discovery.search, query, PAGE_SIZE + 1, offset)
            results, more = rows[:PAGE_SIZE], len(rows) > PAGE_SIZE
            similar = self._similar(uow, site, viewer, filters, results, total, today)
            shown = [card.id for card in [*results, *similar]]
            liked = uow.likes.liked_among(viewer.id, shown) if viewer else set()
        return SearchPage(
            filters=ShownFilters.of(filters),
            results=[PublicCard.of(card, today) for card in results],
            num_results=total, num_results_capped=capped, page=filters.page,
            pages=page_count(total, capped, filters.page, more),
            next=results[-1].id if more else None,
            similar=[PublicCard.of(card, today) for card in similar],
            liked=[member for member in shown if member in liked])

    def _query(self, uow: UnitOfWork, site: Site, viewer: Member | None,
               filters: SearchFilters, today: date,
               exclude: tuple[int, ...] = ()) -> SearchQuery:
        born_from, born_until = birth_dates_for(filters.min_age, filters.max_age, today)
        site_ids = shared_site_ids(uow, site)
        return SearchQuery(site_ids=site_ids, viewer_id=viewer.id if viewer else None,
                           born_from=born_from, born_until=born_until, gender=filters.gender,
                           country=filters.country, region=filters.region, exclude=exclude)

    def _similar(self, uow: UnitOfWork, site: Site, viewer: Member | None,
                 filters: SearchFilters, results: list[MemberCard], total: int,
                 today: date) -> list[MemberCard]:
        """When few match, fill up with members of a relaxed search (first page only)."""
        if not filters.first_page or total >= PAGE_SIZE // 2:
            return []
        shown = tuple(card.id for card in results)
        similar: list[MemberCard] = []
        relaxed = filters.relaxed()
        while relaxed is not None and len(shown) < PAGE_SIZE:
            query = self._query(uow, site, viewer, relaxed, today, exclude=shown)
            found = listed(uow, uow.discovery.search, query, PAGE_SIZE - len(shown))
            similar += found
            shown += tuple(card.id for card in found)
            relaxed = relaxed.relaxed()
        return similar

    # --- one member --------------------------------------------------------------------

    def member(self, host: str | None, viewer: Member | None, member_id: int,
               has_traffic_source: bool = False, public: bool = False) -> MemberProfile:
        """One profile. ``public``: a member lander, shown to visitors whatever the
        site's logged-out search setting (the member is the page's subject)."""
        today = self.clock.now().date()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            if viewer is None and not public \
                    and not site.logged_out_search_allowed(has_traffic_source):
                raise DomainError("authentication_required")
            member = uow.members.get(member_id)
            if member is None or not profile_open(uow, site, viewer, member):
                # A blocked member cannot view the blocker: to them the profile is gone.
                raise DomainError("member_not_found")
            likes = self._likes(uow, viewer, member.id)
            photos = gallery(uow, viewer, member, profile_is_open=True)
            blocked_by_me = viewer is not None and uow.discovery.blocks(viewer.id, member.id)
            seen = uow.last_seen.facts([member.id]).get(member.id) \
                if viewer is not None and viewer.show_online else None
            uow.commit()  # opening a liked-by profile cleared its new flag
        shown = member_photos(photos, viewer, self.links)
        return attrs.evolve(self._profile(member, site, shown, blocked_by_me, likes, today),
                            online=online_status(viewer, seen, self.clock.now()))

    @staticmethod
    def _likes(uow: UnitOfWork, viewer: Member | None, member_id: int) -> LikeState:
        """Like state between viewer and member; opening the profile of someone who liked
        the viewer clears that like's new flag (spec section 4)."""
        if viewer is None or viewer.id == member_id:
            return LikeState(liked_by_me=False, likes_me=False, match=False)
        mine, theirs = uow.likes.get(viewer.id, member_id), uow.likes.get(member_id, viewer.id)
        if theirs is not None and theirs.is_new:
            uow.likes.update(member_id, viewer.id, is_new=False)
        return LikeState(liked_by_me=mine is not None, likes_me=theirs is not None,
                         match=is_match(mine is not None, theirs is not None))

    @staticmethod
    def _profile(member: Member, site: Site, shown: list[MemberPhoto],
                 blocked_by_me: bool, likes: LikeState, today: date) -> MemberProfile:
        profile = member.profile
        visible = set(site.visible_profile_fields)

        def shown_if_visible(field: str, value: str | None) -> str | None:
            return value if field in visible else None

        return MemberProfile(
            id=member.id, name=profile.name, gender=profile.gender,
            age=age_on(profile.birth_date, today), country=profile.country,
            is_fictional=member.is_fictional, blocked_by_me=blocked_by_me,
            photo_credits=site.photo_credits, photo_count=len(shown), photos=shown,
            sexuality=shown_if_visible("sexuality", profile.sexuality),
            about_me=shown_if_visible("about_me", profile.about_me),
            interests=list(profile.interests) if "interests" in visible else [],
            hair_colour=shown_if_visible("hair_colour", profile.hair_colour),
            eye_colour=shown_if_visible("eye_colour", profile.eye_colour),
            body_type=shown_if_visible("body_type", profile.body_type),
            relationship_status=shown_if_visible("relationship_status",
                                                 profile.relationship_status),
            tattoos=shown_if_visible("tattoos", profile.tattoos),
            city=shown_if_visible("city", profile.city),
            region=shown_if_visible("region", profile.region),
            liked_by_me=likes.liked_by_me, likes_me=likes.likes_me, match=likes.match)

    def block(self, viewer: Member, member_id: int, on: bool) -> None:
        if member_id == viewer.id:
            raise DomainError("cannot_block_self")
        with self.uow() as uow:
            existing_member(uow, member_id)
            if on:
                uow.discovery.block(viewer.id, member_id, self.clock.now())
            else:
                uow.discovery.unblock(viewer.id, member_id)
            uow.commit()


def listed(uow: UnitOfWork, fetch: Callable[[SearchQuery, int, int], list[Card]],
           query: SearchQuery, limit: int, offset: int = 0,
           order: tuple[Listing, ...] = SEARCH_ORDER) -> list[Card]:
    """Up to ``limit`` members in listing order, each listing newest first: one query per
    listing, each walking that listing's range of the index (the listing is stored with
    the member, application.listings) backwards by id and stopping after the page,
    instead of one sort of every match. A cursor (``query.before_id``) resumes in its member's
    listing; an offset skips whole listings by counting them (no further than needed)."""
    start = 0
    if query.before_id is not None:
        place = uow.discovery.listing(query.before_id)
        start = order.index(place) if place in order else 0
    found: list[Card] = []
    for position, listing in enumerate(order[start:]):
        part = attrs.evolve(query, listing=listing,
                            before_id=query.before_id if position == 0 else None)
        if offset:
            in_listing = uow.discovery.count(part, at_most=offset + 1)
            if in_listing <= offset:
                offset -= in_listing
                continue
        found += fetch(part, limit - len(found), offset)
        offset = 0
        if len(found) >= limit:
            break
    return found


def profile_open(uow: UnitOfWork, site: Site, viewer: Member | None, member: Member) -> bool:
    """May ``viewer`` (on ``site``) see ``member``'s profile at all: a site that shares
    members, no block by the member, findable, or invisible but made first contact with
    the viewer: liked them or wrote to them (spec section 4: an invisible member must make
    first contact, so whom they contacted sees them)."""
    home = uow.sites.get(member.site_id)
    if home is None or not shares_members(site, home):
        return False
    viewer_id = viewer.id if viewer else None
    blocked = viewer is not None and uow.discovery.blocks(member.id, viewer.id)
    contacted = viewer is not None and member.invisible and _contacted(uow, member.id, viewer.id)
    return can_view(viewer_id, member, blocked, contacted_viewer=contacted)


def _contacted(uow: UnitOfWork, member_id: int, viewer_id: int) -> bool:
    if uow.likes.get(member_id, viewer_id) is not None:
        return True
    conversation = uow.chats.between(member_id, viewer_id)
    return conversation is not None and uow.chats.has_written(conversation.id, member_id)


def member_photos(photos: list[tuple[Photo, PhotoAccess]], viewer: Member | None,
                  links: PhotoLinks) -> list[MemberPhoto]:
    """A gallery as its viewer gets it: open photos with their files (the main photo by
    its plain name, the others by links signed for the viewer), locked ones without."""
    shown = []
    for position, (photo, access) in enumerate(photos):
        if access is not PhotoAccess.OPEN:
            shown.append(MemberPhoto(photo.id, filename=None, thumb_filename=None,
                                     locked=True))
        elif open_to_anyone(photo.status, position) or viewer is None:  # (a visitor gets no other)
            shown.append(MemberPhoto(photo.id, photo.filename, photo.thumb_filename,
                                     locked=False))
        else:
            shown.append(MemberPhoto(photo.id, *links.files(photo, viewer.id, public=False),
                                     locked=False))
    return shown


def gallery(uow: UnitOfWork, viewer: Member | None, member: Member,
            profile_is_open: bool) -> list[tuple[Photo, PhotoAccess]]:
    """The member's photos others may see, main photo first, each with what this viewer
    gets of it (domain.photos.photo_access)."""
    photos = [p for p in uow.photos.of_member(member.id) if visible_to_others(p.status)]
    unlocked = uow.chats.unlocked(viewer.id) if viewer else set()
    return [(photo, photo_access(
        own=viewer is not None and viewer.id == member.id, profile_open=profile_is_open,
        status=photo.status, position=position, viewer_paid=bool(viewer and viewer.paid_user),
        unlocked=photo.id in unlocked)) for position, photo in enumerate(photos)]
