"""The Decisions section's API (issue 30.2): a member reads their own decisions, newest
first, with the ground in their language and the site's words, never who decided; a banned
member reads their ban's decision on the ban page with their address and password."""

from __future__ import annotations

from flask import Flask

from adapters.container import Container
from domain.decisions import Ground
from tests.adapters.test_images import picture
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_photos_api import upload

BOB = {**SIGNUP, "email": "bob@example.com", "name": "Bob", "gender": "male",
       "seeking": "female"}


def test_a_member_reads_their_own_decisions_newest_first(app: Flask, container: Container) -> None:
    ann, bob = ApiClient(app), ApiClient(app)
    ann.post("/api/signup", json={**SIGNUP, "language": "de"})
    bob.post("/api/signup", json=BOB)
    assert ann.get("/api/decisions").json == {"decisions": []}
    first = upload(ann, picture()).json["photo"]["id"]
    second = upload(ann, picture("PNG")).json["photo"]["id"]
    container.photos().review(first, approve=False, actor="j.jansen.ops",
                              reason="Shows a phone number.", ground=Ground.parse("photo_rules"))
    container.photos().review(second, approve=False, actor="j.jansen.ops",
                              reason="Someone else's photo.",
                              ground=Ground.parse("law:non_consensual_images"))
    answer = ann.get("/api/decisions")
    assert answer.status_code == 200
    newest, older = answer.json["decisions"]
    assert (newest["item_id"], older["item_id"]) == (str(second), str(first))
    assert older["restriction"] == "photo_rejected" and older["item_kind"] == "photo"
    assert older["facts"] == "Shows a phone number."
    assert older["ground"]["kind"] == "terms" and older["ground"]["title"] == "Fotoregeln"
    assert newest["ground"]["code"] == "non_consensual_images"
    assert older["status"] == "in_force" and older["contestable"] is True
    assert older["appeal"] is None and older["decided_at"] < older["contest_until"]
    assert "j.jansen.ops" not in answer.get_data(as_text=True)
    # The screen's language, and none but the eleven.
    english = ann.get("/api/decisions?language=en").json["decisions"][1]
    assert english["ground"]["title"] == "Photo rules"
    assert ann.get("/api/decisions?language=xx").status_code == 400
    # Nobody else's.
    assert bob.get("/api/decisions").json == {"decisions": []}
    assert ApiClient(app).get("/api/decisions").status_code == 403


def test_a_site_rewords_a_ground_in_one_language(app: Flask, container: Container) -> None:
    ann = ApiClient(app)
    ann.post("/api/signup", json={**SIGNUP, "language": "nl"})
    photo = upload(ann, picture()).json["photo"]["id"]
    container.site_administration().set("amora.test", "ground_texts.terms:photo_rules.nl",
                                        "Alleen foto's van jezelf, aangekleed.", "pytest")
    container.photos().review(photo, approve=False, actor="ops", reason="Naakt.",
                              ground=Ground.parse("photo_rules"))
    [dutch] = ann.get("/api/decisions").json["decisions"]
    assert dutch["ground"]["text"] == "Alleen foto's van jezelf, aangekleed."
    [german] = ann.get("/api/decisions?language=de").json["decisions"]
    assert german["ground"]["text"].startswith("Profilfotos müssen von dir selbst sein")


def test_the_ban_page_shows_the_ban_with_address_and_password(app: Flask,
                                                              container: Container) -> None:
    client = ApiClient(app)
    member_id = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    login = {"email": SIGNUP["email"], "password": SIGNUP["password"], "language": "fr"}
    refused = client.post("/api/decisions/ban", json=login)
    assert (refused.status_code, refused.json["error"]) == (409, "not_banned")
    container.moderation().ban(member_id, "spam", "j.jansen.ops", ground=Ground.parse("spam"),
                               facts="Le même lien envoyé à 40 membres.")
    wrong = client.post("/api/decisions/ban", json={**login, "password": "not it at all"})
    assert (wrong.status_code, wrong.json["error"]) == (400, "login_failed")
    answer = client.post("/api/decisions/ban", json=login)
    assert answer.status_code == 200
    decision = answer.json["decision"]
    assert decision["restriction"] == "ban" and decision["contestable"] is True
    assert decision["facts"] == "Le même lien envoyé à 40 membres."
    assert decision["ground"]["title"] == "Spam" and decision["ground"]["text"].startswith(
        "N'envoyez pas")
    assert "j.jansen.ops" not in answer.get_data(as_text=True)
    bad = client.post("/api/decisions/ban", json={**login, "language": "xx"})
    assert bad.status_code == 400


def test_a_rejected_photo_says_why_to_its_owner(app: Flask, container: Container) -> None:
    ann = ApiClient(app)
    ann.post("/api/signup", json={**SIGNUP, "language": "nl"})
    kept = upload(ann, picture()).json["photo"]["id"]
    rejected = upload(ann, picture("PNG")).json["photo"]["id"]
    container.photos().review(rejected, approve=False, actor="ops",
                              reason="Er staat een telefoonnummer op.",
                              ground=Ground.parse("photo_rules"))
    photos = {photo["id"]: photo for photo in ann.get("/api/profile").json["profile"]["photos"]}
    assert photos[kept]["rejection"] is None
    reason = photos[rejected]["rejection"]
    assert reason["facts"] == "Er staat een telefoonnummer op." and reason["ground_title"] == \
        "Fotoregels"
    [decision] = ann.get("/api/decisions").json["decisions"]
    assert reason["decision_id"] == decision["id"]
    german = ann.get("/api/profile?lang=de").json["profile"]["photos"]
    assert {photo["id"]: photo for photo in german}[rejected]["rejection"]["ground_title"] == \
        "Fotoregeln"
    # Approved after all: the decision is lifted and the photo says nothing any more.
    container.photos().review(rejected, approve=True, actor="ops")
    after = {photo["id"]: photo for photo in ann.get("/api/profile").json["profile"]["photos"]}
    assert after[rejected]["rejection"] is None
