"""Editing one's own profile: every change is checked before any is applied."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import Any

import attrs

from domain.accounts import FieldError, birth_date_error, check, name_error, parse_birth_date
from domain.members import (
    BODY_TYPES,
    EYE_COLOURS,
    GENDERS,
    HAIR_COLOURS,
    INTERESTS,
    RELATIONSHIP_STATUSES,
    SEXUALITIES,
    TATTOOS,
    Profile,
)
from domain.texts import (
    has_control_characters,
    has_control_characters_in_lines,
    normalise_lines,
)

ABOUT_ME_MAX = 2000
CITY_MAX = 100
INTERESTS_MAX = 20
CHOICES: dict[str, tuple[str, ...]] = {
    "gender": GENDERS, "sexuality": SEXUALITIES, "hair_colour": HAIR_COLOURS,
    "eye_colour": EYE_COLOURS, "body_type": BODY_TYPES,
    "relationship_status": RELATIONSHIP_STATUSES, "tattoos": TATTOOS,
}
OPTIONAL = ("hair_colour", "eye_colour", "body_type", "relationship_status", "tattoos")


@attrs.frozen
class ProfileContext:
    email: str
    today: date
    min_age: int
    countries: tuple[str, ...]
    is_region: Callable[[str, str], bool]


def _choice_errors(changes: Mapping[str, Any]) -> list[FieldError | None]:
    errors: list[FieldError | None] = []
    for field, options in CHOICES.items():
        if field not in changes:
            continue
        value = changes[field]
        if value is None and field in OPTIONAL:
            continue
        if value not in options:
            errors.append(FieldError(field, "invalid_choice"))
    return errors


def _text_errors(changes: Mapping[str, Any]) -> list[FieldError | None]:
    errors: list[FieldError | None] = []
    if len(changes.get("about_me") or "") > ABOUT_ME_MAX:
        errors.append(FieldError("about_me", "text_too_long", {"max": ABOUT_ME_MAX}))
    if len(changes.get("city") or "") > CITY_MAX:
        errors.append(FieldError("city", "text_too_long", {"max": CITY_MAX}))
    elif has_control_characters((changes.get("city") or "").strip()):
        errors.append(FieldError("city", "text_invalid_characters"))
    if has_control_characters_in_lines(normalise_lines(changes.get("about_me") or "")):
        errors.append(FieldError("about_me", "text_invalid_characters"))
    interests = changes.get("interests")
    if interests is not None and (len(interests) > INTERESTS_MAX
                                  or any(i not in INTERESTS for i in interests)):
        errors.append(FieldError("interests", "invalid_interests", {"max": INTERESTS_MAX}))
    return errors


def _place_errors(profile: Profile, changes: Mapping[str, Any],
                  context: ProfileContext) -> list[FieldError | None]:
    country = changes.get("country", profile.country)
    region = changes.get("region", profile.region if "country" not in changes else None)
    errors: list[FieldError | None] = []
    if "country" in changes and (context.countries and country not in context.countries):
        errors.append(FieldError("country", "invalid_country"))
    if region and not context.is_region(country, region):
        errors.append(FieldError("region", "invalid_region"))
    return errors


def apply_changes(profile: Profile, changes: Mapping[str, Any],
                  context: ProfileContext) -> Profile:
    """The profile with ``changes``; raises InvalidFields listing every bad field."""
    check(
        name_error(changes["name"], context.email) if "name" in changes else None,
        birth_date_error(changes["birth_date"], context.today, context.min_age)
        if "birth_date" in changes else None,
        *_choice_errors(changes), *_text_errors(changes),
        *_place_errors(profile, changes, context),
    )
    values = dict(changes)
    if "name" in values:
        values["name"] = values["name"].strip()
    if "birth_date" in values:
        values["birth_date"] = parse_birth_date(values["birth_date"])
    if "interests" in values:
        values["interests"] = tuple(dict.fromkeys(values["interests"]))
    if "country" in values and "region" not in values and values["country"] != profile.country:
        values["region"] = None  # the old region belongs to the old country
    for field in ("city", "about_me"):
        if isinstance(values.get(field), str):
            values[field] = values[field].strip()
    if isinstance(values.get("about_me"), str):
        values["about_me"] = normalise_lines(values["about_me"])
    return attrs.evolve(profile, **values)
