"""The live socket /ws under a member who floods it (issue 28.3): a frame bigger than any
client message closes the socket (1009) instead of filling the worker's memory; a socket
that sends more than its allowance is closed (1008); typing notices reach the other member
at most once per conversation every TYPING_EVERY. Pings and chat go on as before.

The server runs on a real thread; its clock stands still unless a test moves it, so the
allowances and the typing notices' spacing do not depend on how fast the box is."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import attrs
import pytest
import simple_websocket
from dependency_injector import providers
from flask import Flask

from adapters.container import Container
from adapters.http.app import create_app
from domain.live_limits import MAX_CLIENT_MESSAGE, MESSAGES_BURST, MESSAGES_PER_SECOND, TYPING_EVERY
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import Seeded
from tests.http.test_likes_api import signed_up
from tests.http.test_realtime import connect, live, next_event  # noqa: F401 - live: the fixture
from tests.lookups import found

MESSAGE_TOO_BIG = 1009
POLICY_VIOLATION = 1008


@pytest.fixture
def clock(container: Container) -> FixedClock:
    """The app's clock, stopped (before anything that reads it is built)."""
    stopped = FixedClock(container.clock().now())
    container.clock.override(providers.Object(stopped))
    return stopped


@pytest.fixture
def app(clock: FixedClock, container: Container, seeded: Seeded, web_dist: Path) -> Flask:
    return create_app(container)


@attrs.frozen
class Pair:
    """Ann and Bob in one conversation, each with a live socket."""

    ann_ws: Any
    bob_ws: Any
    conversation: int
    ann_id: int
    bob_id: int
    bob: ApiClient


