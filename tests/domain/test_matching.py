"""Properties of the compatibility score behind the match-finder and signup matches."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.matching import (
    Wishes,
    affinity,
    best_matches,
    compatibility,
    mutual,
    orientation_points,
    sexualities_wanting,
    wanted_gender,
    wants,
)
from domain.members import GENDERS, INTERESTS, SEXUALITIES, Profile

TODAY = date(2026, 11, 21)
profiles = st.builds(
    Profile, name=st.just("X"), gender=st.sampled_from(GENDERS),
    sexuality=st.sampled_from(SEXUALITIES),
    birth_date=st.dates(min_value=date(1927, 1, 1), max_value=date(2008, 1, 1)),
    country=st.sampled_from(["NL", "DE", "SE"]),
    region=st.sampled_from([None, "R1", "R2"]),
    interests=st.lists(st.sampled_from(INTERESTS), max_size=10, unique=True).map(tuple),
)


@given(one=profiles, other=profiles)
def test_affinity_is_symmetric(one: Profile, other: Profile) -> None:
    assert affinity(one, other) == affinity(other, one)
    assert orientation_points(one, other) == orientation_points(other, one)


@given(seeker=profiles, candidate=profiles)
def test_the_score_stays_between_0_and_100(seeker: Profile, candidate: Profile) -> None:
    score = compatibility(seeker, Wishes.of(seeker, TODAY), candidate, TODAY)
    assert 0 <= score <= 100


@given(one=profiles, other=profiles)
def test_two_profiles_wished_by_their_own_profiles_agree_when_ages_fit(
        one: Profile, other: Profile) -> None:
    """Signup matches: when each is inside the other's age range, A's score for B equals
    B's score for A, apart from interests measured against the same two lists."""
    wish_one, wish_other = Wishes.of(one, TODAY), Wishes.of(other, TODAY)
    from domain.members import age_on
    if (wish_one.min_age <= age_on(other.birth_date, TODAY) <= wish_one.max_age
            and wish_other.min_age <= age_on(one.birth_date, TODAY) <= wish_other.max_age):
        assert (compatibility(one, wish_one, other, TODAY)
                == compatibility(other, wish_other, one, TODAY))


def test_orientation_fit() -> None:
    man = Profile(name="M", gender="male", birth_date=date(1990, 1, 1), country="NL")
    woman = Profile(name="W", gender="female", birth_date=date(1990, 1, 1), country="NL")
    gay = Profile(name="G", gender="male", sexuality="gay", birth_date=date(1990, 1, 1),
                  country="NL")
    assert wants(man, "female") and not wants(man, "male") and wants(gay, "male")
    assert wanted_gender(man) == "female" and wanted_gender(gay) == "male"
    assert orientation_points(man, woman) == 30
    lesbian = Profile(name="L", gender="female", sexuality="gay", birth_date=date(1990, 1, 1),
                      country="NL")
    assert orientation_points(man, gay) == 10  # only the gay man would be interested
    assert orientation_points(gay, lesbian) == 0


def test_more_shared_interests_and_closer_regions_rank_higher() -> None:
    seeker = Profile(name="S", gender="male", birth_date=date(1990, 1, 1), country="NL",
                     region="NL-NH", interests=("wine", "yoga", "travel"))
    wishes = Wishes.of(seeker, TODAY)

    def woman(interests: tuple[str, ...], region: str | None, born: int = 1991) -> Profile:
        return Profile(name="W", gender="female", birth_date=date(born, 1, 1), country="NL",
                       region=region, interests=interests)

    candidates = [(1, woman((), None)), (2, woman(("wine",), "NL-ZH")),
                  (3, woman(("wine", "yoga", "travel"), "NL-NH")),
                  (4, woman(("wine", "yoga", "travel"), "NL-NH", born=1950))]
    ranked = best_matches(seeker, wishes, candidates, TODAY, limit=3)
    assert [member_id for member_id, _ in ranked] == [3, 4, 2]
    assert ranked[0][1] == 100


@pytest.mark.parametrize("changes", [{"gender": "robot"}, {"min_age": 17},
                                     {"min_age": 50, "max_age": 40}, {"region": "NL-NH"},
                                     {"interests": ("knitting-with-cats",)},
                                     {"interests": INTERESTS[:11]}])
def test_wishes_are_checked(changes: dict[str, object]) -> None:
    values: dict[str, object] = {"gender": "female", "min_age": 18, "max_age": 99,
                                 "country": None, "region": None, "interests": ()}
    values.update(changes)
    with pytest.raises(DomainError):
        Wishes(**values)  # type: ignore[arg-type]


@given(profiles, profiles)
def test_mutual_is_symmetric_and_means_each_wants_the_other(one: Profile,
                                                           other: Profile) -> None:
    assert mutual(one, other) == mutual(other, one)
    assert mutual(one, other) == (wants(one, other.gender) and wants(other, one.gender))


@given(profiles, profiles)
def test_a_query_by_sexualities_wanting_finds_exactly_who_wants_the_viewer(
        viewer: Profile, other: Profile) -> None:
    found = other.sexuality in sexualities_wanting(viewer.gender, other.gender)
    assert found == wants(other, viewer.gender)


def test_a_straight_man_is_not_wanted_by_a_lesbian() -> None:
    assert sexualities_wanting("male", "female") == ("straight", "bisexual")
    assert sexualities_wanting("male", "male") == ("gay", "bisexual")
