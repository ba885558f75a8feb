"""Search members and open a member's profile; block and unblock (issue 4)."""

from __future__ import annotations

from datetime import date, datetime

import attrs

from application.ports.clock import Clock
from application.ports.discovery import FoundCard, Near, SearchQuery, Seeker
from application.ports.impressions import Impressions
from application.ports.transaction import UnitFactory
from application.ports.units import SocialUnit
from application.shared.liking import shared_site_ids
from application.shared.lookups import existing_member
from application.shared.photo_links import PhotoLinks
from application.shared.search_results import (
    FoundPage,
    LikeState,
    SearchCard,
    SearchPage,
    ShownFilters,
    nearest,
)
from application.shared.site_directory import SiteDirectory
from application.shared.site_lookup import resolve_site
from application.shared.visibility import (
    MemberPhoto,
    MemberProfile,
    gallery,
    member_photos,
    profile_open,
)
from domain.discovery import (
    COUNT_CAP,
    PAGE_SIZE,
    SEARCH_ORDER,
    Order,
    SearchFilters,
    birth_dates_for,
    page_count,
    shares_members,
)
from domain.distance import DEFAULT_RADIUS_KM, Position, wider
from domain.errors import DomainError
from domain.likes import is_match
from domain.matching import search_defaults
from domain.members import Member, age_on
from domain.privacy import ONLINE_WINDOW, online_status
from domain.profile_flags import shown_texts
from domain.ranking import IMPRESSION_CAP, ranked_best_first, real_first
from domain.sites import Site

# Best first ranks the first pages' members together: a pool of 72, read newest first
# (bench_search: a pool of 240 made a member's default search 60 ms on PostgreSQL).
POOL_PAGES = 3
POOL = PAGE_SIZE * POOL_PAGES
# Similar results try at most this many relaxed searches (each a query per listing).
RELAXATIONS = 5


