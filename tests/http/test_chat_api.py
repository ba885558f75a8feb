"""Conversations, messages and credits through the API, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime

import pytest
from flask import Flask
from sqlalchemy import event, update

from adapters.container import Container
from adapters.sql import tables
from tests.api_client import ApiClient
from tests.http.conftest import changed_behind_the_app
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_discovery_api import add_member, born
from tests.http.test_likes_api import signed_up
from tests.lookups import found


def grant(app: Flask, member_id: int, amount: int) -> None:
    app.extensions["amora"].credits().grant(member_id, amount, "test", "pytest")


def make_paid(app: Flask, member_id: int) -> None:
    with app.extensions["amora"].unit_of_work() as work:
        member = work.members.get(member_id)
        work.members.save(member, member.became_premium())
        work.commit()
    changed_behind_the_app(app, member_id)


@contextmanager
def watched_statements(container: Container, read: list[str]) -> Iterator[None]:
    def statement(_connection: object, _cursor: object, sql: str, *_: object) -> None:
        read.append(sql)

    event.listen(container.engine(), "before_cursor_execute", statement)
    try:
        yield
    finally:
        event.remove(container.engine(), "before_cursor_execute", statement)


def texts_sent_by(container: Container, member_id: int) -> list[str]:
    """The texts a member sent, oldest first."""
    with container.engine().begin() as connection:
        return list(connection.execute(
            tables.messages.select().with_only_columns(tables.messages.c.text)
            .where(tables.messages.c.sender_id == member_id)
            .order_by(tables.messages.c.id)).scalars())


# Ann's client and id, then Bob's.
TwoMembers = tuple[ApiClient, int, ApiClient, int]


@pytest.fixture
def pair(app: Flask) -> TwoMembers:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    return ann, ann_id, bob, bob_id


def test_chat_needs_a_login(client: ApiClient) -> None:
    for answer in (client.post("/api/members/1/messages", json={"text": "hi"}),
                   client.get("/api/chats"), client.get("/api/icebreakers"),
                   client.post("/api/page-hidden", json={})):
        assert answer.status_code == 403 and answer.json["error"] == "authentication_required"


def test_free_messages_then_credits(app: Flask,
                                    pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    before = ann.get(f"/api/members/{bob_id}/chat").json
    assert before["conversation"] is None and before["refusal"] is None
    assert before["terms"] == {"cost": 0, "free": True, "free_messages_left": 3,
                               "free_conversations_left": 2, "free_conversations": 2,
                               "conversations_left_today": 10}  # a new account's (issue 31)
    for n in range(3):
        sent = ann.post(f"/api/members/{bob_id}/messages", json={"text": f"hi {n}",
                                                                 "key": f"free-{n}"})
        assert sent.status_code == 201, sent.json
    retry = ann.post(f"/api/members/{bob_id}/messages", json={"text": "hi 2", "key": "free-2"})
    assert retry.status_code == 409 and retry.json["error"] == "already_sent"
    assert sent.json["terms"]["free_messages_left"] == 0 and sent.json["terms"]["cost"] == 10
    # The answer says the next message cannot go out: no free one left, no credits.
    assert sent.json["refusal"] == "not_enough_credits"
    refused = ann.post(f"/api/members/{bob_id}/messages", json={"text": "one more"})
    assert refused.status_code == 402 and refused.json["error"] == "not_enough_credits"
    grant(app, ann_id, 25)
    paid = ann.post(f"/api/members/{bob_id}/messages", json={"text": "paid", "key": "k1"})
    assert paid.status_code == 201 and paid.json["credits"] == 15
    assert paid.json["refusal"] is None
    again = ann.post(f"/api/members/{bob_id}/messages", json={"text": "paid", "key": "k1"})
    assert again.status_code == 409 and again.json["error"] == "already_sent"
    assert ann.get("/api/user").json["user"]["credits"] == 15
    # Bob sees one conversation with four unread messages; reading zeroes it.
    chats = bob.get("/api/chats").json["chats"]
    assert len(chats) == 1 and chats[0]["num_unread_messages"] == 4
    assert chats[0]["profile"]["id"] == ann_id and chats[0]["last_message"]["text"] == "paid"
    conversation = chats[0]["conversation"]["id"]
    history = bob.get(f"/api/chats/{conversation}/messages").json
    assert [m["text"] for m in history["messages"]] == ["hi 0", "hi 1", "hi 2", "paid"]
    assert bob.post(f"/api/chats/{conversation}/read").status_code == 204
    assert bob.get("/api/chats").json["chats"][0]["num_unread_messages"] == 0


def test_free_members_start_two_conversations(app: Flask,
                                              pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    others = [signed_up(app, f"Man{n}", "male", "female")[1] for n in range(2)]
    for n, other in enumerate((bob_id, others[0])):
        sent = ann.post(f"/api/members/{other}/messages", json={"text": "hi"})
        assert sent.status_code == 201
        assert sent.json["terms"]["free_conversations_left"] == 1 - n
        assert sent.json["terms"]["free_conversations"] == 2 and sent.json["refusal"] is None
    third = ann.post(f"/api/members/{others[1]}/messages", json={"text": "hi"})
    assert third.status_code == 402 and third.json["error"] == "free_conversations_used"
    assert ann.get(f"/api/members/{others[1]}/chat").json["refusal"] == "free_conversations_used"
    make_paid(app, ann_id)
    grant(app, ann_id, 10)
    assert ann.post(f"/api/members/{others[1]}/messages",
                    json={"text": "hi"}).status_code == 201


def test_who_cannot_send(app: Flask, container: Container,
                         pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    hidden = add_member(container, "Hidden", born(30), gender="male", invisible=True)
    assert ann.post(f"/api/members/{hidden}/messages", json={"text": "hi"}).status_code == 404
    assert ann.post(f"/api/members/{ann_id}/messages", json={"text": "hi"}).status_code == 404
    assert ann.post("/api/members/999999/messages", json={"text": "hi"}).status_code == 404
    bob.post(f"/api/members/{ann_id}/block")
    assert ann.post(f"/api/members/{bob_id}/messages", json={"text": "hi"}).status_code == 404
    newbie = ApiClient(app)
    newbie.post("/api/signup", json={**SIGNUP, "email": "new@example.com"})
    refused = newbie.post(f"/api/members/{ann_id}/messages", json={"text": "hi"})
    assert refused.status_code == 403 and refused.json["error"] == "email_not_confirmed"


@pytest.mark.parametrize("body", [{}, {"text": ""}, {"text": "   "}, {"text": "x" * 1001},
                                  {"text": 5}, {"text": "hi", "extra": 1},
                                  {"text": "hi", "key": ""}])
def test_bad_messages_change_nothing(pair: TwoMembers,
                                     body: dict[str, object]) -> None:
    ann, ann_id, bob, bob_id = pair
    assert ann.post(f"/api/members/{bob_id}/messages", json=body).status_code == 400
    assert ann.get("/api/chats").json["chats"] == []


def test_history_pages_back_and_delete_hides(app: Flask,
                                             pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    make_paid(app, ann_id)
    grant(app, ann_id, 600)
    for n in range(55):
        ann.post(f"/api/members/{bob_id}/messages", json={"text": f"m{n}"})
    conversation = ann.get("/api/chats").json["chats"][0]["conversation"]["id"]
    first = ann.get(f"/api/chats/{conversation}/messages").json
    assert len(first["messages"]) == 50 and first["has_more"] is True
    assert first["messages"][-1]["text"] == "m54"
    older = ann.get(f"/api/chats/{conversation}/messages?before={first['messages'][0]['id']}")
    assert [m["text"] for m in older.json["messages"]] == [f"m{n}" for n in range(5)]
    assert older.json["has_more"] is False
    assert bob.get(f"/api/chats/{conversation}/messages").status_code == 200
    outsider = signed_up(app, "Eve", "female", "male")[0]
    assert outsider.get(f"/api/chats/{conversation}/messages").status_code == 404
    assert bob.delete("/api/chat", json={"conversation": conversation}).status_code == 204
    assert bob.get("/api/chats").json["chats"] == []
    assert ann.get("/api/chats").json["chats"] != []
    ann.post(f"/api/members/{bob_id}/messages", json={"text": "still there?"})
    back = bob.get(f"/api/chats/{conversation}/messages").json["messages"]
    assert [m["text"] for m in back] == ["still there?"]
    assert outsider.delete("/api/chat", json={"conversation": conversation}).status_code == 404


def test_history_limit_of_the_site(app: Flask, container: Container,
                                   pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    container.site_administration().set("amora.test", "chat_history_limit", "3", "test")
    for n in range(3):
        ann.post(f"/api/members/{bob_id}/messages", json={"text": f"m{n}"})
    make_paid(app, ann_id)
    grant(app, ann_id, 10)
    ann.post(f"/api/members/{bob_id}/messages", json={"text": "m3"})
    conversation = ann.get("/api/chats").json["chats"][0]["conversation"]["id"]
    texts = [m["text"] for m in ann.get(f"/api/chats/{conversation}/messages").json["messages"]]
    assert texts == ["m1", "m2", "m3"]


def test_icebreakers_and_page_hidden(pair: TwoMembers) -> None:
    ann = pair[0]
    lines = ann.get("/api/icebreakers").json["icebreakers"]
    assert len(lines) >= 3 and all("{name}" in line for line in lines)
    assert ann.post("/api/page-hidden", json={}).status_code == 204


def test_signup_bonus_once_at_activation(app: Flask, container: Container) -> None:
    container.site_administration().set("amora.test", "signup_credits", "20", "test")
    client = ApiClient(app)
    member_id = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    assert client.get("/api/user").json["user"]["credits"] == 0
    with container.unit_of_work() as work:
        member = found(work.members.get(member_id))
    from application.signup import _signup_bonus

    for _ in range(2):
        with container.unit_of_work() as work:
            _signup_bonus(work, member, container.clock().now())
            work.commit()
    changed_behind_the_app(app, member_id)
    assert client.get("/api/user").json["user"]["credits"] == 20


def test_concurrent_sends_spend_exactly_the_balance(app: Flask, container: Container,
                                                    pair: TwoMembers,
                                                    database_url: str) -> None:
    """50 parallel sends with credits for exactly 10 messages: 10 stored, balance 0, and
    nothing fails but 'not enough credits'."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite serializes writers; the race is PostgreSQL's")
    ann, ann_id, bob, bob_id = pair
    container.site_administration().set("amora.test", "free_messages", "0", "test")
    make_paid(app, ann_id)
    grant(app, ann_id, 100)
    cookie = found(ann.get_cookie("auth._token")).value

    def send(n: int) -> tuple[int, str | None]:
        client = ApiClient(app)
        client.set_cookie("auth._token", cookie)
        answer = client.post(f"/api/members/{bob_id}/messages", json={"text": f"m{n}"})
        return answer.status_code, (answer.json or {}).get("error")

    with ThreadPoolExecutor(max_workers=12) as pool:
        results = list(pool.map(send, range(50)))
    assert sorted(results).count((201, None)) == 10
    assert {result for result in results if result[0] != 201} == {(402, "not_enough_credits")}
    assert ann.get("/api/user").json["user"]["credits"] == 0
    conversation = ann.get("/api/chats").json["chats"][0]["conversation"]["id"]
    assert len(ann.get(f"/api/chats/{conversation}/messages").json["messages"]) == 10
    balance, entries = container.credits().ledger(ann_id)
    assert balance == 0 and sum(entry.amount for entry in entries) == 0


