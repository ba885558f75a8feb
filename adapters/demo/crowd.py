"""Who the demo members are (`amora demo seed`): planned from the seed and the reference
date alone, so the same seed gives the same crowd. Every choice comes from a
``random.Random`` stream keyed by the seed and the member's number; names and towns come
from the injected DemoPeople (Faker), which is seeded the same way.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Protocol

import attrs

from adapters.demo.about_me import ABOUT_ME
from adapters.demo.catalogue import LANGUAGE_OF_COUNTRY, SITES
from domain.members import (
    BODY_TYPES,
    EYE_COLOURS,
    INTERESTS,
    AccountStatus,
    Member,
    Profile,
    age_on,
)
from domain.sites import Site

DEMO_PASSWORD = "amora-demo-2026"
EMAIL_DOMAIN = "demo.amora.test"
MIN_AGE, MAX_AGE = 18, 75
HISTORY = timedelta(days=730)  # members signed up over the two years before the reference
MAIN, NORDIC, GAY = (site.domain for site in SITES)
# One round of countries: every language at least once, the bigger markets more often.
COUNTRY_ROUND = (
    ("DE",) * 3 + ("GB",) * 2 + ("US",) * 2 + ("FR",) * 2 + ("NL",) * 2 + ("IT",) * 2
    + ("ES",) * 2 + ("PL", "SE", "DK", "NO", "FI")
)


@attrs.frozen
class DemoPerson:
    name: str
    region: str  # ISO 3166-2 subdivision code, e.g. 'NL-NH'
    city: str


class DemoPeople(Protocol):
    """Plausible first names and home towns, the same for the same seed."""

    def person(self, country: str, gender: str, seed: int) -> DemoPerson: ...


@attrs.frozen
class PlannedPhoto:
    variant: int
    is_main: bool
    status: str
    created_at: datetime


@attrs.frozen
class Planned:
    number: int
    site_domain: str
    member: Member
    age: int
    portrait_seed: int
    photos: tuple[PlannedPhoto, ...]
    password: str | None = None


@attrs.frozen
class _DemoAccount:
    email: str
    name: str
    gender: str
    country: str
    age: int


DEMO_ACCOUNTS = (
    _DemoAccount("demo@example.com", "Sanne", "female", "NL", 34),
    _DemoAccount("demo.man@example.com", "Jonas", "male", "DE", 38),
)


def plan_members(people: DemoPeople, members: int, seed: int, reference: date,
                 sites: Mapping[str, Site]) -> Iterator[Planned]:
    """The demo members, numbered from 0: the same seed and reference, the same crowd."""
    countries = _country_rounds(seed)
    for number in range(members):
        rng = random.Random(f"amora-demo:{seed}:member:{number}")
        account = DEMO_ACCOUNTS[number] if number < len(DEMO_ACCOUNTS) else None
        yield _member(people, rng, number, next(countries), reference, sites, account)


def _member(people: DemoPeople, rng: random.Random, number: int, country: str,
            reference: date, sites: Mapping[str, Site], account: _DemoAccount | None
            ) -> Planned:
    gender = account.gender if account else rng.choice(("female", "male"))
    country = account.country if account else country
    domain, sexuality = _site_and_sexuality(rng, gender, country, sites)
    if account:
        domain, sexuality = MAIN, "straight"
    site = sites[domain]
    age = account.age if account else rng.randint(MIN_AGE, MAX_AGE)
    birth = _birth_date(rng, age, reference)
    end = datetime.combine(reference, time(), UTC)
    adult = datetime.combine(_years_later(birth, MIN_AGE), time(), UTC)
    start = max(end - HISTORY, adult)
    created_at = end - timedelta(days=30) if account else start + timedelta(
        seconds=rng.randint(0, max(0, int((end - start).total_seconds()))))
    person = people.person(country, gender, rng.getrandbits(32))
    name = account.name if account else person.name
    language = LANGUAGE_OF_COUNTRY[country]
    if language not in site.locales:
        language = "en" if "en" in site.locales else site.locales[0]
    profile = Profile(
        name=name, gender=gender, birth_date=birth, country=country, sexuality=sexuality,
        region=person.region, city=person.city, about_me=_about_me(rng, language),
        interests=_interests(rng), hair_colour=_hair_colour(rng, age, country),
        eye_colour=_maybe(rng, EYE_COLOURS), body_type=_maybe(rng, BODY_TYPES),
        relationship_status=_maybe(rng, _RELATIONSHIPS, _relationship_weights(age)),
        tattoos=_maybe(rng, ("none", "one", "several"), (60, 25, 15)),
    )
    member = Member(
        id=0, site_id=site.id,
        email=account.email if account else f"{_slug(name)}.{number + 1}@{EMAIL_DOMAIN}",
        status=AccountStatus.ACTIVE, language=language, created_at=created_at,
        activated_at=created_at, profile=profile,
        is_fictional=account is None and domain == MAIN and rng.random() < 0.08,
        invisible=account is None and rng.random() < 0.05,
        paid_user=account is None and rng.random() < 0.10,
    )
    assert MIN_AGE <= age_on(birth, reference) == age <= MAX_AGE
    count = 3 if account else rng.randint(1, 4)
    photos = tuple(
        PlannedPhoto(variant=n, is_main=n == 0,
                     status="pending" if n and rng.random() < 0.05 else "active",
                     created_at=min(end, created_at + timedelta(
                         minutes=rng.randint(2, 60) if n == 0
                         else rng.randint(60, 60 * 24 * 60))))
        for n in range(count))
    return Planned(number=number, site_domain=domain, member=member, age=age,
                   portrait_seed=rng.getrandbits(48), photos=photos,
                   password=DEMO_PASSWORD if account else None)


_RELATIONSHIPS = ("single", "divorced", "widowed", "in_relationship", "married")
_HAIR = ("black", "brown", "blond", "red", "grey", "other")
_BLOND_BLACK = {  # weights of blond and black hair by country; brown is 38 everywhere
    "DK": (40, 12), "FI": (42, 10), "NO": (40, 12), "SE": (40, 12), "NL": (26, 16),
    "DE": (26, 16), "PL": (24, 16), "GB": (22, 20), "US": (20, 26), "FR": (12, 26),
    "ES": (8, 36), "IT": (8, 36),
}
_SLUG = str.maketrans({"ł": "l", "ø": "o", "æ": "ae", "ß": "ss", "đ": "d", "ı": "i"})


def _country_rounds(seed: int) -> Iterator[str]:
    """Countries in shuffled rounds, so every language shows up in every round."""
    round_number = 0
    while True:
        countries = list(COUNTRY_ROUND)
        random.Random(f"amora-demo:{seed}:countries:{round_number}").shuffle(countries)
        yield from countries
        round_number += 1


def _site_and_sexuality(rng: random.Random, gender: str, country: str,
                        sites: Mapping[str, Site]) -> tuple[str, str]:
    """Men into men meet on the gay site; a share of the Nordics on Flirt Nordic."""
    draw = rng.random()
    if gender == "male" and country in sites[GAY].countries and draw < 0.22:
        return GAY, "gay" if rng.random() < 0.75 else "bisexual"
    if country in sites[NORDIC].countries and draw > 0.65:
        return NORDIC, _woman_or_straight(rng, gender)
    if country not in sites[MAIN].countries:
        domain = next((d for d, s in sites.items() if country in s.countries), MAIN)
        return domain, _woman_or_straight(rng, gender)
    return MAIN, _woman_or_straight(rng, gender)


def _woman_or_straight(rng: random.Random, gender: str) -> str:
    if gender == "male":
        return "straight"
    return rng.choices(("straight", "bisexual", "gay"), (85, 9, 6))[0]


def _years_later(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February in a common year
        return day.replace(year=day.year + years, month=3, day=1)


def _years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def _birth_date(rng: random.Random, age: int, reference: date) -> date:
    """A birthday, uniform over the days on which someone is exactly ``age`` on ``reference``."""
    latest = _years_before(reference, age)
    earliest = _years_before(reference, age + 1) + timedelta(days=1)
    return earliest + timedelta(days=rng.randint(0, (latest - earliest).days))


def _maybe(rng: random.Random, options: Sequence[str],
           weights: Sequence[float] | None = None) -> str | None:
    """An optional attribute, left empty now and then as real members do."""
    if rng.random() < 0.08:
        return None
    return rng.choices(options, weights)[0]


def _relationship_weights(age: int) -> tuple[float, ...]:
    return (60, 10 + max(0, age - 30) * 0.6, max(0, age - 50) * 0.6, 8, 3)


def _hair_colour(rng: random.Random, age: int, country: str) -> str:
    grey = max(0.0, age - 40) * 2.2
    blond, black = _BLOND_BLACK.get(country, (20, 20))
    return rng.choices(_HAIR, (black, 38, blond, 5, grey, 3))[0]


def _interests(rng: random.Random) -> tuple[str, ...]:
    chosen = set(rng.sample(INTERESTS, rng.randint(3, 8)))
    return tuple(interest for interest in INTERESTS if interest in chosen)


def _about_me(rng: random.Random, language: str) -> str:
    return " ".join(rng.sample(ABOUT_ME[language], rng.randint(1, 3)))


def _slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name.lower().translate(_SLUG))
    slug = "".join(c for c in ascii_name if c.isascii() and c.isalnum())
    return slug or "member"
