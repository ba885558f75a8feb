"""The scam shield on messages through the API (issue 31.2), on SQLite and PostgreSQL: the
nudge, sending anyway, the recipient's warning, the hold after repeated flagged sends or a
report, and the release that delivers what waited."""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask import Flask

from adapters.container import Container
from domain.decisions import Restriction
from tests.api_client import ApiClient
from tests.http import test_chat_api
from tests.http.test_chat_api import TwoMembers, grant, make_paid
from tests.http.test_likes_api import signed_up
from tests.http.test_races import at_once, client_of

pair = test_chat_api.pair  # the fixture: Ann and Bob, confirmed members

LURE = "😀 add me on whatsapp +31 6 12345678"
MONEY = "I am stuck at the airport, please send 300 euro by Western Union"


def _send(client: ApiClient, member_id: int, text: str, **extra: Any) -> Any:
    return client.post(f"/api/members/{member_id}/messages", json={"text": text, **extra})


def _history(client: ApiClient) -> list[dict[str, Any]]:
    chats = client.get("/api/chats").json["chats"]
    if not chats:
        return []
    conversation = chats[0]["conversation"]["id"]
    answer: list[dict[str, Any]] = client.get(
        f"/api/chats/{conversation}/messages").json["messages"]
    return answer


def _unread(client: ApiClient) -> int:
    return sum(chat["num_unread_messages"] for chat in client.get("/api/chats").json["chats"])


def _decisions(client: ApiClient) -> list[dict[str, Any]]:
    answer: list[dict[str, Any]] = client.get("/api/decisions?language=en").json["decisions"]
    return answer


