"""Reports with context (issue 21.4): a member reporting from a conversation attaches
the messages they selected; only messages of that conversation they can see."""

from __future__ import annotations

from flask import Flask

from adapters.container import Container
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up

REPORT = {"category": "harassment", "text": "He keeps sending me these messages.",
          "good_faith": True}


def test_selected_messages_go_with_the_complaint(app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    cid, _ = signed_up(app, "Cid", "male", "female")
    first = bob.post(f"/api/members/{ann_id}/messages", json={"text": "Hey you"}).json
    conversation = first["message"]["conversation_id"]
    reply = ann.post(f"/api/members/{bob_id}/messages", json={"text": "Leave me be"}).json
    elsewhere = cid.post(f"/api/members/{bob_id}/messages", json={"text": "Hi Bob"}).json
    ids = [first["message"]["id"], reply["message"]["id"]]

    filed = ann.post("/api/complaints", json={**REPORT, "message_ids": ids})
    assert filed.status_code == 201, filed.json
    complaint = container.complaints().show(filed.json["id"])
    assert complaint.member_id == bob_id  # the other member of the conversation
    evidence = container.complaints().evidence(filed.json["id"])
    assert [(m.id, m.text) for m in evidence] == [(ids[0], "Hey you"), (ids[1], "Leave me be")]
    assert evidence[0].conversation_id == conversation

    # Someone else's conversation, a message hidden by a deleted chat, a mismatch or a
    # visitor: refused, nothing filed.
    for body, client in [
        ({"message_ids": [elsewhere["message"]["id"]]}, ann),
        ({"message_ids": ids, "member_id": cid.get("/api/user").json["user"]["id"]}, ann),
        ({"message_ids": [ids[0], 999999]}, ann),
    ]:
        refused = client.post("/api/complaints", json={**REPORT, **body})
        assert (refused.status_code, refused.json["error"]) == (404, "message_not_found")
    visitor = ApiClient(app).post("/api/complaints", json={
        **REPORT, "email": "v@example.com", "name": "Vic", "message_ids": ids})
    assert visitor.json["params"]["fields"] == {"message_ids": "login_required"}
    too_many = ann.post("/api/complaints", json={**REPORT, "message_ids": list(range(1, 22))})
    assert too_many.json["params"]["fields"] == {"message_ids": "too_many"}
    ann.delete("/api/chat", json={"conversation": conversation})
    hidden = ann.post("/api/complaints", json={**REPORT, "message_ids": ids})
    assert hidden.json["error"] == "message_not_found"
    assert len(container.complaints().list("open")) == 1
