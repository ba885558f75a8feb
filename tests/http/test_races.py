"""What members can race (issue 14.3 and 14.4): the same request many times at once ends
with the allowance kept and known conflicts answered by their codes, never a 500. The
races are PostgreSQL's (SQLite runs one writer at a time), but every test runs on both:
SQLite must give the same answers."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask

from adapters.container import Container
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_chat_api import grant, make_paid
from tests.http.test_likes_api import signed_up
from tests.lookups import found

ROUNDS = 10


def at_once(count: int, request: Callable[[int], Any]) -> Counter[tuple[int, str | None]]:
    """Runs ``request`` ``count`` times, all released together; counts (status, error)."""
    start = threading.Barrier(count)

    def run(n: int) -> tuple[int, str | None]:
        start.wait(30)
        answer = request(n)
        return answer.status_code, (answer.json or {}).get("error")

    with ThreadPoolExecutor(max_workers=count) as pool:
        return Counter(pool.map(run, range(count)))


def client_of(app: Flask, logged_in: ApiClient) -> Callable[[], ApiClient]:
    """A fresh test client with the same session (test clients are not thread-safe)."""
    cookie = logged_in.get_cookie("auth._token")
    assert cookie is not None

    def make() -> ApiClient:
        client = ApiClient(app)
        client.set_cookie("auth._token", cookie.value)
        return client

    return make


# Ann's client and id, then Bob's.
TwoMembers = tuple[ApiClient, int, ApiClient, int]


@pytest.fixture
def pair(app: Flask) -> TwoMembers:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    return ann, ann_id, bob, bob_id


def test_parallel_sends_never_exceed_the_free_allowance(app: Flask, container: Container,
                                                        pair: TwoMembers) -> None:
    ann, ann_id, _, bob_id = pair
    container.site_administration().set("amora.test", "free_messages", "1", "test")
    grant(app, ann_id, 1000)
    as_ann = client_of(app, ann)
    results = at_once(ROUNDS, lambda n: as_ann().post(f"/api/members/{bob_id}/messages",
                                                      json={"text": f"hi {n}"}))
    assert results == Counter({(201, None): ROUNDS})
    with container.unit_of_work() as work:
        assert work.chats.free_messages_used(ann_id) == 1
    balance, _ = container.credits().ledger(ann_id)
    assert balance == 1000 - (ROUNDS - 1) * 10


def test_parallel_first_messages_start_one_free_conversation_each(
        app: Flask, container: Container, pair: TwoMembers) -> None:
    """Free members start at most two conversations, however many they open at once."""
    ann, ann_id, _, _ = pair
    others = [signed_up(app, f"Man{n}", "male", "female")[1] for n in range(4)]
    grant(app, ann_id, 1000)
    as_ann = client_of(app, ann)
    results = at_once(len(others), lambda n: as_ann().post(
        f"/api/members/{others[n]}/messages", json={"text": "hello"}))
    assert results == Counter({(201, None): 2, (402, "free_conversations_used"): 2})


def test_parallel_retries_of_one_send_store_it_once(app: Flask, container: Container,
                                                    pair: TwoMembers) -> None:
    ann, ann_id, _, bob_id = pair
    make_paid(app, ann_id)
    grant(app, ann_id, 1000)
    as_ann = client_of(app, ann)
    results = at_once(ROUNDS, lambda n: as_ann().post(f"/api/members/{bob_id}/messages",
                                                      json={"text": "once", "key": "k-1"}))
    assert results == Counter({(201, None): 1, (409, "already_sent"): ROUNDS - 1})
    balance, _ = container.credits().ledger(ann_id)
    assert balance == 990


def test_parallel_gifts_spend_exactly_the_balance(app: Flask, container: Container,
                                                  pair: TwoMembers) -> None:
    ann, ann_id, _, bob_id = pair
    container.site_administration().set("amora.test", "gift_credits", "20", "test")
    grant(app, ann_id, 60)
    as_ann = client_of(app, ann)
    results = at_once(ROUNDS, lambda n: as_ann().post(f"/api/members/{bob_id}/gifts",
                                                      json={"gift": "rose"}))
    assert results == Counter({(201, None): 3, (402, "not_enough_credits"): ROUNDS - 3})


def test_parallel_signups_with_one_address_make_one_account(app: Flask,
                                                            container: Container) -> None:
    results = at_once(6, lambda n: ApiClient(app).post(
        "/api/signup", json={**SIGNUP, "email": "twin@example.com"}))
    assert results == Counter({(201, None): 1, (409, "account_exists"): 5})


def test_parallel_likes_and_swipes_of_one_member(app: Flask, pair: TwoMembers) -> None:
    ann, _, _, bob_id = pair
    as_ann = client_of(app, ann)
    liked = at_once(ROUNDS, lambda n: as_ann().post(f"/api/members/{bob_id}/like"))
    assert {status for status, _ in liked} <= {200, 201}, liked
    carol, _ = signed_up(app, "Carol", "female", "male")
    as_carol = client_of(app, carol)
    swiped = at_once(ROUNDS, lambda n: as_carol().post("/api/swipe",
                                                      json={"profile": bob_id, "like": True}))
    assert sum(count for (status, _), count in swiped.items() if status == 200) == 1, swiped
    assert set(swiped) - {(200, None)} <= {(409, "already_swiped")}, swiped


def test_parallel_blocks_and_page_hides(app: Flask,
                                        pair: TwoMembers) -> None:
    ann, _, _, bob_id = pair
    as_ann = client_of(app, ann)
    blocked = at_once(ROUNDS, lambda n: as_ann().post(f"/api/members/{bob_id}/block"))
    assert {status for status, _ in blocked} == {204}, blocked
    hidden = at_once(ROUNDS, lambda n: as_ann().post("/api/page-hidden", json={}))
    assert {status for status, _ in hidden} == {204}, hidden


def test_a_single_use_token_is_used_once(app: Flask, container: Container,
                                         pair: TwoMembers) -> None:
    """Two clicks on one reset link at once: one sets the password, the others are told
    the link is used."""
    _, ann_id, _, _ = pair
    now = container.clock().now()
    with container.unit_of_work() as work:
        work.tokens.add(ann_id, "password_reset", container.secrets().digest("reset-token-1"),
                        now, now + timedelta(hours=1))
        work.commit()
    results = at_once(4, lambda n: ApiClient(app).post("/api/password-reset/do", json={
        "token": "reset-token-1", "password": f"new secret words {n}",
        "repeat": f"new secret words {n}"}))
    assert results[(400, "reset_link_invalid")] == 3, results
    assert sum(results.values()) == 4 and len(results) == 2, results


def test_two_members_confirming_one_new_address_at_once(app: Flask, container: Container,
                                                        pair: TwoMembers) -> None:
    """Both checked that the address was free; the database keeps one, the other member
    hears email_taken and keeps the old address."""
    _, ann_id, _, bob_id = pair
    now = container.clock().now()
    with container.unit_of_work() as work:
        for member_id in (ann_id, bob_id):
            work.tokens.add(member_id, "mail_change",
                            container.secrets().digest(f"change-{member_id}"), now,
                            now + timedelta(hours=1), new_email="shared@example.com")
        work.commit()
    ids = (ann_id, bob_id)
    results = at_once(2, lambda n: ApiClient(app).post(
        "/api/mail-change/do", json={"token": f"change-{ids[n]}"}))
    assert results == Counter({(204, None): 1, (409, "email_taken"): 1}), results
    with container.unit_of_work() as work:
        addresses = sorted(found(work.members.get(i)).email for i in ids)
    assert addresses.count("shared@example.com") == 1
