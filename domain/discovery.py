"""Who may find whom, and what a search asks for (spec sections 4, 6 and 7)."""

from __future__ import annotations

from datetime import date
from enum import IntEnum, StrEnum

import attrs

from domain.distance import valid_radius, wider
from domain.errors import DomainError
from domain.members import GENDERS, AccountStatus, Member, Profile, ProfileStatus
from domain.sites import LEGAL_MIN_AGE, Site

MAX_AGE = 99
PAGE_SIZE = 24
MAX_PAGE = 500
# Pages a search opens by their number; past them a page opens from the one before it
# (``after``, that page's ``next``): by number, the database reads every member before the
# page, so a deep page cost up to seven times the first; from its cursor it costs what the
# first does (issue 36.2). Best first ranks its first pages from one pool (POOL_PAGES).
NUMBERED_PAGES = 3
# Searches count at most this many members: past it the answer is "1,000+", so no
# request counts a whole 100k-member table (issue 17).
COUNT_CAP = 1000


class Listing(IntEnum):
    """Where a member comes in lists (issue 19.1): members with a photo and a filled
    profile first, then those with a photo only, photo-less ones last; within one listing
    the newest members come first. Stored with the member (members.listing) and kept up to
    date by the use cases that change a photo or the profile, so each listing is one
    index range that a search walks backwards by id."""

    FILLED = 0  # an active main photo and a filled profile (profile_filled)
    PHOTO = 1  # an active main photo only
    NO_PHOTO = 2


# Search shows every findable member, photo-less ones after all others; the swipe deck
# and the landers show faces only (a card without a photo is nothing to swipe on).
SEARCH_ORDER = (Listing.FILLED, Listing.PHOTO, Listing.NO_PHOTO)
DECK_ORDER = (Listing.FILLED, Listing.PHOTO)


def profile_filled(profile: Profile) -> bool:
    """A profile others can get to know someone by: an about-me text and at least one
    interest, what the spec has members build besides photos (section 1: "a profile
    with photos, an about-me text and interests"). The attributes (hair, eyes, ...) are
    picked from lists in seconds and tell little, so they do not count."""
    return bool(profile.about_me.strip()) and bool(profile.interests)


def listing_of(has_photo: bool, profile: Profile) -> Listing:
    """``has_photo``: the member has an active (approved) main photo."""
    if not has_photo:
        return Listing.NO_PHOTO
    return Listing.FILLED if profile_filled(profile) else Listing.PHOTO


def findable(member: Member) -> bool:
    """Never shown in search: invisible members, unconfirmed-and-disabled profiles,
    banned or deleted accounts."""
    if member.invisible or member.status in (AccountStatus.BANNED, AccountStatus.DELETED):
        return False
    return not (member.status is AccountStatus.NOT_CONFIRMED
                and member.profile.status is ProfileStatus.DISABLED)


def shares_members(home: Site, other: Site) -> bool:
    """Members of another site of the deployment appear when both sites resell members."""
    return home.id == other.id or (home.member_resell and other.member_resell)


def can_view(viewer_id: int | None, member: Member, blocked_by_them: bool,
             contacted_viewer: bool = False) -> bool:
    """A profile page opens for its owner, else only when findable and the member has not
    blocked the viewer (the blocker still sees whom they blocked, to unblock). An
    invisible member who made first contact (liked the viewer) is visible to them."""
    if viewer_id == member.id:
        return True
    if blocked_by_them:
        return False
    return findable(member) or (contacted_viewer and member.invisible
                                and findable(attrs.evolve(member, invisible=False)))


class Order(StrEnum):
    """How search results come (issue 29.2, 29.3): best fit for the viewer first (the
    default), nearest first, or newest first (by listing: faces first)."""

    BEST = "best"
    NEAREST = "nearest"
    NEWEST = "newest"


@attrs.frozen
class SearchFilters:
    gender: str | None = None
    country: str | None = None
    region: str | None = None
    min_age: int = LEGAL_MIN_AGE
    max_age: int = MAX_AGE
    page: int = 1
    # Keyset paging: the id of the last member of the page before (the sort key, newest
    # first), so page N costs what page 1 costs; ``page`` then only labels the page.
    after: int | None = None
    # Within this many km of the viewer's place (domain.distance.RADII_KM); None: anywhere.
    distance_km: int | None = attrs.field(default=None, converter=valid_radius)
    order: Order = Order.BEST
    online: bool = False  # only members online now (who show it)
    # The two-way rule off (issue 29.1): members whatever they seek, not only those who
    # would want the viewer. Members widen to it on purpose ("Everyone").
    everyone: bool = False

    def __attrs_post_init__(self) -> None:
        if not LEGAL_MIN_AGE <= self.min_age <= self.max_age <= MAX_AGE:
            raise DomainError("invalid_age_range", min=LEGAL_MIN_AGE, max=MAX_AGE)
        if not 1 <= self.page <= MAX_PAGE:
            raise DomainError("invalid_page", max=MAX_PAGE)
        if self.after is None and self.page > NUMBERED_PAGES:
            raise DomainError("page_needs_cursor", max=NUMBERED_PAGES)
        if self.after is not None and self.after < 1:
            raise DomainError("invalid_request", detail="after")
        if self.region and not self.country:
            raise DomainError("region_needs_country")
        if self.gender is not None and self.gender not in GENDERS:
            raise DomainError("invalid_request", detail="gender")

    def allowed_by(self, site: Site) -> SearchFilters:
        """Only the filters the site offers (search_fields) take effect."""
        fields = site.search_fields
        return attrs.evolve(
            self,
            gender=self.gender if "gender" in fields else None,
            country=self.country if "country" in fields else None,
            region=self.region if "region" in fields and "country" in fields else None,
            min_age=self.min_age if "min_age" in fields else LEGAL_MIN_AGE,
            max_age=self.max_age if "max_age" in fields else MAX_AGE,
        )

    def relaxed(self) -> SearchFilters | None:
        """Similar results when few match: first a wider radius (up to anywhere), then
        drop the region, then the country, then widen the ages by five years each way;
        None when nothing is left to relax."""
        if self.distance_km is not None:
            return attrs.evolve(self, distance_km=wider(self.distance_km), page=1, after=None)
        if self.region:
            return attrs.evolve(self, region=None, page=1, after=None)
        if self.country:
            return attrs.evolve(self, country=None, page=1, after=None)
        widened = attrs.evolve(self, min_age=max(LEGAL_MIN_AGE, self.min_age - 5),
                               max_age=min(MAX_AGE, self.max_age + 5), page=1, after=None)
        return None if widened == attrs.evolve(self, page=1, after=None) else widened

    @property
    def first_page(self) -> bool:
        return self.page == 1 and self.after is None


def page_count(found: int, capped: bool, page: int, more: bool) -> int:
    """How many pages to offer: all of them for an exact count; for a capped one
    ("1,000+") the pages the cap covers, and always one past the current page while
    more members follow."""
    pages = max(1, -(-found // PAGE_SIZE))
    if capped or more:
        pages = max(pages, page + 1 if more else page)
    return min(pages, MAX_PAGE)


def birth_dates_for(min_age: int, max_age: int, today: date) -> tuple[date, date]:
    """The birth dates (earliest, latest) of everyone aged min_age..max_age today."""
    latest = _years_before(today, min_age)
    earliest = _years_before(today, max_age + 1)
    return date.fromordinal(earliest.toordinal() + 1), latest


def _years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February in a year without one
        return day.replace(year=day.year - years, day=28)
