"""Engines for SQLite (embedded default) and PostgreSQL (psycopg 3)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import CursorResult, Engine, create_engine, event


def inserted_id(result: CursorResult[Any]) -> int:
    """The primary key of the one row an INSERT added."""
    key = result.inserted_primary_key
    assert key is not None  # SQLAlchemy has it after any single-row INSERT
    return int(key[0])


def database_engine(url: str) -> Engine:
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # No ping before each checkout (a round trip per request): a connection the server
    # dropped fails its first statement instead, which answers 503 (the client tries
    # again) and, being a disconnect, makes the pool replace all its older connections.
    return create_engine(url, pool_size=10, max_overflow=20)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets the web threads read while the worker writes; FKs are off by default.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
