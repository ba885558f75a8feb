"""Likes heard live (issue 29.4), on SQLite and PostgreSQL: what the web app's likes lists,
badge and match celebration rely on when they follow /ws instead of the next page load."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from flask import Flask

from adapters.sql.likes import SqlLikes
from tests.http.test_likes_api import pair, signed_up  # noqa: F401 - pair: the fixture
from tests.http.test_realtime import connect, live, next_event  # noqa: F401 - live: the fixture


def test_a_like_taken_back_reaches_the_other_members_pages(app: Flask,
                                                           live: str) -> None:  # noqa: F811
    """Before: unliking told nobody, so the other member's list and badge kept the like
    (and the match) until their next page load."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    bob_ws = connect(live, bob)
    try:
        next_event(bob_ws, "hello")
        ann.post(f"/api/members/{bob_id}/like")
        assert next_event(bob_ws, "like")["member"] == ann_id
        assert ann.delete(f"/api/members/{bob_id}/like").status_code == 204
        assert next_event(bob_ws, "unlike") == {"type": "unlike", "member": ann_id}
        # Nothing left to take back: Bob hears nothing before his own pong.
        assert ann.delete(f"/api/members/{bob_id}/like").status_code == 204
        bob_ws.send(json.dumps({"type": "ping"}))
        assert next_event(bob_ws, "pong", also="unlike")["type"] == "pong"
        assert bob.get("/api/likes").json["liked_by"] == []
    finally:
        bob_ws.close()


PAUSED = "paused-like"


def test_two_likes_at_once_leave_a_match_both_still_celebrate(
        app: Flask, pair: Any, database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """Ann and Bob like each other at the same moment: each like reads that the other's
    is not there yet, so neither answer (nor event) says match. Both likes are stored
    unseen, so each list shows the match as new: the like event each of them hears, and
    the reload after their own like, put the celebration on both screens."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite runs one writer at a time: the likes cannot interleave")
    ann, ann_id, bob, bob_id = pair
    reached, release = threading.Event(), threading.Event()
    original = SqlLikes.add

    def add(repository: SqlLikes, *args: Any, **kwargs: Any) -> None:
        if threading.current_thread().name == PAUSED:
            reached.set()
            assert release.wait(30), "the test never released the like"
        original(repository, *args, **kwargs)

    monkeypatch.setattr(SqlLikes, "add", add)
    answers: list[Any] = []
    anns_like = threading.Thread(name=PAUSED, target=lambda: answers.append(
        ann.post(f"/api/members/{bob_id}/like")))
    anns_like.start()
    assert reached.wait(30), "Ann's like never reached its write"
    bobs = bob.post(f"/api/members/{ann_id}/like")
    release.set()
    anns_like.join(30)
    assert bobs.json["match"] is False and answers[0].json["match"] is False
    for client, other in ((ann, bob_id), (bob, ann_id)):
        [listed] = client.get("/api/likes").json["profiles"]
        assert listed["id"] == other and listed["match"] and listed["match_new"]