@attrs.frozen
class Discovery:
    uow: UnitFactory[SocialUnit]
    clock: Clock
    links: PhotoLinks  # open photos past the main one go out signed for their viewer
    count_cap: int = COUNT_CAP
    # How often members were shown today (best first spreads attention); None: not kept.
    impressions: Impressions | None = None
    impression_cap: int = IMPRESSION_CAP
    # The sites as this process last read them: a search reads none (None: read them).
    sites: SiteDirectory | None = None

    def search(self, host: str | None, viewer: Member | None, filters: SearchFilters,
               has_traffic_source: bool = False, chosen: bool = True) -> SearchPage:
        """A page of members. A member's search is best first by default (their fit,
        domain.ranking), or nearest or newest first; a visitor's newest first. Newest
        is listing order (domain.discovery.SEARCH_ORDER): a photo and a filled profile
        first, a photo only next, photo-less ones last. Members see only those who would
        want them too (domain.matching.mutual) unless they ask for everyone.
        ``chosen`` False: the viewer picked no filters, so a member's search starts from
        what their profile seeks, within DEFAULT_RADIUS_KM of their place, wider when
        too few are found there (``filters`` then gives only the page and the order)."""
        now = self.clock.now()
        today = now.date()
        defaults = not chosen and viewer is not None
        if defaults:
            assert viewer is not None
            filters = attrs.evolve(search_defaults(viewer.profile, today), page=filters.page,
                                   after=filters.after, order=filters.order,
                                   distance_km=DEFAULT_RADIUS_KM)
        with self.uow(reads_only=True, searches=True) as uow:  # no transaction: reads alone
            site = self._site(uow, host)
            if viewer is None and not site.logged_out_search_allowed(has_traffic_source):
                raise DomainError("authentication_required")
            cursor = filters.after if filters.order is Order.NEAREST else None
            seeker = uow.discovery.seeker(viewer.id, cursor) if viewer else Seeker(None)
            centre = seeker.position
            filters = self._possible(filters.allowed_by(site), viewer, centre)
            site_ids = self._shared_site_ids(uow, site)
            query = self._query(site_ids, viewer, filters, now, seeker)
            found, counted = self._page(uow, viewer, filters, query, now)
            widened_from = None
            while defaults and counted < PAGE_SIZE // 2 and filters.distance_km is not None:
                widened_from = DEFAULT_RADIUS_KM
                filters = attrs.evolve(filters, distance_km=wider(filters.distance_km))
                query = self._query(site_ids, viewer, filters, now, seeker)
                found, counted = self._page(uow, viewer, filters, query, now)
            total, capped = min(counted, self.count_cap), counted > self.count_cap
            results = found.cards
            if filters.page == 1:  # a fictional profile never tops a search
                results = real_first(results, [card.is_fictional for card in results])
            similar = self._similar(uow, site_ids, viewer, filters, results, total, now, seeker)
            shown = [card.id for card in [*results, *similar]]
            # The hearts come with the cards, similar members' too.
            liked = {card.id for card in [*results, *similar] if card.liked}
        if self.impressions is not None and results:
            self.impressions.count([card.id for card in results], today)
        mutual = viewer is not None and not filters.everyone
        return SearchPage(
            filters=ShownFilters.of(filters, mutual, centre is not None, widened_from),
            results=[SearchCard.of_found(card, viewer, now) for card in results],
            num_results=total, num_results_capped=capped, page=filters.page,
            pages=page_count(total, capped, filters.page, found.more), next=found.next,
            similar=[SearchCard.of_found(card, viewer, now) for card in similar],
            liked=[member for member in shown if member in liked])

    @staticmethod
    def _possible(filters: SearchFilters, viewer: Member | None,
                  centre: Position | None) -> SearchFilters:
        """What of the filters can apply: distances and nearest first need the viewer's
        place to have a position, best first a member to fit; "online now" needs a
        member who shows their own online status (quiet mode is reciprocal)."""
        if centre is None:
            filters = attrs.evolve(filters, distance_km=None)
        order = filters.order
        if viewer is None or (order is Order.NEAREST and centre is None):
            order = Order.NEWEST
        online = filters.online and viewer is not None and viewer.show_online
        return attrs.evolve(filters, order=order, online=online,
                            everyone=filters.everyone or viewer is None)

    def _site(self, uow: SocialUnit, host: str | None) -> Site:
        """The site from the process's memory of the sites when it has one (a search may
        see a change a second late), else read in this unit of work."""
        return self.sites.resolve(host) if self.sites is not None else resolve_site(uow, host)

    def _shared_site_ids(self, uow: SocialUnit, site: Site) -> tuple[int, ...]:
        if self.sites is None:
            return shared_site_ids(uow, site)
        return tuple(other.id for other in self.sites.all() if shares_members(site, other))

    def _page(self, uow: SocialUnit, viewer: Member | None, filters: SearchFilters,
              query: SearchQuery, now: datetime) -> tuple[FoundPage, int]:
        """The page and how many the search finds (up to the cap and one more), read
        together: with PostgreSQL one statement for any page but nearest first's."""
        offset = (filters.page - 1) * PAGE_SIZE
        at_most = self.count_cap + 1
        # One row more than a page tells whether a next page exists.
        if filters.order is Order.BEST and viewer is not None and filters.page <= POOL_PAGES:
            return self._best(uow, viewer, query, offset, now)
        if filters.order is Order.NEAREST:
            if filters.after is not None:
                query, offset = attrs.evolve(query, farther_than=filters.after), 0
            cards, counted = nearest(uow, query, PAGE_SIZE + 1, offset, at_most)
            return FoundPage.cut(cards), counted
        if filters.after is not None:
            query, offset = attrs.evolve(query, before_id=filters.after), 0
        found = uow.discovery.found_counted(query, PAGE_SIZE + 1, offset, SEARCH_ORDER, at_most)
        return FoundPage.cut(found.cards), found.count

    def _best(self, uow: SocialUnit, viewer: Member, query: SearchQuery, offset: int,
              now: datetime) -> tuple[FoundPage, int]:
        """Best first: the first POOL members in listing order, ranked by their fit
        (domain.ranking.best_first), give the first POOL_PAGES pages; the pages after
        go on in listing order from the pool's last member (keyset, ``next``)."""
        if self.impressions is not None:  # their stored impressions come with the cards
            query = attrs.evolve(query, shown_on=now.date())
        found = uow.discovery.found_counted(query, POOL + 1, 0, SEARCH_ORDER,
                                            self.count_cap + 1)
        pool = found.cards
        ranked = pool[:POOL]
        pending = (self.impressions.pending([card.id for card in ranked], now.date())
                   if self.impressions is not None else {})
        shown_today = {card.id: card.shown_today + pending.get(card.id, 0) for card in ranked}
        # The cards as found are ranked, no Candidate built for each (domain.ranking.Ranked).
        cards = ranked_best_first(viewer.profile, ranked, shown_today, now,
                                  self.impression_cap)[offset:offset + PAGE_SIZE]
        more = len(pool) > offset + PAGE_SIZE
        last = offset + PAGE_SIZE >= POOL
        return FoundPage(cards, more, ranked[-1].id if more and last else None), found.count

    @staticmethod
    def _query(site_ids: tuple[int, ...], viewer: Member | None, filters: SearchFilters,
               now: datetime, seeker: Seeker, exclude: tuple[int, ...] = ()) -> SearchQuery:
        born_from, born_until = birth_dates_for(filters.min_age, filters.max_age, now.date())
        mutual = viewer is not None and not filters.everyone
        centre = seeker.position
        return SearchQuery(site_ids=site_ids, viewer_id=viewer.id if viewer else None,
                           blocked=seeker.blocked if viewer else None,
                           born_from=born_from, born_until=born_until, gender=filters.gender,
                           country=filters.country, region=filters.region, exclude=exclude,
                           wanting=viewer.profile.gender if viewer and mutual else None,
                           near=Near(centre, filters.distance_km) if centre else None,
                           cursor_at=seeker.cursor,
                           online_since=now - ONLINE_WINDOW if filters.online else None)

    def _similar(self, uow: SocialUnit, site_ids: tuple[int, ...], viewer: Member | None,
                 filters: SearchFilters, results: list[FoundCard], total: int,
                 now: datetime, seeker: Seeker) -> list[FoundCard]:
        """When few match, fill up with members of a relaxed search (first page only)."""
        if not filters.first_page or total >= PAGE_SIZE // 2:
            return []
        shown = tuple(card.id for card in results)
        steps: list[SearchQuery] = []
        relaxed = filters.relaxed()
        while relaxed is not None and len(steps) < RELAXATIONS:
            steps.append(self._query(site_ids, viewer, relaxed, now, seeker, exclude=shown))
            relaxed = relaxed.relaxed()
        # Each step finds whom the ones before it find and more: one round trip for all.
        return uow.discovery.found_first(steps, PAGE_SIZE - len(shown), SEARCH_ORDER) \
            if steps else []

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
    def _likes(uow: SocialUnit, viewer: Member | None, member_id: int) -> LikeState:
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
            liked_by_me=likes.liked_by_me, likes_me=likes.likes_me, match=likes.match,
            text_flags=list(profile.text_flags.reasons(shown_texts(visible))))

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

