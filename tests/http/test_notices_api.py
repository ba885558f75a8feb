"""Notices from anyone (issue 30.4) over HTTP, on SQLite and PostgreSQL: a visitor reports a
profile or a profile's public main photo with a name, an address and good faith; a member
reports a photo they see or a message of their own conversations. The exact item is kept,
the acknowledgement mail goes out at once in the notifier's language, and the outcome
follows once an operator resolves it, never naming the reported member. Bad input is a
400 (an item the notifier cannot see a 404) and stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from adapters.container import Container
from adapters.sql.tables import complaints, outbox
from domain.decisions import Ground
from domain.errors import DomainError
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up
from tests.http.test_notifications_api import mails, text_of

TEXT = "These photos are taken from a model's website."
VISITOR = {"category": "fake_profile", "text": TEXT, "name": "Vera Visser",
           "email": "vera@example.com", "good_faith": True}


def _photos(container: Container, member_id: int) -> tuple[int, int]:
    """The member's main photo and a second one, both approved."""
    with container.unit_of_work() as work:
        main, second = (work.photos.add(member_id, f"photos/{member_id}/{n}.jpg",
                                        f"photos/{member_id}/{n}_t.jpg", n == 0, "active",
                                        datetime(2026, 1, 1, tzinfo=UTC)) for n in range(2))
        work.commit()
    return main, second


def _stored(container: Container) -> int:
    with container.engine().connect() as connection:
        return int(connection.execute(select(func.count()).select_from(complaints)).scalar_one())


def _jobs(container: Container) -> int:
    with container.engine().connect() as connection:
        return int(connection.execute(select(func.count()).select_from(outbox)).scalar_one())


def test_a_visitor_reports_a_public_main_photo_and_hears_at_once(
        app: Flask, client: ApiClient, container: Container) -> None:
    _, bob_id = signed_up(app, "Bob", "male", "female")
    main, second = _photos(container, bob_id)
    filed = client.post("/api/complaints", json={
        **VISITOR, "item_kind": "photo", "item_id": main, "language": "de"})
    assert filed.status_code == 201, filed.json
    notice = container.complaints().show(filed.json["id"])
    assert (notice.item_kind, notice.item_id, notice.member_id, notice.reporter_name,
            notice.email, notice.good_faith, notice.language, notice.category) == (
        "photo", str(main), bob_id, "Vera Visser", "vera@example.com", True, "de",
        "fake_profile")
    # The second photo is not shown to visitors: as if it did not exist.
    hidden = client.post("/api/complaints", json={**VISITOR, "item_kind": "photo",
                                                  "item_id": second})
    assert (hidden.status_code, hidden.json["error"]) == (404, "photo_not_found")
    assert _stored(container) == 1

    container.tasks().drain()
    [mail] = mails(container, "vera@example.com")
    text = text_of(mail)
    assert mail["Subject"] == "Amora: Wir haben deine Meldung erhalten"
    assert text.startswith("Hallo Vera Visser,")
    assert f"unter der Nummer {filed.json['id']}" in text
    assert "Deine Meldung betrifft ein Foto auf Amora. Dein Grund: ein Fake-Profil." in text
    assert "/pages/ban#section-reporting" in text
    assert "Bob" not in text and "abbestellen" not in text  # nothing to unsubscribe from
    assert mail["List-Unsubscribe"] is None


