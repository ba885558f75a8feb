"""One consistent, read-only view of the database for a report that reads many tables
(a dossier, the day at a glance, the tax return): on PostgreSQL a REPEATABLE READ
transaction marked READ ONLY, so every query sees the same moment and none can write;
SQLite's transaction is a snapshot already. Nothing is ever committed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, Engine, text


@contextmanager
def read_only_snapshot(engine: Engine) -> Iterator[Connection]:
    with engine.connect() as connection:
        if connection.dialect.name == "postgresql":
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin() as transaction:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SET TRANSACTION READ ONLY"))
            yield connection
            transaction.rollback()  # nothing was written
