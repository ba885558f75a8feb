"""Every migration goes down as well as up, on SQLite and PostgreSQL.

The other tests share a database migrated once per session (tests/conftest.py), so this
is where the way down is walked: to the empty database and back to the newest revision,
which must then match the tables the code declares."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from adapters.sql import migrate, tables
from adapters.sql.engine import database_engine


def test_migrations_go_down_to_nothing_and_up_again(database_url: str) -> None:
    migrate.downgrade(database_url, "base")
    engine = database_engine(database_url)
    try:
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
        migrate.upgrade(database_url)
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, tables.metadata) == []
    finally:
        engine.dispose()
