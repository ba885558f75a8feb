"""Contesting any decision (issue 30.3): the member appeals from the web app, once at a
time, within six months; lifting undoes the restriction in one transaction and the member
hears the outcome in their language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from adapters.sql import tables as t
from domain.decisions import Ground
from domain.errors import DomainError
from tests.http.test_accounts_api import SIGNUP, wait_for_mail, worker  # noqa: F401

WHY = {"text": "I never asked anyone for money, please look again."}
OTHER = {**SIGNUP, "email": "bob@example.com", "name": "Bob"}


def _member(app: Flask, signup: dict[str, object]) -> tuple[FlaskClient, int]:
    client = app.test_client()
    member_id: int = client.post("/api/signup", json=signup).json["user"]["id"]
    return client, member_id


def _revoked(container, member_id: int, amount: int = 30) -> int:  # type: ignore[no-untyped-def]
    container.credits().grant(member_id, 50, "welcome", "pytest")
    container.credits().revoke(member_id, amount, "Bought with a stolen card", "pytest",
                               ground=Ground.parse("law:fraud"))
    [found] = [d for d in container.engine().connect().execute(
        select(t.decisions.c.id, t.decisions.c.restriction)) if d.restriction ==
        "credits_revoked"]
    return int(found.id)


def test_a_member_contests_their_decision_once_at_a_time(app: Flask, container) -> None:  # type: ignore[no-untyped-def]
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


def test_someone_elses_or_an_unknown_decision_is_not_found(app: Flask, container) -> None:  # type: ignore[no-untyped-def]
    _, member_id = _member(app, SIGNUP)
    decision_id = _revoked(container, member_id)
    bob, _ = _member(app, OTHER)
    for target in (decision_id, 999999):
        refused = bob.post(f"/api/decisions/{target}/appeal", json=WHY)
        assert (refused.status_code, refused.json["error"]) == (404, "decision_not_found")
    assert container.appeals().list("open") == []
    visitor = app.test_client().post(f"/api/decisions/{decision_id}/appeal", json=WHY)
    assert visitor.status_code in (401, 403)


def test_past_six_months_or_once_lifted_a_decision_is_not_contested(app: Flask, container) -> None:  # type: ignore[no-untyped-def]
    client, member_id = _member(app, SIGNUP)
    decision_id = _revoked(container, member_id)
    with container.engine().begin() as connection:
        connection.execute(update(t.decisions).where(t.decisions.c.id == decision_id)
                           .values(contest_until=datetime.now(UTC) - timedelta(minutes=1)))
    late = client.post(f"/api/decisions/{decision_id}/appeal", json=WHY)
    assert (late.status_code, late.json["error"]) == (409, "appeal_too_late")
    container.shop_administration().block_directdebit(member_id, True, "chargebacks", "pytest")
    container.shop_administration().block_directdebit(member_id, False, "cleared", "pytest")
    with container.engine().connect() as connection:
        lifted = connection.execute(select(t.decisions.c.id).where(
            t.decisions.c.restriction == "direct_debit_blocked")).scalar_one()
    refused = client.post(f"/api/decisions/{lifted}/appeal", json=WHY)
    assert (refused.status_code, refused.json["error"]) == (409, "decision_lifted")


def test_lifting_gives_the_credits_back_and_mails_the_outcome(app: Flask, container,  # type: ignore[no-untyped-def]
                                                             worker) -> None:  # noqa: F811
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
    body = mail.get_body(("plain",)).get_content()
    assert "uitkomst" in mail["Subject"] and "terugnemen van credits" in body
    assert "ingetrokken" in body and "/decisions" in body
    with pytest.raises(DomainError):  # decided once
        container.appeals().decide(appeal_id, False, "again", "anna")


def test_lifting_a_rejected_photo_puts_it_back(app: Flask, container) -> None:  # type: ignore[no-untyped-def]
    client, member_id = _member(app, SIGNUP)
    with container.engine().begin() as connection:
        photo_id = connection.execute(t.photos.insert().values(
            member_id=member_id, filename="a.jpg", thumb_filename="a_t.jpg",
            status="active", is_main=True, created_at=datetime.now(UTC))).inserted_primary_key[0]
    container.photos().review(photo_id, False, "pytest", "not a photo of you",
                              Ground.parse("terms:impersonation"))
    with container.engine().connect() as connection:
        decision_id = connection.execute(select(t.decisions.c.id)).scalar_one()
    appeal_id = client.post(f"/api/decisions/{decision_id}/appeal", json=WHY).json["id"]
    container.appeals().decide(appeal_id, True, "It is them", "anna")
    with container.engine().connect() as connection:
        assert connection.execute(select(t.photos.c.status)).scalar_one() == "active"
