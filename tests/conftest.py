"""Shared fixtures: real SQLite and PostgreSQL databases, a real Redis, a built container."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from adapters.config import Config, load_config
from adapters.container import Container, build_container
from adapters.sql import migrate
from adapters.sql.engine import database_engine
from adapters.sql.unit_of_work import SqlUnitOfWork
from domain.sites import Address, Company, MessageCost, Site
from tests.moto_s3 import s3_bucket, s3_endpoint  # noqa: F401  (fixtures for every suite)

POSTGRES_SERVER = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture(scope="session")
def postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database for this test session, dropped afterwards."""
    name = f"amora_test_{uuid.uuid4().hex[:10]}"
    admin = create_engine(POSTGRES_SERVER.replace("postgresql://", "postgresql+psycopg://"),
                          isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    base = POSTGRES_SERVER.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated, empty database of each kind."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'amora.db'}"
        migrate.upgrade(url)
        yield url
        return
    url = request.getfixturevalue("postgres_database")
    migrate.upgrade(url)
    yield url
    migrate.downgrade(url, "base")


@pytest.fixture
def engine(database_url: str):  # type: ignore[no-untyped-def]
    engine = database_engine(database_url)
    yield engine
    engine.dispose()


@pytest.fixture
def uow(engine):  # type: ignore[no-untyped-def]
    return lambda: SqlUnitOfWork(engine)


def make_config(tmp_path: Path, **overrides: str) -> Config:
    env = {"VAR_DIR": str(tmp_path / "var"), "SECRET_KEY": "test-secret", "RATE_LIMITS": "off",
           **overrides}
    return load_config(env)


@pytest.fixture
def container(tmp_path: Path, database_url: str) -> Iterator[Container]:
    built = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                        WEB_DIST=str(tmp_path / "dist")))
    yield built
    built.engine().dispose()


def sample_company(**changes: object) -> Company:
    values: dict[str, object] = {
        "id": 0,
        "name": "Amora Media B.V.",
        "kvk": "87654321",
        "addresses": (
            Address("Keizersgracht 100", "1015 CJ", "Amsterdam", "NL"),
            Address("1209 Orange Street", "19801", "Wilmington, DE", "US", audience="US"),
        ),
        "added": datetime(2024, 3, 1, 9, 30, tzinfo=UTC),
        "tradenames": ("Amora",),
        "vat_numbers": ("NL123456789B01",),
        "support_phone": "+31 20-123 4567",
        "delete_discount": 50,
    }
    values.update(changes)
    return Company(**values)  # type: ignore[arg-type]


def sample_site(company_id: int, **changes: object) -> Site:
    values: dict[str, object] = {
        "id": 0,
        "domain": "amora.test",
        "name": "Amora",
        "company_id": company_id,
        "is_default": True,
        "index_title": {"en": "Meet adults near you",
                        "nl": "Ontmoet volwassenen bij jou in de buurt"},
        "countries": ("NL", "DE", "US"),
        "minimum_message_costs": {"DE": MessageCost(15, "EUR")},
        "fictional_plural": {"en": "hosts", "nl": "hosts"},
    }
    values.update(changes)
    return Site(**values)  # type: ignore[arg-type]


def seed_default_site(container: Container) -> None:
    """One company and its default site, amora.test, in the container's database."""
    with container.unit_of_work() as work:
        work.sites.add(sample_site(work.companies.add(sample_company()).id))
        work.commit()


@pytest.fixture
def seeded(uow):  # type: ignore[no-untyped-def]
    """One company with a default site and a second site."""
    with uow() as work:
        company = work.companies.add(sample_company())
        default = work.sites.add(sample_site(company.id))
        other = work.sites.add(sample_site(company.id, domain="flirt.test", name="Flirt",
                                           is_default=False, niche=7, locales=("en", "de"),
                                           entry_popup_countries=("NL", "DE")))
        work.commit()
    return company, default, other