@pytest.fixture
def pair(app: Flask, live: str) -> Iterator[Pair]:  # noqa: F811
    """Their sockets are past the hello and the pong to connect's ping."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    sent = ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hoi Bob"})
    conversation = sent.json["message"]["conversation_id"]
    ann_ws, bob_ws = connect(live, ann), connect(live, bob)
    try:
        for ws in (ann_ws, bob_ws):
            next_event(ws, "hello")
            next_event(ws, "pong")
        yield Pair(ann_ws, bob_ws, conversation, ann_id, bob_id, bob)
    finally:
        for ws in (ann_ws, bob_ws):
            with contextlib.suppress(simple_websocket.ConnectionClosed):  # closed by a test
                ws.close()


def _typing(conversation: int) -> str:
    return json.dumps({"type": "typing", "conversation": conversation})


def _ping() -> str:
    return json.dumps({"type": "ping"})


def _handled(ws: Any) -> None:
    """Pings and waits for the pong: the server handled what this socket sent before."""
    ws.send(_ping())
    next_event(ws, "pong")


def _kinds_until_pong(ws: Any) -> list[str]:
    """Pings and collects the kinds of event that arrive up to the pong: whatever the
    server sent this socket before it handled the ping."""
    ws.send(_ping())
    kinds: list[str] = []
    while not kinds or kinds[-1] != "pong":
        raw = ws.receive(timeout=5)
        assert raw is not None, f"no pong after {kinds}"
        kinds.append(json.loads(raw)["type"])
    return kinds


def _close_code(ws: Any) -> int:
    """Reads until the server closes the socket: its close code."""
    seen: list[str] = []
    with pytest.raises(simple_websocket.ConnectionClosed) as closed:
        while True:
            raw = ws.receive(timeout=5)
            assert raw is not None, f"still open after {len(seen)} events"
            seen.append(raw)
    return int(closed.value.reason)


def test_a_frame_bigger_than_any_client_message_closes_the_socket(
        app: Flask, live: str) -> None:  # noqa: F811
    """Before: the server read the whole frame into memory (100 MB took a worker from 157
    to 272 MB) and dropped it afterwards. Now it stops at MAX_CLIENT_MESSAGE."""
    bob, _ = signed_up(app, "Bob", "male", "female")
    bob_ws = connect(live, bob)
    next_event(bob_ws, "hello")
    next_event(bob_ws, "pong")
    # As big as a client message may be: still served.
    padded = json.dumps({"type": "ping", "pad": ""})
    bob_ws.send(json.dumps({"type": "ping", "pad": "x" * (MAX_CLIENT_MESSAGE - len(padded))}))
    next_event(bob_ws, "pong")
    bob_ws.send("x" * 200_000)
    assert _close_code(bob_ws) == MESSAGE_TOO_BIG


def test_a_big_message_in_small_fragments_closes_the_socket_too(
        app: Flask, live: str) -> None:  # noqa: F811
    """The limit is on the message, not on each frame: fragments add up."""
    bob, _ = signed_up(app, "Bob", "male", "female")
    bob_ws = connect(live, bob)
    next_event(bob_ws, "hello")
    next_event(bob_ws, "pong")
    from wsproto.events import TextMessage

    for _ in range(100):  # 100 fragments of 100 characters, none of them the last
        found(bob_ws.sock).send(bob_ws.ws.send(TextMessage(data="x" * 100, message_finished=False)))
    assert _close_code(bob_ws) == MESSAGE_TOO_BIG


def test_a_typing_flood_reaches_the_other_member_once_per_interval(
        pair: Pair, clock: FixedClock) -> None:
    """Before: every notice went out (94k sent in 20 s, 4,480 delivered); each one also
    cost a database read. Now one per conversation and TYPING_EVERY passes."""
    ann_ws, bob_ws, conversation = pair.ann_ws, pair.bob_ws, pair.conversation
    for _ in range(5):
        bob_ws.send(_typing(conversation))
    _handled(bob_ws)
    assert _kinds_until_pong(ann_ws).count("typing") == 1
    clock.current += TYPING_EVERY - timedelta(milliseconds=1)
    bob_ws.send(_typing(conversation))
    _handled(bob_ws)
    assert _kinds_until_pong(ann_ws).count("typing") == 0  # not yet
    clock.current += timedelta(milliseconds=1)
    for _ in range(3):
        bob_ws.send(_typing(conversation))
    _handled(bob_ws)
    kinds = _kinds_until_pong(ann_ws)
    assert kinds.count("typing") == 1, kinds


def test_a_socket_that_floods_is_closed_with_policy_violation(
        pair: Pair, caplog: pytest.LogCaptureFixture) -> None:
    """More messages at once than the allowance (the clock stands still: nothing refills
    it): the socket is closed with 1008 and a log line names the member. The other member
    heard one typing notice."""
    ann_ws, bob_ws, conversation, bob_id = pair.ann_ws, pair.bob_ws, pair.conversation, pair.bob_id
    caplog.set_level(logging.WARNING, logger="amora.realtime")
    for _ in range(MESSAGES_BURST * 3):
        try:
            bob_ws.send(_typing(conversation))
        except (simple_websocket.ConnectionClosed, OSError):
            break  # closed already
    assert _close_code(bob_ws) == POLICY_VIOLATION
    assert _kinds_until_pong(ann_ws).count("typing") == 1
    assert any(f"member {bob_id}" in record.getMessage() and "1008" in record.getMessage()
               for record in caplog.records), caplog.records


def test_pings_keep_a_socket_open_for_good(
        pair: Pair, clock: FixedClock) -> None:
    """A client pinging every 25 s (the web app) and typing now and then is never closed:
    an hour of it, on the stopped clock moved by hand."""
    ann_ws, bob_ws, conversation = pair.ann_ws, pair.bob_ws, pair.conversation
    typed = 0
    for minute_part in range(144):  # 144 x 25 s = an hour
        clock.current += timedelta(seconds=25)
        if minute_part % 4 == 0:
            bob_ws.send(_typing(conversation))
            typed += 1
        assert _kinds_until_pong(bob_ws)[-1] == "pong"
    assert _kinds_until_pong(ann_ws).count("typing") == typed


def test_a_burst_within_the_allowance_is_served(
        pair: Pair, clock: FixedClock) -> None:
    """A socket that used its allowance up gets it back with time: MESSAGES_PER_SECOND."""
    bob_ws = pair.bob_ws
    clock.current += timedelta(seconds=MESSAGES_BURST / MESSAGES_PER_SECOND)  # full again
    for _ in range(MESSAGES_BURST):
        bob_ws.send(_ping())
    for _ in range(MESSAGES_BURST):
        next_event(bob_ws, "pong")
    clock.current += timedelta(seconds=1 / MESSAGES_PER_SECOND)  # one more message
    assert _kinds_until_pong(bob_ws)[-1] == "pong"


def test_chat_goes_on_as_before(pair: Pair) -> None:
    """Messages, typing and pongs over the sockets of members who behave."""
    ann_ws, bob_ws, conversation, bob_id = pair.ann_ws, pair.bob_ws, pair.conversation, pair.bob_id
    answer = pair.bob.post(f"/api/members/{pair.ann_id}/messages", json={"text": "Hoi Ann"})
    assert answer.status_code in (200, 201), answer.json
    assert next_event(ann_ws, "message")["message"]["text"] == "Hoi Ann"
    bob_ws.send(_typing(conversation))
    assert next_event(ann_ws, "typing") == {"type": "typing", "conversation": conversation,
                                            "member": bob_id}
    assert _kinds_until_pong(bob_ws)[-1] == "pong"