def test_gifts_cost_credits_and_arrive_in_the_conversation(app: Flask, container: Container,
                                                           pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    container.site_administration().set("amora.test", "gift_credits", "20", "test")
    catalogue = ann.get("/api/gifts").json
    assert {"key": "rose", "price": 20} in catalogue["gifts"]
    assert {"key": "diamond", "price": 100} in catalogue["gifts"]
    refused = ann.post(f"/api/members/{bob_id}/gifts", json={"gift": "rose"})
    assert refused.status_code == 402 and refused.json["error"] == "not_enough_credits"
    assert ann.post(f"/api/members/{bob_id}/gifts", json={"gift": "yacht"}).status_code == 404
    assert ann.post(f"/api/members/{bob_id}/gifts", json={}).status_code == 400
    grant(app, ann_id, 50)
    sent = ann.post(f"/api/members/{bob_id}/gifts", json={"gift": "rose"})
    assert sent.status_code == 201 and sent.json["credits"] == 30
    chat = bob.get("/api/chats").json["chats"][0]
    assert chat["num_unread_messages"] == 1 and chat["last_message"]["gift"] == "rose"
    history = bob.get(f"/api/chats/{chat['conversation']['id']}/messages").json["messages"]
    assert history[-1]["gift"] == "rose" and history[-1]["sender_id"] == ann_id


def test_a_gift_answers_the_next_messages_terms(app: Flask, container: Container,
                                                pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    container.site_administration().set("amora.test", "gift_credits", "20", "test")
    make_paid(app, ann_id)
    grant(app, ann_id, 35)
    sent = ann.post(f"/api/members/{bob_id}/messages", json={"text": "hi"})
    assert sent.json["credits"] == 25 and sent.json["refusal"] is None
    assert sent.json["terms"] == {"cost": 10, "free": False, "free_messages_left": None,
                                  "free_conversations_left": None, "free_conversations": None,
                                  "conversations_left_today": None}
    gift = ann.post(f"/api/members/{bob_id}/gifts", json={"gift": "rose"})
    assert gift.status_code == 201 and gift.json["credits"] == 5
    assert gift.json["terms"]["cost"] == 10 and gift.json["refusal"] == "not_enough_credits"


def test_a_gift_starts_a_free_members_conversation(app: Flask, container: Container,
                                                   pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    grant(app, ann_id, 50)
    gift = ann.post(f"/api/members/{bob_id}/gifts", json={"gift": "rose"})
    assert gift.status_code == 201
    assert gift.json["terms"] == {"cost": 0, "free": True, "free_messages_left": 3,
                                  "free_conversations_left": 1, "free_conversations": 2,
                                  "conversations_left_today": None}
    assert gift.json["refusal"] is None


def test_free_members_unlock_a_photo_for_credits(app: Flask, container: Container,
                                                 pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    container.site_administration().set("amora.test", "photo_credits", "15", "test")
    with container.unit_of_work() as work:
        photo_ids = [work.photos.add(bob_id, f"photos/b/{n}.jpg", f"photos/b/{n}_t.jpg", n == 0,
                                     "active", datetime(2026, 1, 1, tzinfo=UTC))
                     for n in range(3)]
        work.commit()
    profile = ann.get(f"/api/members/{bob_id}").json["profile"]
    assert [p["locked"] for p in profile["photos"]] == [False, True, True]
    assert profile["photo_credits"] == 15
    locked = profile["photos"][2]["id"]
    assert ann.post(f"/api/members/{bob_id}/photos/{locked}/unlock").json["error"] \
        == "not_enough_credits"
    grant(app, ann_id, 20)
    opened = ann.post(f"/api/members/{bob_id}/photos/{locked}/unlock").json
    assert opened["credits"] == 5  # the photo by a link signed for Ann (test_hardening_photos)
    assert opened["photo"]["filename"].startswith("photos/b/2.jpg?exp=")
    again = ann.post(f"/api/members/{bob_id}/photos/{locked}/unlock").json
    assert again["credits"] == 5  # already open: no second charge
    profile = ann.get(f"/api/members/{bob_id}").json["profile"]
    assert [p["locked"] for p in profile["photos"]] == [False, True, False]
    assert ann.post(f"/api/members/{ann_id}/photos/{photo_ids[1]}/unlock").status_code == 404
    own = bob.get(f"/api/members/{bob_id}").json["profile"]["photos"]
    assert [p["locked"] for p in own] == [False, False, False]  # your own photos are yours
    assert bob.post(f"/api/members/{bob_id}/photos/{photo_ids[1]}/unlock").status_code == 409
    assert ann.post(f"/api/members/{bob_id}/photos/999999/unlock").status_code == 404


def test_only_a_photo_locked_to_the_viewer_can_be_bought(app: Flask, container: Container,
                                                         pair: TwoMembers) -> None:
    """One rule for the profile, its gallery and the unlock (issue 14.2): the main photo
    is open so it is not for sale; behind a block, or of an invisible member who made no
    contact, a photo does not exist for the viewer and costs nothing."""
    ann, ann_id, bob, bob_id = pair
    container.site_administration().set("amora.test", "photo_credits", "15", "test")
    with container.unit_of_work() as work:
        main, second = (work.photos.add(bob_id, f"photos/b/{n}.jpg", f"photos/b/{n}_t.jpg",
                                        n == 0, "active", datetime(2026, 1, 1, tzinfo=UTC))
                        for n in range(2))
        work.commit()
    grant(app, ann_id, 100)
    bought = ann.post(f"/api/members/{bob_id}/photos/{main}/unlock")
    assert bought.status_code == 409 and bought.json["error"] == "photo_already_open"
    assert bob.put("/api/user", json={"invisible": True}).status_code == 200
    assert ann.post(f"/api/members/{bob_id}/photos/{second}/unlock").status_code == 404
    assert ann.get(f"/api/members/{bob_id}").status_code == 404
    assert bob.put("/api/user", json={"invisible": False}).status_code == 200
    assert bob.post(f"/api/members/{ann_id}/block").status_code in (200, 204)
    refused = ann.post(f"/api/members/{bob_id}/photos/{second}/unlock")
    assert refused.status_code == 404 and refused.json["error"] == "photo_not_found"
    assert ann.get(f"/api/members/{bob_id}").status_code == 404  # the profile agrees
    balance, entries = container.credits().ledger(ann_id)
    assert balance == 100 and [e.kind.value for e in entries] == ["grant"]


def test_a_banned_members_beacon_keeps_the_ban_for_the_next_request(container: Container,
                                                                    pair: TwoMembers) -> None:
    ann, ann_id = pair[0], pair[1]
    container.moderation().ban(ann_id, "spam", "pytest")
    assert ann.post("/api/page-hidden", json={}).status_code == 204
    assert ann.get("/api/user").json["error"] == "account_banned"


def test_a_ban_the_processs_memory_missed_still_refuses_the_next_message(
        app: Flask, container: Container, pair: TwoMembers) -> None:
    """A message takes the sign-in this process remembers (issue 36.3), but the send reads
    the sender's account again under its lock: a ban straight in the database, which no
    process announced, refuses it with the ban (and its page) all the same."""
    ann, ann_id, _, bob_id = pair
    assert ann.post(f"/api/members/{bob_id}/messages", json={"text": "hi"}).status_code == 201
    with container.engine().begin() as connection:
        connection.execute(update(tables.members).where(tables.members.c.id == ann_id)
                           .values(status="banned", ban_reason="spam"))
    refused = ann.post(f"/api/members/{bob_id}/messages", json={"text": "still here?"})
    assert refused.status_code == 403 and refused.json["error"] == "account_banned"
    with container.engine().begin() as connection:
        connection.execute(update(tables.members).where(tables.members.c.id == ann_id)
                           .values(status="deleted", ban_reason=None))
    refused = ann.post(f"/api/members/{bob_id}/messages", json={"text": "and now?"})
    assert refused.status_code == 403 and refused.json["error"] == "authentication_required"
    assert texts_sent_by(container, ann_id) == ["hi"]


def test_a_message_spares_the_session_lookup(app: Flask, container: Container,
                                             pair: TwoMembers) -> None:
    """The sign-in of the member's previous request serves the message: no statement
    reads the session (it reads the member's account with the send's facts)."""
    ann, _, _, bob_id = pair
    assert ann.get("/api/user").status_code == 200
    read: list[str] = []
    with watched_statements(container, read):
        assert ann.post(f"/api/members/{bob_id}/messages", json={"text": "hi"}).status_code == 201
    assert read and not any("token_hash" in statement for statement in read)