def test_a_flagged_message_is_nudged_and_nothing_is_stored(app: Flask, pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    nudged = _send(ann, bob_id, LURE, key="lure-1")
    assert nudged.status_code == 409 and nudged.json["error"] == "message_flagged"
    params = nudged.json["params"]
    assert params["text"] == LURE
    assert {"messenger", "phone"} <= set(params["reasons"])
    # Spans count UTF-16 code units, as the browser does: the emoji is two.
    units = LURE.encode("utf-16-le")
    for span in params["spans"]:
        found = units[2 * span["start"]:2 * span["end"]].decode("utf-16-le")
        assert found.strip() and found in LURE
    phone = next(s for s in params["spans"] if s["reason"] == "phone")
    assert units[2 * phone["start"]:2 * phone["end"]].decode("utf-16-le").startswith("+31")
    assert _history(bob) == [] and _history(ann) == []
    # The key was not used up: the confirmed send with it goes through.
    sent = _send(ann, bob_id, LURE, key="lure-1", confirmed=True)
    assert sent.status_code == 201, sent.json
    assert set(sent.json["message"]["flags"]) == set(params["reasons"])
    assert sent.json["message"]["held"] is False
    received = _history(bob)
    assert [m["text"] for m in received] == [LURE]
    assert received[0]["flags"] == sent.json["message"]["flags"]
    ordinary = _send(ann, bob_id, "Whats up? My phone died yesterday, I am 34 and love U2.")
    assert ordinary.status_code == 201 and ordinary.json["message"]["flags"] == []


def test_the_third_flagged_send_in_a_day_holds_the_sender_until_released(
        app: Flask, container: Container, pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    grant(app, ann_id, 100)
    for text in (LURE, MONEY):
        assert _send(ann, bob_id, text, confirmed=True).json["message"]["held"] is False
    assert _unread(bob) == 2 and _decisions(ann) == []
    third = _send(ann, bob_id, "my email is ann (at) gmail dot com", confirmed=True)
    assert third.status_code == 201 and third.json["message"]["held"] is True
    # Held: even an ordinary message waits now; the sender sees both, the recipient neither.
    later = _send(ann, bob_id, "Hello again")
    assert later.status_code == 201 and later.json["message"]["held"] is True
    rose = ann.post(f"/api/members/{bob_id}/gifts", json={"gift": "rose"})
    assert rose.status_code == 201 and rose.json["message"]["held"] is True
    assert [m["held"] for m in _history(ann)] == [False, False, True, True, True]
    assert len(_history(bob)) == 2 and _unread(bob) == 2
    (hold,) = _decisions(ann)
    assert hold["restriction"] == "account_held" and hold["status"] == "in_force"
    assert hold["ground"]["code"] == "scam"
    assert "3 berichten die onze controle markeerde" in hold["facts"]  # in her language
    assert hold["decided_automatically"] is True and hold["contestable"] is True
    released = container.shield_holds().release(ann_id, "a real person, spoke to her",
                                                "j.jansen.ops")
    assert released.delivered == 3
    assert [m["text"] for m in _history(bob)][-3:] == [third.json["message"]["text"],
                                                       "Hello again", ""]
    assert _history(bob)[-1]["gift"] == "rose"
    assert _unread(bob) == 5
    assert _decisions(ann)[0]["status"] == "lifted"
    assert _send(ann, bob_id, "Free again").json["message"]["held"] is False
    assert _unread(bob) == 6


def test_a_report_on_a_flagged_message_holds_its_sender_with_the_notice(
        app: Flask, container: Container, pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    ordinary = _send(ann, bob_id, "Hi Bob, how was your weekend?").json["message"]
    lure = _send(ann, bob_id, MONEY, confirmed=True).json["message"]
    # Reporting an ordinary message is a notice for the moderators, no hold.
    assert bob.post(f"/api/messages/{ordinary['id']}/report").status_code == 201
    assert _decisions(ann) == []
    filed = bob.post(f"/api/messages/{lure['id']}/report")
    assert filed.status_code == 201 and filed.json["status"] == "open"
    again = bob.post(f"/api/messages/{lure['id']}/report")
    assert again.status_code == 409 and again.json["error"] == "already_reported"
    (hold,) = _decisions(ann)
    assert hold["restriction"] == "account_held" and hold["ground"]["code"] == "scam"
    assert "meldde een bericht" in hold["facts"]
    with app.extensions["amora"].unit_of_work() as work:
        decision = work.decisions.in_force(ann_id, Restriction.ACCOUNT_HELD, str(ann_id))
        assert decision is not None and decision.notice_id == filed.json["id"]
        assert decision.decided_by == "amora-shield"
    assert _send(ann, bob_id, "Are you there?").json["message"]["held"] is True
    # Nobody reports their own message, nor one they cannot see.
    assert ann.post(f"/api/messages/{lure['id']}/report").status_code == 404
    assert bob.post("/api/messages/999999/report").status_code == 404


def test_an_appeal_that_lifts_the_hold_delivers_what_waited(
        app: Flask, container: Container, pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    lure = _send(ann, bob_id, LURE, confirmed=True).json["message"]
    bob.post(f"/api/messages/{lure['id']}/report")
    assert _send(ann, bob_id, "Sorry, I only wanted to talk").json["message"]["held"]
    (hold,) = _decisions(ann)
    appeal = ann.post(f"/api/decisions/{hold['id']}/appeal",
                      json={"text": "I did not know this was not allowed, sorry."})
    assert appeal.status_code == 201, appeal.json
    container.appeals().decide(appeal.json["id"], True, "First time, understood", "ops")
    assert [m["text"] for m in _history(bob)][-1] == "Sorry, I only wanted to talk"
    assert _decisions(ann)[0]["status"] == "lifted"


def test_reports_at_once_hold_the_sender_once(app: Flask, container: Container) -> None:
    """Two recipients report the same sender's flagged messages at the same moment: one
    hold, one decision (PostgreSQL runs them side by side; SQLite one after the other)."""
    for round_ in range(5):
        ann, ann_id = signed_up(app, f"Ann{round_}", "female", "male")
        make_paid(app, ann_id)
        grant(app, ann_id, 100)
        reporters = []
        for name in ("Bob", "Cid"):
            other, other_id = signed_up(app, f"{name}{round_}", "male", "female")
            lure = _send(ann, other_id, MONEY, confirmed=True)
            assert lure.status_code == 201, lure.json
            reporters.append((client_of(app, other), lure.json["message"]["id"]))
        answers = at_once(2, lambda n, both=reporters: both[n][0]().post(  # type: ignore[misc]
            f"/api/messages/{both[n][1]}/report"))
        assert answers == Counter({(201, None): 2})
        holds = [d for d in _decisions(ann) if d["restriction"] == "account_held"]
        assert len(holds) == 1, (round_, holds)

