"""The demo seed against a real SQLite database, real files, Faker and Pillow."""

from __future__ import annotations

import io
import re
from collections import Counter
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import argon2
import pycountry
import pytest
from PIL import Image
from sqlalchemy import Engine, select

from adapters.demo.catalogue import COMPANIES, SITES
from adapters.demo.crowd import DEMO_PASSWORD
from adapters.demo.people import TOWNS, FakerPeople
from adapters.demo.portraits import PillowPortraits
from adapters.demo.seed import DemoSeeder, DemoSummary
from adapters.files.local import LocalFileStore
from adapters.security.passwords import Argon2Passwords
from adapters.sql import tables as t
from adapters.sql.engine import database_engine
from adapters.sql.migrate import upgrade
from adapters.sql.unit_of_work import SqlUnitOfWork
from domain.locales import LOCALE_CODES
from domain.members import INTERESTS, age_on
from tests.lookups import found

MEMBERS = 60
SEED = 2026
REFERENCE = date(2026, 3, 1)
PASSWORDS = Argon2Passwords(argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))


class Clock:
    def now(self) -> datetime:
        return datetime(2026, 3, 1, 15, 30, tzinfo=UTC)


class Demo:
    """A migrated SQLite database and a photo directory, with a seeder over them."""

    def __init__(self, root: Path) -> None:
        url = f"sqlite:///{root / 'amora.db'}"
        upgrade(url)
        self.engine: Engine = database_engine(url)
        self.files = LocalFileStore(root / "media")
        self.seeder = DemoSeeder(uow=self.unit_of_work, files=self.files,
                                 people=FakerPeople(), painter=PillowPortraits(),
                                 passwords=PASSWORDS, clock=Clock())

    def unit_of_work(self, *, reads_only: bool = False, searches: bool = False) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.engine, reads_only=reads_only)

    def seed(self) -> DemoSummary:
        return self.seeder.seed(members=MEMBERS, seed=SEED, reference=REFERENCE)

    def rows(self, query: Any) -> list[dict[str, Any]]:
        with self.engine.connect() as connection:
            return [dict(row._mapping) for row in connection.execute(query)]

    def members(self) -> list[dict[str, Any]]:
        query = (select(t.members, t.profiles, t.sites.c.domain)
                 .join(t.profiles, t.profiles.c.member_id == t.members.c.id)
                 .join(t.sites, t.sites.c.id == t.members.c.site_id)
                 .order_by(t.members.c.id))
        return self.rows(query)

    def photos(self) -> list[dict[str, Any]]:
        return self.rows(select(t.photos).order_by(t.photos.c.id))


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Demo, DemoSummary]:
    demo = Demo(tmp_path_factory.mktemp("demo"))
    return demo, demo.seed()


Seeded = tuple[Demo, DemoSummary]


def test_seed_creates_the_catalogue_and_the_members(seeded: Seeded) -> None:
    demo, summary = seeded
    assert summary.companies == 3 and summary.sites == 3
    assert summary.members_created == MEMBERS == len(demo.members())
    assert summary.photos_created == len(demo.photos())
    sites = {row["domain"]: row for row in demo.rows(select(t.sites))}
    assert set(sites) == {"amora.test", "flirtnordic.test", "gay.amora.test"}
    assert sites["amora.test"]["is_default"]
    with SqlUnitOfWork(demo.engine) as uow:
        assert uow.sites.default() is not None
        assert found(uow.sites.default()).domain == "amora.test"
        companies = uow.companies.all()
        assert [c.name for c in companies] == [c.name for c in COMPANIES]
        assert any(c.address_for("US").audience == "US" for c in companies)


def test_members_are_plausible(seeded: Seeded) -> None:
    members = seeded[0].members()
    assert {m["gender"] for m in members} == {"female", "male"}
    assert {m["language"] for m in members} == LOCALE_CODES
    assert Counter(m["domain"] for m in members).most_common(1)[0][0] == "amora.test"
    for m in members:
        assert 18 <= age_on(m["birth_date"], REFERENCE) <= 75
        assert m["status"] == "active" and m["status_1"] == "active"  # account, profile
        assert 3 <= len(m["interests"]) <= 8 and set(m["interests"]) <= set(INTERESTS)
        assert 1 <= m["about_me"].count(".") + m["about_me"].count("?") <= 3
        assert m["region"].startswith(m["country"] + "-") and m["city"]
        assert m["created_at"] <= datetime(2026, 3, 1, tzinfo=UTC)
        assert (REFERENCE - m["created_at"].date()).days <= 731
        assert age_on(m["birth_date"], m["created_at"].date()) >= 18
        male_interested_man = m["gender"] == "male" and m["sexuality"] != "straight"
        assert male_interested_man == (m["domain"] == "gay.amora.test")
        if m["is_fictional"]:
            assert m["domain"] == "amora.test"
    site_countries = {site.domain: site.countries for site in SITES}
    assert all(m["country"] in site_countries[m["domain"]] for m in members)


