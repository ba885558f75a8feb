"""Shared fixtures: real SQLite and PostgreSQL databases, a real Redis, a built container.

Speed without cutting corners: each kind of database is migrated once per session; a test
gets a copy of the migrated SQLite file, or the session's PostgreSQL database emptied
after the test before. Passwords are hashed with cheap argon2 parameters
(PASSWORD_HASHING=cheap, refused in production; tests/adapters/test_config.py proves the
defaults are strong), also in the servers and commands the tests start.
"""

from __future__ import annotations

import functools
import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.pool import NullPool

from adapters.config import Config, load_config
from adapters.container import Container, build_container
from adapters.sql import migrate
from adapters.sql.engine import database_engine
from adapters.sql.unit_of_work import SqlUnitOfWork
from domain.sites import Address, Company, MessageCost, Site
from tests.moto_s3 import s3_bucket, s3_endpoint  # noqa: F401  (fixtures for every suite)

POSTGRES_SERVER = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
# Under pytest-xdist each worker has a Redis database of its own (gw0: 15, gw1: 14, ...), so
# the job queues and event channels of tests running side by side never meet.
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
REDIS_URL = os.environ.get("TEST_REDIS_URL", f"redis://127.0.0.1:6379/{15 - _WORKER}")
# In os.environ, so `amora` processes the tests start (live servers, workers) hash cheaply too.
os.environ.setdefault("PASSWORD_HASHING", "cheap")

# The `uow` fixture: a new unit of work on the test's database at each call.
UowFactory = Callable[[], SqlUnitOfWork]
# The `seeded` fixture: the company, its default site (amora.test) and a second site.
Seeded = tuple[Company, Site, Site]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/e2e is marked `e2e`, so `pytest -m "not e2e"` leaves the
    browser tests out. Under pytest-xdist (`-n 2 --dist loadgroup`, as make test runs)
    they stay together on one worker: one live server and one Chromium, not one each."""
    e2e = Path(__file__).parent / "e2e"
    for item in items:
        if e2e in item.path.parents:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.xdist_group("e2e"))


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


@functools.cache
def _head() -> str:
    head = ScriptDirectory.from_config(migrate.alembic_config("sqlite://")).get_current_head()
    assert head is not None
    return head


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated once; each test works on a copy of it."""
    path = tmp_path_factory.mktemp("migrated") / "amora.db"
    migrate.upgrade(f"sqlite:///{path}")
    assert not path.with_name("amora.db-wal").exists(), "the copy would miss the WAL's pages"
    return path


@pytest.fixture(scope="session")
def postgres_admin(postgres_database: str) -> Iterator[Engine]:
    """Connections to the session's PostgreSQL database for checking and emptying it;
    none kept open between tests (some tests terminate every connection to it)."""
    engine = create_engine(postgres_database.replace("postgresql://", "postgresql+psycopg://"),
                           poolclass=NullPool)
    yield engine
    engine.dispose()


def _migrated_postgres(admin: Engine, url: str) -> None:
    """At the newest revision (a few tests migrate the shared database down themselves)."""
    with admin.connect() as connection:
        version = connection.execute(text(
            "SELECT version_num FROM alembic_version")).scalar() if connection.execute(
            text("SELECT to_regclass('alembic_version')")).scalar() else None
    if version != _head():
        migrate.upgrade(url)


def _empty_postgres(admin: Engine) -> None:
    """Every row gone and every id counter back at 1, as in a newly migrated database.
    DELETE, not TRUNCATE: on small tables it is ten times faster (no new files to sync);
    foreign keys are not checked meanwhile (session_replication_role)."""
    with admin.begin() as connection:
        tables = connection.execute(text(
            "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema()"
            " AND tablename <> 'alembic_version'")).scalars().all()
        sequences = connection.execute(text(
            "SELECT quote_ident(sequencename) FROM pg_sequences"
            " WHERE schemaname = current_schema()")).scalars().all()
        # A connection a test left inside a transaction would otherwise hang us here.
        connection.exec_driver_sql(
            "SET LOCAL lock_timeout = '20s'; SET LOCAL session_replication_role = replica;"
            + "".join(f"DELETE FROM {table};" for table in tables)
            + "".join(f"ALTER SEQUENCE {sequence} RESTART;" for sequence in sequences))


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated, empty database of each kind."""
    if request.param == "sqlite":
        path = tmp_path / "amora.db"
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
        yield f"sqlite:///{path}"
        return
    url = request.getfixturevalue("postgres_database")
    admin = request.getfixturevalue("postgres_admin")
    _migrated_postgres(admin, url)
    yield url
    _empty_postgres(admin)


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = database_engine(database_url)
    yield engine
    engine.dispose()


@pytest.fixture
def uow(engine: Engine) -> UowFactory:
    return lambda: SqlUnitOfWork(engine)


def make_config(tmp_path: Path, **overrides: str) -> Config:
    env = {"VAR_DIR": str(tmp_path / "var"), "SECRET_KEY": "test-secret", "RATE_LIMITS": "off",
           "PASSWORD_HASHING": "cheap", **overrides}
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
def seeded(uow: UowFactory) -> Seeded:
    """One company with a default site and a second site."""
    with uow() as work:
        company = work.companies.add(sample_company())
        default = work.sites.add(sample_site(company.id))
        other = work.sites.add(sample_site(company.id, domain="flirt.test", name="Flirt",
                                           is_default=False, niche=7, locales=("en", "de"),
                                           entry_popup_countries=("NL", "DE")))
        work.commit()
    return company, default, other
