"""INSERT ... ON CONFLICT DO NOTHING in the connection's dialect (SQLite or PostgreSQL):
for rows that concurrent requests may both try to create."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Table
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert


def insert_unless_exists(connection: Connection, table: Table, **values: Any) -> None:
    maker = pg_insert if connection.dialect.name == "postgresql" else sqlite_insert
    connection.execute(maker(table).values(**values).on_conflict_do_nothing())


def upsert(connection: Connection, table: Table, values: dict[str, Any], keys: list[str],
           update: list[str]) -> int:
    """Insert, or on a clash of ``keys`` overwrite the ``update`` columns (nothing when
    empty). Returns the rows written (0: the row existed and nothing was updated)."""
    maker = pg_insert if connection.dialect.name == "postgresql" else sqlite_insert
    statement = maker(table).values(**values)
    if update:
        statement = statement.on_conflict_do_update(
            index_elements=keys, set_={name: statement.excluded[name] for name in update})
    else:
        statement = statement.on_conflict_do_nothing(index_elements=keys)
    # psycopg 3 forgets an INSERT's row count when its cursor closes: SQLAlchemy then says
    # -1 unless asked to keep the count (so mark_sent said "sent before" for a new key).
    result = connection.execute(statement.execution_options(preserve_rowcount=True))
    return int(result.rowcount)
