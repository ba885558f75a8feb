"""Contesting any decision (issue 30.3): the member appeals from the web app, once at a
time, within six months; lifting undoes the restriction in one transaction and the member
hears the outcome in their language."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from flask import Flask
from sqlalchemy import select

from adapters.container import Container
from adapters.http.app import create_app
from adapters.sql import tables as t
from adapters.sql.appeals import SqlAppeals
from domain.decisions import Ground
from domain.errors import DomainError
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import Seeded
from tests.http.test_accounts_api import SIGNUP, wait_for_mail, worker  # noqa: F401
from tests.lookups import found
from tests.mails import plain_text

WHY = {"text": "I never asked anyone for money, please look again."}
OTHER = {**SIGNUP, "email": "bob@example.com", "name": "Bob"}


def _member(app: Flask, signup: Mapping[str, object]) -> tuple[ApiClient, int]:
    client = ApiClient(app)
    member_id: int = client.post("/api/signup", json=signup).json["user"]["id"]
    return client, member_id


def _revoked(container: Container, member_id: int, amount: int = 30) -> int:
    container.credits().grant(member_id, 50, "welcome", "pytest")
    container.credits().revoke(member_id, amount, "Bought with a stolen card", "pytest",
                               ground=Ground.parse("law:fraud"))
    [found] = [d for d in container.engine().connect().execute(
        select(t.decisions.c.id, t.decisions.c.restriction)) if d.restriction ==
        "credits_revoked"]
    return int(found.id)


def test_a_member_contests_their_decision_once_at_a_time(app: Flask, container: Container) -> None:
    client, member_id = _member(app, SIGNUP)
    decision_id = _revoked(container, member_id)
    short = client.post(f"/api/decisions/{decision_id}/appeal", json={"text": "no"})
    assert short.status_code == 400 and short.json["params"]["fields"] == {"text": "too_short"}
    filed = client.post(f"/api/decisions/{decision_id}/appeal", json=WHY)
    assert (filed.status_code, filed.json["status"]) == (201, "open")
    again = client.post(f"/api/decisions/{decision_id}/appeal", json=WHY)
    assert (again.status_code, again.json["error"]) == (409, "appeal_exists")
    [listed] = client.get("/api/decisions").json["decisions"]
    assert listed["appeal"]["status"] == "open" and not listed["contestable"]


def test_someone_elses_or_an_unknown_decision_is_not_found(app: Flask,
                                                           container: Container) -> None:
    _, member_id = _member(app, SIGNUP)
    decision_id = _revoked(container, member_id)
    bob, _ = _member(app, OTHER)
    for target in (decision_id, 999999):
        refused = bob.post(f"/api/decisions/{target}/appeal", json=WHY)
        assert (refused.status_code, refused.json["error"]) == (404, "decision_not_found")
    assert container.appeals().list("open") == []
    visitor = ApiClient(app).post(f"/api/decisions/{decision_id}/appeal", json=WHY)
    assert (visitor.status_code, visitor.json["error"]) == (403, "authentication_required")
    owner = ApiClient(app)
    owner.post("/api/user", json={"email": SIGNUP["email"], "password": SIGNUP["password"]})
    forged = owner.post(f"/api/decisions/{decision_id}/appeal", json=WHY,
                        headers={"Origin": "https://evil.example"})  # another site's page
    assert (forged.status_code, forged.json["params"]) == (403, {"reason": "origin"})
    assert container.appeals().list(None) == []


@pytest.fixture
def clock(container: Container) -> FixedClock:
    """The app's clock, stopped (before anything that reads it is built): time passes when
    the test says so."""
    stopped = FixedClock(datetime(2026, 11, 21, 12, tzinfo=UTC))
    container.clock.override(providers.Object(stopped))
    return stopped


@pytest.fixture
def clocked_app(clock: FixedClock, container: Container, seeded: Seeded, web_dist: Path) -> Flask:
    return create_app(container)


def _signed_in_again(client: ApiClient, signup: Mapping[str, object]) -> None:
    """Months later the session has expired (30 days): the member logs in anew."""
    answer = client.post("/api/user", json={"email": signup["email"],
                                            "password": signup["password"]})
    assert answer.status_code == 200, answer.json


def test_six_months_to_contest_and_not_a_second_longer(clocked_app: Flask, clock: FixedClock,
                                                       container: Container) -> None:
    client, member_id = _member(clocked_app, SIGNUP)
    container.credits().grant(member_id, 50, "welcome", "pytest")
    for reason in ("Bought with a stolen card", "A second stolen card"):
        container.credits().revoke(member_id, 10, reason, "pytest",
                                   ground=Ground.parse("law:fraud"))
    first, second = (row["id"] for row in client.get("/api/decisions").json["decisions"])
    [until] = {row["contest_until"] for row in client.get("/api/decisions").json["decisions"]}
    assert until.startswith("2027-05-21T12:00:00")  # six months to the day
    clock.current = datetime(2027, 5, 21, 12, tzinfo=UTC)  # the last moment
    _signed_in_again(client, SIGNUP)
    on_time = client.post(f"/api/decisions/{first}/appeal", json=WHY)
    assert on_time.status_code == 201, on_time.json
    clock.current += timedelta(seconds=1)
    late = client.post(f"/api/decisions/{second}/appeal", json=WHY)
    assert (late.status_code, late.json["error"]) == (409, "appeal_too_late")
    assert [row.appeal.decision_id for row in container.appeals().list("open")] == [first]


def test_the_ban_page_appeal_keeps_to_six_months_too(clocked_app: Flask, clock: FixedClock,
                                                     container: Container) -> None:
    client, member_id = _member(clocked_app, SIGNUP)
    container.moderation().ban(member_id, "spam", "pytest")
    clock.current += timedelta(days=200)
    appeal = {"email": SIGNUP["email"], "password": SIGNUP["password"], "text": WHY["text"]}
    late = client.post("/api/appeals", json=appeal)
    assert (late.status_code, late.json["error"]) == (409, "appeal_too_late")
    assert container.appeals().list(None) == []


def test_a_lifted_decision_is_not_contested(app: Flask, container: Container) -> None:
    client, member_id = _member(app, SIGNUP)
    container.shop_administration().block_directdebit(member_id, True, "chargebacks", "pytest")
    container.shop_administration().block_directdebit(member_id, False, "cleared", "pytest")
    with container.engine().connect() as connection:
        lifted = connection.execute(select(t.decisions.c.id).where(
            t.decisions.c.restriction == "direct_debit_blocked")).scalar_one()
    refused = client.post(f"/api/decisions/{lifted}/appeal", json=WHY)
    assert (refused.status_code, refused.json["error"]) == (409, "decision_lifted")
    assert container.appeals().list(None) == []


PAUSED = "paused-appeal"


def test_two_appeals_at_once_one_is_filed_the_other_is_appeal_exists(
        app: Flask, container: Container, database_url: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Both read that no appeal is open; the open-appeal index lets the first write in and
    the second is a clean 409, not a 500 and not a second open appeal."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite runs one writer at a time: the appeals cannot interleave")
    client, member_id = _member(app, SIGNUP)
    decision_id = _revoked(container, member_id)
    reached, release = threading.Event(), threading.Event()
    original = SqlAppeals.add

    def add(repository: SqlAppeals, appeal: Any) -> int:
        if threading.current_thread().name == PAUSED:  # checked already: none open
            reached.set()
            assert release.wait(30), "the test never released the appeal"
        return original(repository, appeal)

    monkeypatch.setattr(SqlAppeals, "add", add)
    answers: list[Any] = []
    other = ApiClient(app)
    other.set_cookie("auth._token", found(client.get_cookie("auth._token")).value)
    paused = threading.Thread(name=PAUSED, target=lambda: answers.append(
        other.post(f"/api/decisions/{decision_id}/appeal", json=WHY)))
    paused.start()
    assert reached.wait(30), "the paused appeal never reached its write"
    first = client.post(f"/api/decisions/{decision_id}/appeal", json=WHY)
    release.set()
    paused.join(30)
    assert not paused.is_alive()
    assert first.status_code == 201
    assert (answers[0].status_code, answers[0].json["error"]) == (409, "appeal_exists")
    assert [row.appeal.id for row in container.appeals().list("open")] == [first.json["id"]]


def test_many_appeals_at_once_file_exactly_one(app: Flask, container: Container,
                                                database_url: str) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite serializes writers; the race is PostgreSQL's")
    client, member_id = _member(app, SIGNUP)
    decision_id = _revoked(container, member_id)
    cookie = found(client.get_cookie("auth._token")).value

    def contest(_: int) -> tuple[int, str | None]:
        parallel = ApiClient(app)
        parallel.set_cookie("auth._token", cookie)
        answer = parallel.post(f"/api/decisions/{decision_id}/appeal", json=WHY)
        return answer.status_code, (answer.json or {}).get("error")

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = sorted(pool.map(contest, range(16)), key=repr)
    assert results == [(201, None)] + [(409, "appeal_exists")] * 15
    assert len(container.appeals().list("open")) == 1


def test_lifting_gives_the_credits_back_and_mails_the_outcome(app: Flask, container: Container,
                                                             worker: None) -> None:  # noqa: F811
    client, member_id = _member(app, SIGNUP)
    decision_id = _revoked(container, member_id, amount=30)
    appeal_id = client.post(f"/api/decisions/{decision_id}/appeal", json=WHY).json["id"]
    assert container.credits().ledger(member_id)[0] == 20
    container.appeals().decide(appeal_id, True, "The card was the member's own", "anna")
    assert container.credits().ledger(member_id)[0] == 50
    with container.engine().connect() as connection:
        status = connection.execute(select(t.decisions.c.status, t.decisions.c.lifted_by)
                                    .where(t.decisions.c.id == decision_id)).one()
    assert tuple(status) == ("lifted", "anna")
    # activation, the revoke's decision, the outcome (the member's language: nl)
    mail = wait_for_mail(container, SIGNUP["email"], count=3)
    body = plain_text(mail)
    assert "uitkomst" in mail["Subject"] and "terugnemen van credits" in body
    assert "ingetrokken" in body and "/decisions" in body
    with pytest.raises(DomainError):  # decided once
        container.appeals().decide(appeal_id, False, "again", "anna")


def test_lifting_a_rejected_photo_puts_it_back(app: Flask, container: Container) -> None:
    client, member_id = _member(app, SIGNUP)
    with container.engine().begin() as connection:
        photo_id = found(connection.execute(t.photos.insert().values(
            member_id=member_id, filename="a.jpg", thumb_filename="a_t.jpg",
            status="active", is_main=True, created_at=datetime.now(UTC))).inserted_primary_key)[0]
    container.photos().review(photo_id, False, "pytest", "not a photo of you",
                              Ground.parse("terms:impersonation"))
    with container.engine().connect() as connection:
        decision_id = connection.execute(select(t.decisions.c.id)).scalar_one()
    appeal_id = client.post(f"/api/decisions/{decision_id}/appeal", json=WHY).json["id"]
    container.appeals().decide(appeal_id, True, "It is them", "anna")
    with container.engine().connect() as connection:
        assert connection.execute(select(t.photos.c.status)).scalar_one() == "active"


def test_appeals_are_rate_limited_per_member(tmp_path: Path, database_url: str) -> None:
    """Each appeal waits for an operator to read it: a member gets a few an hour (a short
    text counts too), another member at the same address is not held back by it."""
    from adapters.container import build_container
    from adapters.http.limits import APPEALS
    from tests.conftest import make_config, seed_default_site

    limited = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                          RATE_LIMITS="on"))
    seed_default_site(limited)
    app = create_app(limited)
    allowed = int(APPEALS.split()[0])
    first, first_id = _member(app, SIGNUP)
    second, second_id = _member(app, OTHER)
    decision_id = _revoked(limited, first_id)
    answers = [first.post(f"/api/decisions/{decision_id}/appeal", json={"text": "no"})
               .status_code for _ in range(allowed)]
    assert answers == [400] * allowed
    refused = first.post(f"/api/decisions/{decision_id}/appeal", json=WHY)
    assert (refused.status_code, refused.json["error"]) == (429, "too_many_requests")
    assert limited.appeals().list(None) == []
    others = second.post(f"/api/decisions/{decision_id}/appeal", json=WHY)
    assert (others.status_code, others.json["error"]) == (404, "decision_not_found")
    limited.engine().dispose()
