"""Where a member's search starts and where members come in lists (issue 19.1)."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from domain.discovery import DECK_ORDER, MAX_AGE, SEARCH_ORDER, Listing, listing_of
from domain.matching import search_defaults
from domain.members import GENDERS, SEXUALITIES, Profile, age_on
from domain.sites import LEGAL_MIN_AGE

TODAY = date(2026, 6, 1)


@given(gender=st.sampled_from(GENDERS), sexuality=st.sampled_from(SEXUALITIES),
       born=st.dates(date(1926, 6, 2), date(2008, 6, 1)))
def test_search_starts_from_what_the_profile_seeks(gender: str, sexuality: str,
                                                   born: date) -> None:
    profile = Profile(name="Ann", gender=gender, sexuality=sexuality, birth_date=born,
                      country="NL")
    filters = search_defaults(profile, TODAY)
    other = next(g for g in GENDERS if g != gender)
    assert filters.gender == {"straight": other, "gay": gender, "bisexual": None}[sexuality]
    age = age_on(born, TODAY)
    assert filters.min_age == max(LEGAL_MIN_AGE, age - 10)
    assert filters.max_age == min(MAX_AGE, age + 10)
    assert filters.min_age <= age <= filters.max_age
    # Everywhere: the country would narrow a first search too much.
    assert filters.country is None and filters.region is None and filters.first_page


def test_photo_less_members_come_last_and_never_in_the_deck() -> None:
    assert listing_of(True) is Listing.PHOTO and listing_of(False) is Listing.NO_PHOTO
    assert SEARCH_ORDER[-1] is Listing.NO_PHOTO and set(SEARCH_ORDER) == set(Listing)
    assert Listing.NO_PHOTO not in DECK_ORDER
