"""The container the CLI commands share, built on first use from the environment."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Annotated

import typer

from cli.failures import MAX_NUMBER, fail
from cli.messages import describe
from domain.errors import DomainError

if TYPE_CHECKING:
    from adapters.container import Container

# Ids as the database holds them: anything else is refused as a malformed command line.
Id = Annotated[int, typer.Argument(min=1, max=MAX_NUMBER)]

NO_DATABASE = "no database at {}; run amora db upgrade (or amora demo seed) first"


@cache
def container() -> Container:
    """The container, for a database that is there: a command pointed at one that is not
    says so in one line and creates nothing (no SQLite file, no var directory, no secret
    key). Only `amora db upgrade` and `amora demo seed` make one (:func:`database_there`
    first)."""
    require_database()
    from adapters.container import build_container  # the heavy part: only when used

    return build_container()


def services() -> Container:
    """The container for a command that never opens the database (a text's check, copying
    photo files): it runs whether or not the database is there, and makes none."""
    if database_there():
        return container()
    from adapters.container import build_container

    return build_container()


def database_there() -> bool:
    """Whether DATABASE_URL (or VAR_DIR's SQLite file) names a database that exists."""
    from adapters.config import database_url
    from adapters.sql.engine import missing_database

    return missing_database(database_url()) is None


def make_database(revision: str = "head") -> None:
    """Migrate the database to ``revision``, making a SQLite file (and its folder) that is
    not there; a PostgreSQL database must be created on its server first (createdb), and
    is said so in one line."""
    from adapters.config import database_url
    from adapters.sql import migrate  # alembic: only the commands that migrate need it
    from adapters.sql.engine import sqlite_file

    url = database_url()
    if (path := sqlite_file(url)) is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    elif not database_there():
        from sqlalchemy import make_url

        shown = make_url(url).render_as_string(hide_password=True)
        fail(f"no database at {shown}; create it on the server first (createdb)")
    migrate.upgrade(url, revision)


def require_database() -> None:
    """End the command in one line when DATABASE_URL (or VAR_DIR's SQLite file) names no
    database, or names a PostgreSQL server that cannot be reached."""
    from adapters.config import database_url
    from adapters.sql.engine import missing_database

    url = database_url()
    try:
        missing = missing_database(url)
    except Exception as error:  # noqa: BLE001 - the driver's own error, as one line
        from sqlalchemy import make_url

        shown = make_url(url).render_as_string(hide_password=True)
        first = str(getattr(error, "orig", None) or error).strip().splitlines() or [""]
        fail(f"cannot reach the database at {shown}: {first[0]}")
    if missing is not None:
        fail(NO_DATABASE.format(missing))


@contextmanager
def fail_on_rule() -> Iterator[None]:
    """A rule's refusal ends the command with a readable message and exit code 1."""
    try:
        yield
    except DomainError as error:
        fail(describe(error))
