"""Where a member's search starts and where members come in lists (issue 19.1)."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from domain.discovery import (
    DECK_ORDER,
    MAX_AGE,
    SEARCH_ORDER,
    Listing,
    listing_of,
    profile_filled,
)
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
    profile = Profile(name="Ann", gender="female", birth_date=date(1990, 1, 1), country="NL")
    assert listing_of(True, profile) is Listing.PHOTO
    assert listing_of(False, profile) is Listing.NO_PHOTO
    assert SEARCH_ORDER == (Listing.FILLED, Listing.PHOTO, Listing.NO_PHOTO)
    assert set(SEARCH_ORDER) == set(Listing) and list(SEARCH_ORDER) == sorted(Listing)
    assert Listing.NO_PHOTO not in DECK_ORDER and DECK_ORDER[0] == Listing.FILLED


@given(about_me=st.sampled_from(["", "   ", "\n\t ", "Hi, I sail.", " Cook \n"]),
       interests=st.lists(st.sampled_from(["music", "travel", "sport"]), max_size=2,
                          unique=True),
       has_photo=st.booleans())
def test_a_photo_and_a_filled_profile_come_first(about_me: str, interests: list[str],
                                                 has_photo: bool) -> None:
    """Filled: an about-me that is not blank and at least one interest; without an
    active main photo a filled profile still comes last."""
    profile = Profile(name="Ann", gender="female", birth_date=date(1990, 1, 1),
                      country="NL", about_me=about_me, interests=tuple(interests),
                      hair_colour="brown", body_type="slim")
    filled = bool(about_me.strip()) and bool(interests)
    assert profile_filled(profile) is filled
    expected = (Listing.FILLED if filled else Listing.PHOTO) if has_photo \
        else Listing.NO_PHOTO
    assert listing_of(has_photo, profile) is expected
