"""Database round trips per request: counted (statements and pool checkouts), not timed,
so the member's hot path (GET /api/user) stays one connection and one lookup."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from flask.testing import FlaskClient
from sqlalchemy import event

from tests.http.test_profile_api import signed_in


@dataclass
class Trips:
    statements: int = 0
    checkouts: int = 0


@contextmanager
def counted(engine) -> Iterator[Trips]:  # type: ignore[no-untyped-def]
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
        client: FlaskClient, container) -> None:  # type: ignore[no-untyped-def]
    signed_in(client)
    assert client.get("/api/user").status_code == 200  # warm: the site settings are cached
    with counted(container.engine()) as trips:
        answer = client.get("/api/user")
    assert answer.status_code == 200 and answer.json["user"]["email"] == "ann@example.com"
    assert trips.checkouts == 1
    assert trips.statements <= 2


def test_every_unit_of_work_of_a_request_shares_its_connection(
        client: FlaskClient, container) -> None:  # type: ignore[no-untyped-def]
    signed_in(client)
    with counted(container.engine()) as trips:  # the session, the change, the answer
        answer = client.put("/api/user", json={"invisible": True})
    assert answer.status_code == 200 and answer.json["user"]["invisible"] is True
    assert trips.checkouts == 1


def test_a_visitor_costs_at_most_one_connection(client: FlaskClient, container) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/api/settings").status_code == 200
    with counted(container.engine()) as trips:
        assert client.get("/api/user").status_code == 403
        assert client.get("/api/settings").status_code == 200
    assert trips.checkouts <= 1
