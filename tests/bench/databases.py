"""Benchmarks run on databases of their own: never on the one TEST_POSTGRES_URL names."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text

from tests.conftest import POSTGRES_SERVER


@contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh database on TEST_POSTGRES_URL's server, dropped afterwards."""
    name = f"amora_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(POSTGRES_SERVER.replace("postgresql://", "postgresql+psycopg://"),
                          isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{POSTGRES_SERVER.rsplit('/', 1)[0]}/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
