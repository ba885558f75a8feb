"""Spec gaps of issue 19.8, through the API: an invisible member's profile opens for
whom they wrote to, and the match-finder is open to free members."""

from __future__ import annotations

from flask import Flask

from tests.http.test_likes_api import signed_up


def test_an_invisible_member_is_seen_by_whom_they_wrote_to(app: Flask) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    cleo, _ = signed_up(app, "Cleo", "female", "male")
    assert bob.put("/api/user", json={"invisible": True}).status_code == 200
    assert ann.get(f"/api/members/{bob_id}").status_code == 404
    # Bob makes first contact (spec section 4): Ann may see him and answer.
    sent = bob.post(f"/api/members/{ann_id}/messages", json={"text": "Hi Ann", "key": "k1"})
    assert sent.status_code in (200, 201), sent.json
    profile = ann.get(f"/api/members/{bob_id}")
    assert profile.status_code == 200 and profile.json["profile"]["name"] == "Bob"
    reply = ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hi Bob", "key": "k2"})
    assert reply.status_code in (200, 201), reply.json
    # Nobody else: he is still out of search and of other profiles' reach.
    assert cleo.get(f"/api/members/{bob_id}").status_code == 404
    assert bob_id not in [card["id"] for card in
                          cleo.get("/api/members?gender=any").json["results"]]


def test_the_match_finder_is_open_to_free_members(app: Flask) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    answer = ann.get("/api/match-finder?gender=male&min_age=25&max_age=45")
    assert answer.status_code == 200 and "matches" in answer.json
