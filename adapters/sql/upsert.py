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
