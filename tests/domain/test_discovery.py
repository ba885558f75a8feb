"""Properties of discovery: age windows, filters, visibility, photo limits."""

from __future__ import annotations

from datetime import date

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.discovery import (
    MAX_PAGE,
    NUMBERED_PAGES,
    PAGE_SIZE,
    SearchFilters,
    birth_dates_for,
    can_view,
    findable,
    page_count,
    shares_members,
)
from domain.errors import DomainError
from domain.members import AccountStatus, Member, Profile, ProfileStatus, age_on
from domain.photos import FREE_PHOTOS, PREMIUM_PHOTOS, PhotoAccess, check_photo_room, photo_access
from domain.sites import Site

days = st.dates(min_value=date(1950, 1, 1), max_value=date(2100, 12, 31))
ages = st.integers(18, 99)


@given(today=days, low=ages, high=ages, born=st.dates(min_value=date(1850, 1, 1),
                                                       max_value=date(2100, 12, 31)))
def test_birth_window_holds_exactly_the_ages(today: date, low: int, high: int,
                                             born: date) -> None:
    low, high = min(low, high), max(low, high)
    earliest, latest = birth_dates_for(low, high, today)
    inside = earliest <= born <= latest
    assert inside == (low <= age_on(born, today) <= high)


@given(count=st.integers(0, 40), paid=st.booleans())
def test_photo_limit_by_premium_state(count: int, paid: bool) -> None:
    limit = PREMIUM_PHOTOS if paid else FREE_PHOTOS
    if count < limit:
        check_photo_room(count, paid)
    else:
        with pytest.raises(DomainError) as refused:
            check_photo_room(count, paid)
        assert refused.value.params == {"max": limit}


@given(count=st.integers(0, 25), paid=st.booleans())
def test_free_members_see_only_the_first_photo(count: int, paid: bool) -> None:
    open_ = [photo_access(own=False, profile_open=True, status="active", position=n,
                          viewer_paid=paid, unlocked=False) is PhotoAccess.OPEN
             for n in range(count)]
    assert sum(open_) == (count if paid else min(count, 1))


def member(**changes: object) -> Member:
    from datetime import UTC, datetime

    profile = Profile(name="Ann", gender="female", birth_date=date(1990, 1, 1), country="NL")
    values: dict[str, object] = {"id": 7, "site_id": 1, "email": "a@b.nl",
                                 "status": AccountStatus.ACTIVE, "language": "nl",
                                 "created_at": datetime(2026, 1, 1, tzinfo=UTC),
                                 "profile": profile}
    values.update(changes)
    return Member(**values)  # type: ignore[arg-type]


@given(status=st.sampled_from(list(AccountStatus)), invisible=st.booleans(),
       profile_status=st.sampled_from(list(ProfileStatus)), blocked=st.booleans())
def test_visibility(status: AccountStatus, invisible: bool, profile_status: ProfileStatus,
                    blocked: bool) -> None:
    someone = member(status=status, invisible=invisible,
                     profile=attrs.evolve(member().profile, status=profile_status))
    expected = (not invisible and status in (AccountStatus.ACTIVE, AccountStatus.NOT_CONFIRMED)
                and not (status is AccountStatus.NOT_CONFIRMED
                         and profile_status is ProfileStatus.DISABLED))
    assert findable(someone) == expected
    assert can_view(99, someone, blocked) == (expected and not blocked)
    assert can_view(someone.id, someone, blocked)  # the owner always sees their own


@given(a=st.booleans(), b=st.booleans())
def test_member_resell_needs_both_sites(a: bool, b: bool) -> None:
    home = Site(id=1, domain="a.test", name="A", company_id=1, member_resell=a)
    other = Site(id=2, domain="b.test", name="B", company_id=1, member_resell=b)
    assert shares_members(home, other) == (a and b)
    assert shares_members(home, home)


@pytest.mark.parametrize("values", [{"min_age": 17}, {"max_age": 100}, {"min_age": 40,
                                    "max_age": 30}, {"page": 0}, {"page": 501},
                                    {"region": "NL-NH"}])
def test_filters_out_of_range_are_refused(values: dict[str, object]) -> None:
    with pytest.raises(DomainError):
        SearchFilters(**values)  # type: ignore[arg-type]


def test_relaxing_a_search_step_by_step() -> None:
    filters = SearchFilters(gender="female", country="NL", region="NL-NH", min_age=30,
                            max_age=40, page=3)
    steps = []
    current: SearchFilters | None = filters
    while current is not None:
        current = current.relaxed()
        if current is not None:
            steps.append(current)
    assert [(s.region, s.country, s.min_age, s.max_age) for s in steps][:3] == [
        (None, "NL", 30, 40), (None, None, 30, 40), (None, None, 25, 45)]
    assert all(s.page == 1 and s.gender == "female" for s in steps)
    assert steps[-1].min_age == 18 and steps[-1].max_age == 99


def test_site_search_fields_limit_the_filters() -> None:
    site = Site(id=1, domain="a.test", name="A", company_id=1, search_fields=("gender",))
    limited = SearchFilters(gender="male", country="NL", min_age=30).allowed_by(site)
    assert (limited.gender, limited.country, limited.min_age) == ("male", None, 18)


@given(found=st.integers(0, 20_000), capped=st.booleans(), page=st.integers(1, 500),
       more=st.booleans())
def test_page_count_offers_the_next_page_while_more_follow(found: int, capped: bool,
                                                           page: int, more: bool) -> None:
    pages = page_count(found, capped, page, more)
    assert 1 <= pages <= MAX_PAGE
    if more:
        assert pages == min(max(page + 1, -(-found // PAGE_SIZE)), MAX_PAGE)
    if not capped and not more:
        assert pages == min(max(1, -(-found // PAGE_SIZE)), MAX_PAGE)


def test_a_page_past_the_numbered_ones_opens_from_its_cursor() -> None:
    assert SearchFilters(page=NUMBERED_PAGES).page == NUMBERED_PAGES
    with pytest.raises(DomainError) as refused:
        SearchFilters(page=NUMBERED_PAGES + 1)
    assert (refused.value.code, refused.value.params) == ("page_needs_cursor",
                                                          {"max": NUMBERED_PAGES})
    assert SearchFilters(page=MAX_PAGE, after=7).page == MAX_PAGE
