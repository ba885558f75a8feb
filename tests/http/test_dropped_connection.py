"""No ping before each use of a pooled connection: a connection the server dropped is
noticed when it fails, answered as an outage (503, the client tries again) and replaced,
so the next request succeeds."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, event, text

from adapters.container import Container
from tests.api_client import ApiClient
from tests.http.test_profile_api import signed_in


def test_no_round_trip_pings_a_pooled_connection(client: ApiClient, container: Container) -> None:
    signed_in(client)
    statements: list[str] = []
    event.listen(container.engine(), "before_cursor_execute",
                 lambda *args: statements.append(args[2]))
    assert client.get("/api/user").status_code == 200
    # pool_pre_ping would send its SELECT 1 outside this event: count it by the pool.
    assert container.engine().pool._pre_ping is False
    assert not any(statement.strip().upper() == "SELECT 1" for statement in statements)


def test_a_dropped_connection_is_replaced(client: ApiClient, container: Container,
                                          database_url: str) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("the server ends a connection: PostgreSQL's pg_terminate_backend")
    signed_in(client)
    assert client.get("/api/user").status_code == 200
    # The database server ends every connection of the pool (a restart, a failover).
    admin = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    with admin.connect() as connection:
        ended = connection.execute(text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()")).scalar()
    admin.dispose()
    assert ended
    first = client.get("/api/user")
    assert first.status_code in (200, 503)
    if first.status_code == 503:
        assert first.json["error"] == "service_unavailable"
    assert client.get("/api/user").status_code == 200
