"""Alembic environment: the URL comes from the caller (``amora db upgrade``)."""

from __future__ import annotations

from alembic import context

from adapters.sql.engine import database_engine
from adapters.sql.tables import metadata

config = context.config
connection = config.attributes.get("connection")


def run(conn: object) -> None:
    context.configure(
        connection=conn,
        target_metadata=metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    run(connection)
else:
    engine = database_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        run(conn)
    engine.dispose()
