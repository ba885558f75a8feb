"""Appeals against bans (issue 21.3): from the ban page, once per ban, decided by an
operator; the member hears the decision by e-mail in their language."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import select

from adapters.container import Container
from adapters.sql import tables as t
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP, wait_for_mail, worker  # noqa: F401
from tests.mails import plain_text

APPEAL = {"email": SIGNUP["email"], "password": SIGNUP["password"],
          "text": "I only sent the same greeting to a few people, it was not spam."}


def _banned(client: ApiClient, container: Container) -> int:
    member_id: int = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    container.moderation().ban(member_id, "spam", "pytest")
    return member_id


def test_a_banned_member_appeals_once_per_ban(app: Flask, container: Container) -> None:
    client = ApiClient(app)
    member_id = _banned(client, container)
    assert client.get("/api/user").json["error"] == "account_banned"
    wrong = client.post("/api/appeals", json={**APPEAL, "password": "not it at all"})
    assert (wrong.status_code, wrong.json["error"]) == (400, "login_failed")
    short = client.post("/api/appeals", json={**APPEAL, "text": " too short "})
    assert short.json["params"]["fields"] == {"text": "too_short"}
    filed = client.post("/api/appeals", json=APPEAL)
    assert filed.status_code == 201 and filed.json["status"] == "open"
    again = client.post("/api/appeals", json={**APPEAL, "text": "Please, once more, look."})
    assert (again.status_code, again.json["error"]) == (409, "appeal_exists")
    [listed] = container.appeals().list("open")
    row = listed.appeal
    assert (row.member_id, row.ban_reason, row.text) == (member_id, "spam", APPEAL["text"])
    assert listed.restriction == "ban" and row.decision_id is not None  # the ban's decision


def test_a_member_who_is_not_banned_cannot_appeal(app: Flask) -> None:
    client = ApiClient(app)
    client.post("/api/signup", json=SIGNUP)
    refused = client.post("/api/appeals", json=APPEAL)
    assert (refused.status_code, refused.json["error"]) == (409, "not_banned")


def test_lifting_unbans_with_the_audit_trail_and_a_mail(app: Flask, container: Container,
                                                       worker: None) -> None:  # noqa: F811
    client = ApiClient(app)
    member_id = _banned(client, container)
    appeal_id = client.post("/api/appeals", json=APPEAL).json["id"]
    decision = container.appeals().decide(appeal_id, True, "First offence", "pytest")
    assert decision.status == "lifted" and container.moderation().show(member_id).can_log_in
    # After the activation mail and the ban's decision (issue 30.1).
    mail = wait_for_mail(container, SIGNUP["email"], count=3)
    assert mail["Subject"] == "Je Amora-account is weer open"  # the member's language (nl)
    assert "Onze reden: First offence" in plain_text(mail)
    with container.engine().connect() as connection:
        trail = connection.execute(select(t.audit_log.c.action, t.audit_log.c.details).where(
            t.audit_log.c.subject == str(member_id))).all()
    assert [action for action, _ in trail] == ["members.ban", "members.unban",
                                               "appeals.decide"]
    assert trail[2][1] == {"appeal": appeal_id, "decision": "lifted", "note": "First offence"}
    with container.engine().connect() as connection:  # the ban's decision ended with it
        assert connection.execute(select(t.decisions.c.status, t.decisions.c.lifted_by)).all() \
            == [("lifted", "pytest")]
    assert client.post("/api/user", json={"email": SIGNUP["email"],
                                          "password": SIGNUP["password"]}).status_code == 200


def test_an_upheld_ban_stays_and_is_decided_once(app: Flask, container: Container,
                                                worker: None) -> None:  # noqa: F811
    client = ApiClient(app)
    member_id = _banned(client, container)
    appeal_id = client.post("/api/appeals", json=APPEAL).json["id"]
    container.appeals().decide(appeal_id, False, "Spam confirmed", "pytest")
    mail = wait_for_mail(container, SIGNUP["email"], count=3)  # activation, decision, this
    body = plain_text(mail)
    assert "bezwaar" in mail["Subject"] and "/pages/ban" in body
    assert "Onze reden: Spam confirmed" in body  # the operator's reason reaches the member
    assert container.moderation().show(member_id).status == "banned"
    from domain.errors import DomainError
    try:
        container.appeals().decide(appeal_id, True, "changed my mind", "pytest")
    except DomainError as refused:
        assert refused.code == "appeal_decided"
    else:
        raise AssertionError("decided twice")
