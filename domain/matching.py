"""How well two members fit: the compatibility score of the match-finder and the
signup matches (spec section 2, matching games).

The score (0-100) adds four parts: orientation (30), shared interests (30), age (20)
and distance by region (20). Orientation, interests and distance depend on both
members alike, so they are symmetric; the age part follows the seeker's wishes.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from typing import Protocol

import attrs

from domain.discovery import MAX_AGE, SearchFilters
from domain.errors import DomainError
from domain.members import GENDERS, INTERESTS, SEXUALITIES, Profile, age_on
from domain.sites import LEGAL_MIN_AGE

ORIENTATION_POINTS = 30
INTEREST_POINTS = 30
AGE_POINTS = 20
DISTANCE_POINTS = 20
MAX_INTERESTS = 10
AGE_SLACK = 5  # points fade out over this many years outside the wished range


class Seeking(Protocol):
    """Whom a member wants follows from their gender and sexuality alone: a profile, or
    a search's candidate (domain.ranking) without one built for it."""

    @property
    def gender(self) -> str: ...
    @property
    def sexuality(self) -> str: ...


def wants(seeker: Seeking, other_gender: str) -> bool:
    if seeker.sexuality == "bisexual":
        return True
    if seeker.sexuality == "gay":
        return other_gender == seeker.gender
    return other_gender != seeker.gender


def wanted_gender(profile: Profile) -> str | None:
    """The gender a member looks for; None when both."""
    if profile.sexuality == "bisexual":
        return None
    if profile.sexuality == "gay":
        return profile.gender
    return next(gender for gender in GENDERS if gender != profile.gender)


def mutual(one: Profile, other: Profile) -> bool:
    """Each would want the other: the gender each seeks (from their sexuality) includes
    the other's. A member is shown only to people they would want (issue 29.1)."""
    return wants(one, other.gender) and wants(other, one.gender)


def sexualities_wanting(viewer_gender: str, other_gender: str) -> tuple[str, ...]:
    """The sexualities with which a member of ``other_gender`` wants a member of
    ``viewer_gender``: the same rule as ``wants``, in the form a query filters by."""
    return tuple(sexuality for sexuality in SEXUALITIES
                 if wants(_someone(other_gender, sexuality), viewer_gender))


def _someone(gender: str, sexuality: str) -> Profile:
    return Profile(name="-", gender=gender, sexuality=sexuality,
                   birth_date=date(2000, 1, 1), country="NL")


@attrs.frozen
class Wishes:
    """What the seeker asks for in the match-finder (or what their profile implies)."""

    gender: str | None
    min_age: int
    max_age: int
    country: str | None
    region: str | None
    interests: tuple[str, ...]

    def __attrs_post_init__(self) -> None:
        if self.gender is not None and self.gender not in GENDERS:
            raise DomainError("invalid_request", detail="gender")
        if not LEGAL_MIN_AGE <= self.min_age <= self.max_age <= MAX_AGE:
            raise DomainError("invalid_age_range", min=LEGAL_MIN_AGE, max=MAX_AGE)
        if self.region and not self.country:
            raise DomainError("region_needs_country")
        if len(self.interests) > MAX_INTERESTS or any(
                interest not in INTERESTS for interest in self.interests):
            raise DomainError("invalid_request", detail="interests")

    @classmethod
    def of(cls, profile: Profile, today: date) -> Wishes:
        """After signup nobody has answered questions yet: the profile speaks for them,
        ten years around their own age."""
        age = age_on(profile.birth_date, today)
        return cls(gender=wanted_gender(profile), min_age=max(LEGAL_MIN_AGE, age - 10),
                   max_age=min(MAX_AGE, age + 10), country=profile.country,
                   region=profile.region,
                   interests=tuple(i for i in profile.interests if i in INTERESTS)[:MAX_INTERESTS])


def search_defaults(profile: Profile, today: date) -> SearchFilters:
    """Where search and the games start for a member (issue 19.1): the gender they seek
    and ten years around their own age, everywhere (a country narrows too much to start
    with). The member widens or narrows it from there."""
    wishes = Wishes.of(profile, today)
    return SearchFilters(gender=wishes.gender, min_age=wishes.min_age, max_age=wishes.max_age)


def orientation_points(one: Profile, other: Profile) -> int:
    both = wants(one, other.gender) and wants(other, one.gender)
    either = wants(one, other.gender) or wants(other, one.gender)
    return ORIENTATION_POINTS if both else ORIENTATION_POINTS // 3 if either else 0


def interest_points(one: tuple[str, ...], other: tuple[str, ...]) -> int:
    """Shared interests over the longer list: the same three interests is a full fit,
    one shared of three counts a third."""
    if not one or not other:
        return 0
    mine, theirs = set(one), set(other)  # each made once: best first scores 72 a search
    return round(INTEREST_POINTS * len(mine & theirs) / max(len(mine), len(theirs)))


def distance_points(country: str | None, region: str | None, other: Profile) -> int:
    if country != other.country:
        return 0
    if region and region == other.region:
        return DISTANCE_POINTS
    return DISTANCE_POINTS // 2


def age_points(wishes: Wishes, age: int) -> int:
    outside = max(wishes.min_age - age, age - wishes.max_age, 0)
    return max(0, AGE_POINTS - AGE_POINTS * outside // AGE_SLACK)


def affinity(one: Profile, other: Profile) -> int:
    """The part of the score that depends only on both profiles: symmetric."""
    return (orientation_points(one, other) + interest_points(one.interests, other.interests)
            + distance_points(one.country, one.region, other))


def compatibility(seeker: Profile, wishes: Wishes, candidate: Profile, today: date) -> int:
    return (orientation_points(seeker, candidate)
            + interest_points(wishes.interests, candidate.interests)
            + age_points(wishes, age_on(candidate.birth_date, today))
            + distance_points(wishes.country, wishes.region, candidate))


def best_matches(seeker: Profile, wishes: Wishes, candidates: list[tuple[int, Profile]],
                 today: date, limit: int,
                 fictional: Collection[int] = ()) -> list[tuple[int, int]]:
    """(member id, score) of the best fits, highest first; ties keep newer members first
    (candidates come newest first). Fictional profiles (``fictional``: their ids) come
    after every real member whatever their score: they may be shown, but are never
    anyone's best match (issue 29.3)."""
    scored = [(member_id, compatibility(seeker, wishes, profile, today))
              for member_id, profile in candidates]
    scored.sort(key=lambda pair: (pair[0] in fictional, -pair[1]))
    return scored[:limit]
