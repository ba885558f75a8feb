"""Landers and complaints over HTTP: real members for the landing pages, member landers
for visitors, page-bounce visits per lander and source, complaints, the app manifest."""

from __future__ import annotations

import attrs
import pytest
from flask import Flask

from adapters.container import Container
from application.shared.listings import relist
from domain.members import AccountStatus
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up


def with_photo(app: Flask, member_id: int) -> None:
    with app.extensions["amora"].unit_of_work() as work:
        work.photos.add(member_id, f"photos/{member_id}/a.jpg", f"photos/{member_id}/a_t.jpg",
                        is_main=True, status="active", created_at=work.members.get(
                            member_id).created_at)
        relist(work, member_id)  # as the photo use cases do
        work.commit()


def test_landers_show_active_members_with_a_photo(app: Flask, client: ApiClient) -> None:
    _, ann_id = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    _, cas_id = signed_up(app, "Cas", "male", "female")
    with_photo(app, ann_id)
    with_photo(app, bob_id)
    with app.extensions["amora"].unit_of_work() as work:  # a banned member is never shown
        bob = work.members.get(bob_id)
        work.members.save(bob, attrs.evolve(bob, status=AccountStatus.BANNED))
        work.commit()
    shown = client.get("/api/lander-members?limit=10").json["members"]
    assert [m["id"] for m in shown] == [ann_id]  # Cas has no photo
    assert shown[0]["name"] == "Ann" and shown[0]["main_image"] and "birth_date" not in shown[0]
    assert client.get("/api/lander-members?gender=male").json["members"] == []
    for bad in ("limit=0", "limit=x", "gender=robot", "gender=", "country=", "country=NL&region="):
        assert client.get(f"/api/lander-members?{bad}").status_code == 400, bad
    assert cas_id


def test_a_member_lander_is_public(app: Flask, client: ApiClient) -> None:
    _, ann_id = signed_up(app, "Ann", "female", "male")
    profile = client.get(f"/api/members/{ann_id}/lander").json["profile"]
    assert profile["name"] == "Ann" and profile["id"] == ann_id
    assert client.get("/api/members/999999/lander").status_code == 404


def test_visits_count_bounces_per_lander_and_source(app: Flask, client: ApiClient,
                                                    container: Container) -> None:
    keys = [client.post("/api/lander-visits", json={"lander": "gallery", "source": source})
            .json["visit"] for source in ("partner", "partner", None)]
    assert client.post(f"/api/lander-visits/{keys[0]}/engaged").status_code == 204
    assert client.post(f"/api/lander-visits/{keys[0]}/engaged").status_code == 204  # once
    assert client.post("/api/lander-visits/unknown/engaged").status_code == 204
    for bad in ({"lander": "nope"}, {"lander": "gallery", "source": "<script>"}, {}):
        assert client.post("/api/lander-visits", json=bad).status_code == 400, bad
    figures = {(f.lander, f.source): (f.visits, f.bounces)
               for f in container.landers().bounces(None, 7)}
    assert figures == {("gallery", "direct"): (1, 1), ("gallery", "partner"): (2, 1)}


VISITOR = {"name": "Vic", "good_faith": True}


@pytest.mark.parametrize(("body", "fields"), [
    ({"category": "weird", "text": "Something is wrong here", "email": "a@b.nl"},
     {"category": "invalid_choice"}),
    ({"category": "spam", "text": "short", "email": "a@b.nl"}, {"text": "too_short"}),
    ({"category": "spam", "text": "A long enough text"}, {"email": "required"}),
    ({"category": "spam", "text": "A long enough text", "email": "nope"},
     {"email": "invalid_email"}),
])
def test_bad_complaints_are_refused(client: ApiClient, body: dict[str, object],
                                    fields: dict[str, str]) -> None:
    answer = client.post("/api/complaints", json={**VISITOR, **body})
    assert answer.status_code == 400 and answer.json["params"]["fields"] == fields


def test_complaints_from_visitors_and_members(app: Flask, client: ApiClient,
                                              container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    filed = client.post("/api/complaints", json={"category": "payment", "email": "V@Example.com",
                                                 "text": "I was charged twice for one bundle.",
                                                 **VISITOR})
    assert filed.status_code == 201 and filed.json["status"] == "open"
    message = bob.post(f"/api/members/{ann_id}/messages", json={"text": "Hoi"}).json["message"]
    mine = ann.post("/api/complaints", json={"category": "harassment", "member_id": bob_id,
                                             "message_id": message["id"],
                                             "text": "He keeps sending me rude messages.",
                                             "good_faith": True})
    assert mine.status_code == 201
    # A visitor cites no message (they have no conversations); an unknown member is not
    # found.
    foreign = client.post("/api/complaints", json={"category": "spam", "email": "x@y.nl",
                                                   "message_id": message["id"], **VISITOR,
                                                   "text": "Not my message at all here."})
    assert foreign.status_code == 400
    assert foreign.json["params"]["fields"] == {"item_kind": "login_required"}
    assert client.post("/api/complaints", json={"category": "spam", "member_id": 999999,
                                                "email": "x@y.nl", "text": "Nobody like that",
                                                **VISITOR}).status_code == 404
    listed = container.complaints().list("open")
    assert [c.id for c in listed] == [mine.json["id"], filed.json["id"]]
    assert listed[1].email == "v@example.com" and listed[0].email == "ann@example.com"
    container.complaints().resolve(mine.json["id"], "Warned the member.", "pytest",
                                   "no_action")
    assert container.complaints().show(mine.json["id"]).status == "resolved"
    assert [c.id for c in container.complaints().list("open")] == [filed.json["id"]]


def test_the_installed_app_has_a_manifest_and_icons(client: ApiClient) -> None:
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    assert manifest.json["name"] == "Amora" and manifest.json["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest.json["icons"]} == {"192x192", "512x512"}
    icon = client.get("/icons/app-192.png")
    assert icon.mimetype == "image/png" and icon.data.startswith(b"\x89PNG")
    assert client.get("/icons/app-64.png").status_code == 400
    flirt = client.get("/manifest.webmanifest", headers={"Host": "flirt.test"})
    assert flirt.json["name"] == "Flirt"