def test_only_the_two_demo_accounts_can_log_in(seeded: Seeded) -> None:
    members = seeded[0].members()
    accounts = {m["email"]: m for m in members if m["password_hash"]}
    assert set(accounts) == {"demo@example.com", "demo.man@example.com"}
    woman, man = accounts["demo@example.com"], accounts["demo.man@example.com"]
    assert (woman["gender"], woman["country"], woman["domain"]) == ("female", "NL", "amora.test")
    assert (man["gender"], man["country"], man["domain"]) == ("male", "DE", "amora.test")
    assert all(PASSWORDS.verify(m["password_hash"], DEMO_PASSWORD) for m in accounts.values())
    others = [m["email"] for m in members if not m["password_hash"]]
    assert all(email.endswith("@demo.amora.test") for email in others)
    assert len(set(others)) == len(others)


def test_photos_are_stored_jpegs_without_exif(seeded: Seeded) -> None:
    demo = seeded[0]
    photos = demo.photos()
    per_member = Counter(photo["member_id"] for photo in photos)
    assert set(per_member) == {m["id"] for m in demo.members()}
    assert all(1 <= count <= 4 for count in per_member.values())
    mains = Counter(photo["member_id"] for photo in photos if photo["is_main"])
    assert all(count == 1 for count in mains.values()) and len(mains) == len(per_member)
    assert {photo["status"] for photo in photos if photo["is_main"]} == {"active"}
    for photo in photos:
        n = photo["filename"].removeprefix(f"photos/{photo['member_id']}/").removesuffix(".jpg")
        assert re.fullmatch(r"[A-Za-z0-9_-]{20}", n)  # random, as an upload's (issue 28.6)
        assert photo["thumb_filename"] == f"photos/{photo['member_id']}/{n}_thumb.jpg"
        for name, size in ((photo["filename"], (600, 800)),
                           (photo["thumb_filename"], (200, 200))):
            data = demo.files.get(name)
            assert data is not None
            image = Image.open(io.BytesIO(data))
            assert (image.format, image.size) == ("JPEG", size)
            assert "exif" not in image.info and not image.getexif()


def test_seeding_again_adds_nothing(seeded: Seeded) -> None:
    demo = seeded[0]
    before = (len(demo.members()), len(demo.photos()))
    assert demo.seed() == DemoSummary(companies=0, sites=0, members_created=0,
                                      photos_created=0)
    assert (len(demo.members()), len(demo.photos())) == before


def test_the_same_seed_gives_the_same_rows_and_images(seeded: Seeded, tmp_path: Path) -> None:
    first = seeded[0]
    second = Demo(tmp_path)
    second.seed()

    def rows(demo: Demo) -> list[dict[str, Any]]:
        return [{k: v for k, v in m.items() if k != "password_hash"} for m in demo.members()]

    assert rows(second) == rows(first)

    def photos(demo: Demo) -> list[dict[str, Any]]:  # but for their random names
        return [{k: v for k, v in p.items() if not k.endswith("filename")}
                for p in demo.photos()]

    assert photos(second) == photos(first)

    def files(demo: Demo) -> list[bytes | None]:
        return [demo.files.get(name) for photo in demo.photos()
                for name in (photo["filename"], photo["thumb_filename"])]

    assert files(second) == files(first)
    names = {photo["filename"] for demo in (first, second) for photo in demo.photos()}
    assert len(names) == 2 * len(first.photos())  # nobody finds a demo photo by its seed


def test_catalogue_texts_are_translated() -> None:
    amora = SITES[0]
    assert set(amora.locales) == LOCALE_CODES
    for site in SITES:
        for field in ("index_title", "description"):
            texts = getattr(site, field)
            assert set(texts) == set(site.locales)
            assert all(text != texts["en"] for code, text in texts.items() if code != "en")
    for field in ("fictional_warning", "fictional_singular", "fictional_plural"):
        texts = getattr(amora, field)
        assert set(texts) == LOCALE_CODES
        assert all(text != texts["en"] for code, text in texts.items() if code != "en")


# "Near you" in the eleven languages, as the taglines once said it.
NEAR_YOU = ("near you", "in deiner nähe", "in de buurt", "i nærheden", "i nærheten",
            "cerca de ti", "läheltäsi", "près de chez vous", "vicino a te", "w swojej okolicy",
            "nära dig")


def test_taglines_promise_no_one_near_a_visitor_of_unknown_place() -> None:
    """Issue 29: the description is the footer's tagline and the home page's lead, read by
    visitors whose place the site does not know."""
    for site in SITES:
        for code, text in site.description.items():
            assert not [near for near in NEAR_YOU if near in text.lower()], (site.name, code)


def test_towns_lie_in_real_first_level_regions() -> None:
    for country, towns in TOWNS.items():
        for _town, region in towns:
            subdivision = pycountry.subdivisions.get(code=region)
            assert subdivision is not None, region
            assert subdivision.country_code == country and subdivision.parent_code is None
