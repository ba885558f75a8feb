"""Repeat offenders through the API (issue 31.3), on SQLite and PostgreSQL: the device
cookie; a signup matching a block list is made and held with a decision the member reads
and contests; a photo matching a listed photo or another member's is held, seen only by
its owner with the reason, until an operator approves or rejects it."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from adapters.container import Container
from adapters.http.devices import DEVICE_COOKIE
from adapters.sql import tables as t
from domain.blocklists import EntryKind
from domain.decisions import Restriction
from tests.adapters.test_photo_hashes import altered, portrait
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_photos_api import upload

HOME = "81.2.69.160"  # public addresses: the block lists refuse loopback ones
ELSEWHERE = "89.160.20.112"
WHY = {"text": "This is my own photo, taken by my sister last summer in Utrecht."}


def _cookies(answer: Any) -> dict[str, str]:
    return {c.split("=", 1)[0]: c for c in answer.headers.getlist("Set-Cookie")}


def _signup(app: Flask, email: str, ip: str = ELSEWHERE, device: str | None = None,
            language: str = "en") -> tuple[ApiClient, int]:
    client = ApiClient(app)
    if device:
        client.set_cookie(DEVICE_COOKIE, device)
    answer = client.post("/api/signup", json={**SIGNUP, "email": email, "language": language},
                         environ_base={"REMOTE_ADDR": ip})
    assert answer.status_code == 201, answer.json  # never refused: made, then maybe held
    return client, answer.json["user"]["id"]


def _decisions(client: ApiClient) -> list[dict[str, Any]]:
    answer: list[dict[str, Any]] = client.get("/api/decisions?language=en").json["decisions"]
    return answer


def test_a_browser_gets_a_device_cookie_with_its_first_page(app: Flask,
                                                            container: Container) -> None:
    client = ApiClient(app)
    cookie = _cookies(client.get("/"))[DEVICE_COOKIE]
    device = cookie.split(";", 1)[0].split("=", 1)[1]
    assert len(device) == 32 and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Max-Age=34560000" in cookie and "Path=/" in cookie and "Secure" not in cookie
    # Once it has one, it keeps it; files and answers caches keep never carry one.
    assert DEVICE_COOKIE not in _cookies(client.get("/members"))
    assert DEVICE_COOKIE not in _cookies(ApiClient(app).get("/assets/app-1a2b.js"))
    # Behind HTTPS it is Secure.
    secure = _cookies(ApiClient(app).get("/", base_url="https://amora.test"))
    assert "Secure" in secure[DEVICE_COOKIE]
    # The signup records the browser's device and address with the session.
    signup = client.post("/api/signup", json=SIGNUP, environ_base={"REMOTE_ADDR": HOME})
    assert signup.status_code == 201 and DEVICE_COOKIE not in _cookies(signup)
    # A first answer that is the signup itself gives the id it recorded.
    direct = ApiClient(app).post("/api/signup", json={**SIGNUP, "email": "bo@example.com"})
    given = _cookies(direct)[DEVICE_COOKIE].split(";", 1)[0].split("=", 1)[1]
    with container.engine().connect() as connection:
        rows = connection.execute(select(t.sessions.c.ip, t.sessions.c.device)
                                  .order_by(t.sessions.c.id)).all()
    assert [tuple(row) for row in rows] == [(HOME, device), ("127.0.0.1", given)]


@pytest.mark.parametrize(("kind", "value", "signup", "matched"), [
    (EntryKind.EMAIL, "scammer@fraud.example",
     {"email": "Scammer+again@fraud.example"}, "your e-mail address"),
    (EntryKind.EMAIL_DOMAIN, "fraud-mail.example",
     {"email": "new.name@fraud-mail.example"}, "the domain of your e-mail address"),
    (EntryKind.IP_NETWORK, "81.2.69.0/24",
     {"email": "new.name@example.com", "ip": HOME}, "your internet connection"),
    (EntryKind.DEVICE, "d3vice-of-a-banned-scammer-0001",
     {"email": "new.name@example.com", "device": "d3vice-of-a-banned-scammer-0001"},
     "your browser"),
])
def test_a_signup_matching_a_block_list_is_made_and_held_with_a_decision(
        app: Flask, container: Container, kind: EntryKind, value: str, signup: dict[str, str],
        matched: str) -> None:
    container.blocklists().add(kind, value, "banned for a romance scam", "j.jansen.ops")
    honest, _ = _signup(app, "honest@example.com", ELSEWHERE, "an0ther-browser-0000000001")
    assert _decisions(honest) == []
    held, held_id = _signup(app, **signup)
    [hold] = _decisions(held)
    assert (hold["restriction"], hold["item_id"], hold["status"]) == (
        "account_held", str(held_id), "in_force")
    assert hold["ground"]["code"] == "ban_evasion" and hold["contestable"] is True
    assert hold["detected_automatically"] is True and hold["decided_automatically"] is True
    assert matched in hold["facts"] and "closed for breaking its terms" in hold["facts"]
    assert "j.jansen.ops" not in str(hold) and value not in hold["facts"]
    with container.unit_of_work() as work:
        decision = work.decisions.in_force(held_id, Restriction.ACCOUNT_HELD, str(held_id))
        assert decision is not None and decision.decided_by == "amora-shield"
        [trace] = [entry for entry in work.audit_queries.find(_audit_filter(held_id))
                   if entry.action == "blocklist.signup_held"]
        assert trace.details["kinds"] == [kind.value]
    # Contested like any decision.
    filed = held.post(f"/api/decisions/{hold['id']}/appeal", json=WHY)
    assert filed.status_code == 201


def _audit_filter(member_id: int) -> Any:
    from application.ports.audit import AuditFilter

    return AuditFilter(member_id=member_id, limit=50)


def test_a_held_signups_facts_name_everything_that_matched_in_its_language(
        app: Flask, container: Container) -> None:
    lists = container.blocklists()
    lists.add(EntryKind.EMAIL, "scammer@fraud.example", "", "ops")
    lists.add(EntryKind.IP_NETWORK, HOME, "", "ops")
    held, _ = _signup(app, "scammer@fraud.example", HOME, language="de")
    [hold] = held.get("/api/decisions").json["decisions"]
    assert "deine E-Mail-Adresse, deine Internetverbindung (IP-Adresse)" in hold["facts"]
    assert "Amora" in hold["facts"]  # the site's name


def test_a_photo_like_another_members_is_held_until_an_operator_approves_it(
        app: Flask, container: Container) -> None:
    ann, _ = _signup(app, "ann@example.com")
    bob, bob_id = _signup(app, "bob@example.com")
    original = upload(ann, portrait(1)).json["photo"]
    assert original["status"] == "pending"
    copied = upload(bob, altered(portrait(1), 0.6)).json["photo"]
    assert copied["status"] == "held"
    own = upload(bob, portrait(2)).json["photo"]  # a picture of his own waits as usual
    assert own["status"] == "pending"
    [held_photo, _] = bob.get("/api/profile?lang=en").json["profile"]["photos"]
    assert held_photo["id"] == copied["id"] and held_photo["status"] == "held"
    reason = held_photo["rejection"]
    assert "another member already has on Amora" in reason["facts"]
    assert reason["ground_title"]
    [decision] = _decisions(bob)
    assert (decision["restriction"], decision["item_id"], decision["ground"]["code"]) == (
        "photo_held", str(copied["id"]), "impersonation")
    assert decision["id"] == reason["decision_id"] and decision["decided_automatically"]
    # Others never see it; its owner does.
    assert ann.get(f"/media/{held_photo['filename']}").status_code == 404
    assert bob.get(f"/media/{held_photo['filename']}").status_code == 200
    assert bob.put(f"/api/photos/{own['id']}/main").json["error"] == "photo_pending"
    # The operators' queue has it, with what it matched.
    queue, total = container.photos().pending()
    assert total == 3
    [in_queue] = [photo for photo in queue if photo.id == copied["id"]]
    assert in_queue.held is not None and in_queue.held.photo_id == original["id"]
    assert in_queue.held.decision_id == decision["id"]
    container.photos().review(copied["id"], approve=True, actor="j.jansen.ops")
    assert _decisions(bob)[0]["status"] == "lifted"
    assert ann.get(f"/media/{held_photo['filename']}").status_code == 200  # his main photo


def test_a_block_listed_photo_is_held_and_a_rejection_replaces_the_hold(
        app: Flask, container: Container) -> None:
    listed = container.blocklists().add_image(portrait(3), "the scammer's photos",
                                              "j.jansen.ops")
    assert [entry.kind for entry in listed.added] == [EntryKind.PHOTO_HASH]
    dan, dan_id = _signup(app, "dan@example.com", language="nl")
    first = upload(dan, portrait(4)).json["photo"]
    held = upload(dan, altered(portrait(3), 1.4, "PNG")).json["photo"]
    assert (first["status"], held["status"]) == ("pending", "held")
    container.photos().review(first["id"], approve=True, actor="ops")
    refused = dan.put(f"/api/photos/{held['id']}/main")
    assert (refused.status_code, refused.json["error"]) == (400, "photo_held")
    [hold] = dan.get("/api/decisions").json["decisions"]
    assert hold["ground"]["code"] == "ban_evasion"
    assert "gesloten omdat de voorwaarden werden overtreden" in hold["facts"]  # Dutch
    container.photos().review(held["id"], approve=False, actor="j.jansen.ops",
                              reason="A photo of a banned scammer.")
    rejection, lifted_hold = _decisions(dan)
    assert (rejection["restriction"], rejection["status"]) == ("photo_rejected", "in_force")
    assert (lifted_hold["restriction"], lifted_hold["status"]) == ("photo_held", "lifted")
    photos = dan.get("/api/profile").json["profile"]["photos"]
    assert [p["status"] for p in photos] == ["active", "rejected"]
    assert photos[1]["rejection"]["decision_id"] == rejection["id"]
    # An appeal that lifts the rejection sends the photo back to review, not to the hold.
    appeal = dan.post(f"/api/decisions/{rejection['id']}/appeal", json=WHY).json["id"]
    container.appeals().decide(appeal, True, "Her own photo after all.", "j.jansen.ops")
    assert [p["status"] for p in dan.get("/api/profile").json["profile"]["photos"]] == [
        "active", "pending"]
    with container.unit_of_work() as work:
        assert work.decisions.in_force(dan_id, Restriction.PHOTO_HELD, str(held["id"])) is None


def test_an_appeal_that_lifts_a_hold_sends_the_photo_to_review(app: Flask,
                                                               container: Container) -> None:
    container.blocklists().add_image(portrait(5), "", "ops")
    eve, _ = _signup(app, "eve@example.com")
    held = upload(eve, portrait(5)).json["photo"]
    [hold] = _decisions(eve)
    appeal = eve.post(f"/api/decisions/{hold['id']}/appeal", json=WHY).json["id"]
    container.appeals().decide(appeal, True, "Not the scammer's photo.", "j.jansen.ops")
    [photo] = eve.get("/api/profile").json["profile"]["photos"]
    assert (photo["id"], photo["status"], photo["rejection"]) == (held["id"], "pending", None)
    assert _decisions(eve)[0]["status"] == "lifted"
