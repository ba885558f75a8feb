"""Database round trips per request: counted (statements and pool checkouts), not timed,
so the member's hot path (GET /api/user) stays one connection and one lookup."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, event

from adapters.container import Container
from tests.api_client import ApiClient
from tests.http.test_profile_api import signed_in
from tests.lookups import found


@dataclass
class Trips:
    statements: int = 0
    checkouts: int = 0


@contextmanager
def counted(engine: Engine) -> Iterator[Trips]:
    trips = Trips()

    def statement(*_: object) -> None:
        trips.statements += 1

    def checkout(*_: object) -> None:
        trips.checkouts += 1

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine.pool, "checkout", checkout)
    try:
        yield trips
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine.pool, "checkout", checkout)


def test_the_signed_in_member_costs_one_connection_and_at_most_two_statements(
        client: ApiClient, container: Container) -> None:
    signed_in(client)
    member_id = client.get("/api/user").json["user"]["id"]  # warm: the site settings are cached
    container.recent_sign_ins().forget(member_id)  # a lookup this process has not made
    with counted(container.engine()) as trips:
        answer = client.get("/api/user")
    assert answer.status_code == 200 and answer.json["user"]["email"] == "ann@example.com"
    assert trips.checkouts == 1
    assert trips.statements <= 2


def test_a_read_within_the_second_costs_no_round_trip(
        client: ApiClient, container: Container) -> None:
    signed_in(client)
    assert client.get("/api/user").status_code == 200
    with counted(container.engine()) as trips:
        answer = client.get("/api/user")
    assert answer.status_code == 200 and answer.json["user"]["email"] == "ann@example.com"
    assert trips == Trips(statements=0, checkouts=0)


def test_every_unit_of_work_of_a_request_shares_its_connection(
        client: ApiClient, container: Container) -> None:
    signed_in(client)
    with counted(container.engine()) as trips:  # the session, the change, the answer
        answer = client.put("/api/user", json={"invisible": True})
    assert answer.status_code == 200 and answer.json["user"]["invisible"] is True
    assert trips.checkouts == 1


def test_a_visitor_costs_at_most_one_connection(client: ApiClient, container: Container) -> None:
    assert client.get("/api/settings").status_code == 200
    with counted(container.engine()) as trips:
        assert client.get("/api/user").status_code == 403
        assert client.get("/api/settings").status_code == 200
    assert trips.checkouts <= 1


@contextmanager
def transaction_modes(engine: Engine) -> Iterator[list[bool]]:
    """For each statement: did it run inside a transaction the driver opened?"""
    modes: list[bool] = []

    def statement(connection: Connection, *_: object) -> None:
        # psycopg's flag; SQLite's driver has none before Python 3.12 (and another meaning)
        autocommit = connection.dialect.name == "postgresql" and (
            found(connection.connection.dbapi_connection).autocommit is True)
        modes.append(not autocommit)

    event.listen(engine, "before_cursor_execute", statement)
    try:
        yield modes
    finally:
        event.remove(engine, "before_cursor_execute", statement)


def test_the_session_lookup_needs_no_transaction_but_the_change_after_it_has_one(
        client: ApiClient, container: Container) -> None:
    """On PostgreSQL the lookup runs without BEGIN/COMMIT (two of its three round trips);
    the use cases after it on the same connection are transactions again."""
    signed_in(client)
    with transaction_modes(container.engine()) as modes:
        answer = client.put("/api/user", json={"invisible": True})
    assert answer.status_code == 200 and answer.json["user"]["invisible"] is True
    lookup, *rest = modes
    assert lookup is (container.engine().dialect.name != "postgresql")
    assert rest and all(rest)
