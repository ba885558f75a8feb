"""Editing a profile: every field checked, nothing half-applied."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import InvalidFields
from domain.members import INTERESTS, Profile
from domain.profile_rules import ProfileContext, apply_changes

PROFILE = Profile(name="Ann", gender="female", birth_date=date(1990, 1, 1), country="NL",
                  region="NL-NH")
CONTEXT = ProfileContext(email="ann@example.com", today=date(2026, 11, 21), min_age=18,
                         countries=("NL", "DE"),
                         is_region=lambda country, code: code.startswith(country + "-"))


def test_changes_apply_together() -> None:
    changed = apply_changes(PROFILE, {"about_me": "  Hoi!  ", "interests": ["yoga", "yoga",
                                                                           "wine"],
                                      "hair_colour": "red", "birth_date": "1991-02-03"},
                            CONTEXT)
    assert changed.about_me == "Hoi!" and changed.interests == ("yoga", "wine")
    assert changed.birth_date == date(1991, 2, 3) and changed.hair_colour == "red"


def test_a_new_country_clears_the_old_region() -> None:
    assert apply_changes(PROFILE, {"country": "DE"}, CONTEXT).region is None
    assert apply_changes(PROFILE, {"country": "DE", "region": "DE-BY"}, CONTEXT).region == "DE-BY"


@pytest.mark.parametrize(("changes", "field", "code"), [
    ({"gender": "robot"}, "gender", "invalid_choice"),
    ({"tattoos": "sleeve"}, "tattoos", "invalid_choice"),
    ({"about_me": "x" * 2001}, "about_me", "text_too_long"),
    ({"interests": ["yoga"] * 21}, "interests", "invalid_interests"),
    ({"interests": ["stamps?"]}, "interests", "invalid_interests"),
    ({"country": "FR"}, "country", "invalid_country"),
    ({"region": "DE-BY"}, "region", "invalid_region"),
    ({"name": "@ann"}, "name", "name_starts_with_at"),
    ({"birth_date": "2015-01-01"}, "date_of_birth", "birth_date_required"),
])
def test_bad_changes_are_refused(changes: dict[str, object], field: str, code: str) -> None:
    with pytest.raises(InvalidFields) as refused:
        apply_changes(PROFILE, changes, CONTEXT)
    assert refused.value.params["fields"][field] == code


@given(picked=st.lists(st.sampled_from(INTERESTS), max_size=20))
def test_any_known_interests_up_to_twenty(picked: list[str]) -> None:
    assert set(apply_changes(PROFILE, {"interests": picked}, CONTEXT).interests) == set(picked)


def test_optional_attributes_can_be_cleared() -> None:
    with_hair = apply_changes(PROFILE, {"hair_colour": "blond"}, CONTEXT)
    assert apply_changes(with_hair, {"hair_colour": None}, CONTEXT).hair_colour is None