def test_a_member_reports_what_they_see(app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    cid, cid_id = signed_up(app, "Cid", "male", "female")
    main, second = _photos(container, bob_id)
    sent = bob.post(f"/api/members/{ann_id}/messages", json={"text": "Nobody will ever want you"})
    message = sent.json["message"]["id"]
    elsewhere = cid.post(f"/api/members/{bob_id}/messages", json={"text": "Hi Bob"})
    report = {"category": "harassment", "text": TEXT, "good_faith": True}
    for item_kind, item_id, owner in (("profile", bob_id, bob_id), ("photo", main, bob_id),
                                      ("message", message, bob_id)):
        filed = ann.post("/api/complaints", json={**report, "item_kind": item_kind,
                                                  "item_id": item_id})
        assert filed.status_code == 201, (item_kind, filed.json)
        notice = container.complaints().show(filed.json["id"])
        assert (notice.item_kind, notice.item_id, notice.member_id, notice.reporter_id,
                notice.email, notice.reporter_name) == (
            item_kind, str(item_id), owner, ann_id, "ann@example.com", None)
    assert container.complaints().show(filed.json["id"]).message_id == message
    # A free member sees only the main photo; nobody cites another's conversation.
    for item_kind, item_id, error in (
            ("photo", second, "photo_not_found"),
            ("message", elsewhere.json["message"]["id"], "message_not_found"),
            ("profile", 999999, "member_not_found")):
        refused = ann.post("/api/complaints", json={**report, "item_kind": item_kind,
                                                    "item_id": item_id})
        assert (refused.status_code, refused.json["error"]) == (404, error)
    # The item's member is the one the notice names.
    mismatch = ann.post("/api/complaints", json={**report, "item_kind": "message",
                                                 "item_id": message, "member_id": cid_id})
    assert (mismatch.status_code, mismatch.json["error"]) == (404, "message_not_found")
    assert _stored(container) == 3


@pytest.mark.parametrize(("change", "fields"), [
    ({"good_faith": False}, {"good_faith": "required"}),
    ({"good_faith": None}, None),  # not a boolean: a malformed request
    ({"name": " "}, {"name": "required"}),
    ({"name": "N" * 101}, {"name": "too_long"}),
    ({"language": "xx"}, {"language": "invalid_choice"}),
    ({"item_kind": "post", "item_id": 1}, {"item_kind": "invalid_choice"}),
    ({"item_kind": "photo"}, {"item_id": "required"}),
    ({"item_id": 5}, {"item_kind": "required"}),
    ({"item_kind": "message", "item_id": 1}, {"item_kind": "login_required"}),
    ({"category": "weird", "email": "nope"}, {"category": "invalid_choice",
                                              "email": "invalid_email"}),
])
def test_bad_notices_are_refused_and_store_nothing(
        client: ApiClient, container: Container, change: dict[str, Any],
        fields: dict[str, str] | None) -> None:
    body = {**VISITOR, **change}
    answer = client.post("/api/complaints", json=body)
    assert answer.status_code == 400, answer.json
    if fields is None:
        assert answer.json["error"] == "invalid_request"
    else:
        assert answer.json["params"]["fields"] == fields
    assert _stored(container) == 0 and _jobs(container) == 0


def test_good_faith_is_required_of_members_too(app: Flask, container: Container) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    answer = ann.post("/api/complaints", json={"category": "spam", "text": TEXT})
    assert answer.json["params"]["fields"] == {"good_faith": "required"}
    assert _stored(container) == 0


def test_a_visitor_reporting_a_possible_minor_may_leave_out_the_name(
        app: Flask, client: ApiClient, container: Container) -> None:
    _, bob_id = signed_up(app, "Bob", "male", "female")
    filed = client.post("/api/complaints", json={
        **VISITOR, "category": "underage", "name": None, "item_kind": "profile",
        "item_id": bob_id}, headers={"Accept-Language": "nl"})
    assert filed.status_code == 201, filed.json
    container.tasks().drain()
    text = text_of(mails(container, "vera@example.com")[0])
    assert text.startswith("Hoi,\n")  # the page's language, no name to greet
    assert "iemand die mogelijk jonger is dan 18" in text
    assert "behandelen we als eerste, dus ook de jouwe" in text


def test_the_outcome_reaches_the_notifier_without_the_reported_members_data(
        app: Flask, client: ApiClient, container: Container) -> None:
    _, bob_id = signed_up(app, "Bob", "male", "female")
    filed = client.post("/api/complaints", json={**VISITOR, "item_kind": "profile",
                                                 "item_id": bob_id, "language": "en"})
    notice = filed.json["id"]
    with pytest.raises(DomainError, match="notice_without_decision"):
        container.complaints().resolve(notice, "Banned Bob", "ops", "action_taken")
    container.moderation().ban(bob_id, "Fake photos of a model", "ops",
                               ground=Ground.parse("terms:fake_profile"), notice_id=notice)
    container.complaints().resolve(notice, "Banned Bob (bob@example.com)", "ops",
                                   "action_taken")
    container.tasks().drain()
    received, outcome = mails(container, "vera@example.com")
    assert received["Subject"] == "Amora: we have received your report"
    assert outcome["Subject"] == "Amora: the outcome of your report"
    text = text_of(outcome)
    assert f"your report number {notice} of " in text
    assert "Your report is about a profile on Amora." in text
    assert "we took action. The member concerned has been told of our decision" in text
    assert "Bob" not in text and "bob@example.com" not in text and "Fake photos" not in text
    # The reported member has their statement of reasons (in their language, Dutch).
    assert mails(container, "bob@example.com")[-1]["Subject"] == \
        "Amora: ons besluit en de redenen ervoor"


def test_a_dismissed_notice_says_so_in_the_members_language(
        app: Flask, container: Container) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    assert ann.put("/api/notifications", json={"language": "fr"}).status_code == 200
    filed = ann.post("/api/complaints", json={"category": "spam", "text": TEXT,
                                              "good_faith": True, "item_kind": "profile",
                                              "item_id": bob_id})
    assert container.complaints().show(filed.json["id"]).language == "fr"
    container.complaints().resolve(filed.json["id"], "Nothing wrong", "ops", "no_action")
    container.tasks().drain()
    received, outcome = mails(container, "ann@example.com")[-2:]
    assert received["Subject"] == "Amora : nous avons bien reçu votre signalement"
    assert text_of(outcome).startswith("Bonjour Ann,")
    assert "Nous n'avons constaté aucune infraction" in text_of(outcome)
