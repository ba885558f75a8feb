"""The WebSocket /ws on a real server thread: events reach the member's connection."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import simple_websocket
from flask import Flask
from werkzeug.serving import ThreadedWSGIServer, make_server

from adapters.container import Container, build_container
from tests.api_client import ApiClient
from tests.conftest import make_config
from tests.http.test_likes_api import make_premium, signed_up
from tests.lookups import found


@pytest.fixture(autouse=True)
def every_typing_notice_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about who hears what: each typing notice passes here, however soon
    after the last (their spacing: tests/http/test_hardening_ws.py)."""
    monkeypatch.setattr("domain.live_limits.TYPING_EVERY", timedelta(0))


@pytest.fixture
def live(app: Flask) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    assert isinstance(server, ThreadedWSGIServer)
    server.daemon_threads = True  # a request thread stuck on a dead socket must not hang exit
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.server_port}"
    server.shutdown()


def connect(host: str, client: ApiClient | None, origin: str | None = None,
            ping: bool = True) -> simple_websocket.Client:
    headers: dict[bytes, bytes] = {}
    if client is not None:
        headers[b"Cookie"] = f"auth._token={found(client.get_cookie('auth._token')).value}".encode()
    if origin:
        headers[b"Origin"] = origin.encode()
    ws = simple_websocket.Client.connect(f"ws://{host}/ws", headers=headers)
    # simple-websocket's client leaves a frame that came with the handshake unread until
    # more data arrives: a ping makes the server answer, which flushes the hello out.
    # Refused sockets close; one closed already may have released its file descriptor.
    with contextlib.suppress(simple_websocket.ConnectionClosed, OSError):
        if ping:
            ws.send(json.dumps({"type": "ping"}))
    return ws


def next_event(ws: Any, kind: str, timeout: float = 5, also: str = "") -> dict[str, Any]:
    """The next event of ``kind`` or ``also`` (others, like counters, are skipped)."""
    while True:
        raw = ws.receive(timeout=timeout)
        assert raw is not None, f"no {kind} event within {timeout} s"
        event = json.loads(raw)
        if event["type"] in (kind, also):
            answer: dict[str, Any] = event
            return answer


def test_messages_typing_read_and_likes_arrive_live(app: Flask, live: str) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    ann_ws, bob_ws = connect(live, ann), connect(live, bob)
    try:
        assert next_event(bob_ws, "hello")["member"] == bob_id
        next_event(ann_ws, "hello")
        ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hoi Bob"})
        event = next_event(bob_ws, "message")
        assert event["message"]["text"] == "Hoi Bob" and event["unread"] == 1
        assert next_event(ann_ws, "message")["message"]["sender_id"] == ann_id
        conversation = event["message"]["conversation_id"]
        bob_ws.send(json.dumps({"type": "typing", "conversation": conversation}))
        assert next_event(ann_ws, "typing") == {"type": "typing", "conversation": conversation,
                                                "member": bob_id}
        # Read receipts are premium: free Ann is not told; premium Ann is.
        bob.post(f"/api/chats/{conversation}/read")
        bob_ws.send(json.dumps({"type": "typing", "conversation": conversation}))
        assert next_event(ann_ws, "typing", also="read")["type"] == "typing"
        make_premium(app, ann_id)
        bob.post(f"/api/chats/{conversation}/read")
        assert next_event(ann_ws, "read")["conversation"] == conversation
        ann.post(f"/api/members/{bob_id}/like")
        assert next_event(bob_ws, "like")["member"] == ann_id
        bob.post(f"/api/members/{ann_id}/like")
        assert next_event(ann_ws, "match")["profile"]["id"] == bob_id
        bob_ws.send("not json")
        bob_ws.send(json.dumps({"type": "ping"}))
        assert next_event(bob_ws, "pong") == {"type": "pong"}
    finally:
        ann_ws.close()
        bob_ws.close()


def _signals_after_typing_and_reading(ann_ws: Any, bob: ApiClient, bob_ws: Any,
                                      conversation: int) -> list[str]:
    """Bob types (his pong says the server handled it) and reads the conversation; then
    Ann pings. Her pong comes after whatever Bob's steps sent her: the kinds before it."""
    bob_ws.send(json.dumps({"type": "typing", "conversation": conversation}))
    bob_ws.send(json.dumps({"type": "ping"}))
    next_event(bob_ws, "pong")
    assert bob.post(f"/api/chats/{conversation}/read").status_code == 204
    ann_ws.send(json.dumps({"type": "ping"}))
    kinds: list[str] = []
    while not kinds or kinds[-1] != "pong":
        raw = ann_ws.receive(timeout=5)
        assert raw is not None, f"no pong after {kinds}"
        kinds.append(json.loads(raw)["type"])
    return kinds


@pytest.mark.parametrize("quiet", ["bob", "ann"])
def test_quiet_mode_sends_no_typing_or_read_event(app: Flask, live: str, quiet: str) -> None:
    """Whoever switches typing and read receipts off, Bob's signals never reach Ann's
    socket: whether Bob hides his (he shares nothing) or Ann hides hers (reciprocity: she
    sees no one's). With both on, the same steps do reach her."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    sent = ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hoi Bob"})
    conversation = sent.json["message"]["conversation_id"]
    make_premium(app, ann_id)  # read receipts are premium: only quiet mode stops them
    ann_ws, bob_ws = connect(live, ann), connect(live, bob)
    try:
        for ws in (ann_ws, bob_ws):  # the hello, and the pong to connect's ping
            next_event(ws, "hello")
            next_event(ws, "pong")
        kinds = _signals_after_typing_and_reading(ann_ws, bob, bob_ws, conversation)
        assert "typing" in kinds and "read" in kinds, kinds
        quiet_one = bob if quiet == "bob" else ann
        user = quiet_one.put("/api/user", json={"share_typing": False,
                                                "share_read_receipts": False}).json["user"]
        assert (user["share_typing"], user["share_read_receipts"], user["show_online"]) == (
            False, False, True)
        kinds = _signals_after_typing_and_reading(ann_ws, bob, bob_ws, conversation)
        assert "typing" not in kinds and "read" not in kinds, kinds
    finally:
        ann_ws.close()
        bob_ws.close()


def test_online_status_follows_live_sockets_and_quiet_mode(app: Flask, live: str) -> None:
    """A member with a live page is online, in the other's chat list and on their
    profile; whoever hides their online status is shown as neither online nor offline
    and sees no one's (reciprocity)."""
    from adapters.realtime import connections as realtime

    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hoi Bob"})

    def seen_by_ann() -> tuple[object, object]:
        [chat] = ann.get("/api/chats").json["chats"]
        return chat["online"], ann.get(f"/api/members/{bob_id}").json["profile"]["online"]

    assert seen_by_ann() == (False, False)  # never had a live page
    bob_ws = connect(live, bob)
    try:
        next_event(bob_ws, "hello")
        realtime.check_sessions()  # the periodic round marks live members seen
        assert seen_by_ann() == (True, True)
        assert bob.get("/api/chats").json["chats"][0]["online"] is False  # Ann has no page
        bob.put("/api/user", json={"show_online": False})
        assert seen_by_ann() == (None, None)  # Bob hides it: not said at all
        bob.put("/api/user", json={"show_online": True})
        ann.put("/api/user", json={"show_online": False})
        assert seen_by_ann() == (None, None)  # Ann hides hers: she sees no one's
        visitor = ApiClient(app).get(f"/api/members/{bob_id}").json
        assert visitor.get("profile", {}).get("online") is None  # visitors are told nothing
    finally:
        bob_ws.close()
    assert ann_id


def test_a_ban_closes_the_sockets_at_once(app: Flask, container: Container, live: str) -> None:
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    bob_ws = connect(live, bob)
    next_event(bob_ws, "hello")
    container.moderation().ban(bob_id, "spam", "pytest")
    assert next_event(bob_ws, "session_revoked", timeout=2)
    with pytest.raises(simple_websocket.ConnectionClosed):
        while True:
            bob_ws.receive(timeout=2)


def test_a_ban_from_the_command_line_closes_the_sockets_at_once_without_redis(
        app: Flask, live: str, tmp_path: Path, database_url: str) -> None:
    """`amora members ban` runs in a process of its own (here: a second container on the
    same VAR_DIR, so a bus of its own). Without Redis its SessionRevoked reaches this
    process's socket over the same-host bus: the event itself, which names the sessions
    (the 15-second session check would send a bare session_revoked)."""
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    bob_ws = connect(live, bob)
    next_event(bob_ws, "hello")
    command_line = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                               WEB_DIST=str(tmp_path / "dist")))
    try:
        command_line.moderation().ban(bob_id, "spam", "pytest")
    finally:
        command_line.engine().dispose()
    assert next_event(bob_ws, "session_revoked", timeout=10)["sessions"] == []


@pytest.mark.parametrize("at_once", [1, 100])
def test_the_session_check_closes_the_sockets_of_ended_sessions_only(
        app: Flask, live: str, at_once: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sessions of all sockets are checked on a schedule, a read per round of sockets,
    however often their clients talk: a logout elsewhere ends that session's socket, not
    the others."""
    from adapters.realtime import connections as realtime

    monkeypatch.setattr(realtime, "CHECKED_AT_ONCE", at_once)
    ann, _ = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    ann_ws, bob_ws = connect(live, ann), connect(live, bob)
    next_event(ann_ws, "hello")
    next_event(bob_ws, "hello")
    bob.post("/api/logout")
    realtime.check_sessions()
    told: list[str] = []
    with pytest.raises(simple_websocket.ConnectionClosed):
        while True:
            raw = bob_ws.receive(timeout=5)
            assert raw is not None, f"still open after {told}"
            told.append(json.loads(raw)["type"])
    assert "session_revoked" in told
    ann_ws.send(json.dumps({"type": "ping"}))
    assert next_event(ann_ws, "pong", also="session_revoked")["type"] == "pong"
    ann_ws.close()


def test_no_session_or_a_foreign_origin_gets_no_socket(app: Flask, live: str) -> None:
    """The server says session_revoked and closes. (The test client may drop that last
    frame when it came in the same packet as the handshake, so the proof is: no hello,
    and the socket closes.)"""
    bob, _ = signed_up(app, "Bob", "male", "female")
    # No ping: it could arrive as the development server drains a finished request's
    # input, which then reads until the client hangs up, and neither side ever would.
    for ws in (connect(live, None, ping=False),
               connect(live, bob, origin="https://evil.example", ping=False)):
        seen = []
        with pytest.raises(simple_websocket.ConnectionClosed):
            for _ in range(5):
                raw = ws.receive(timeout=2)
                if raw is not None:
                    seen.append(json.loads(raw)["type"])
        assert "hello" not in seen and set(seen) <= {"session_revoked"}


def test_an_outage_closes_the_socket_with_try_again_later(app: Flask, live: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The session cannot be checked while the database is away: the socket is closed
    with 1013 so the client comes back later, instead of dropping without a word."""
    from sqlalchemy.exc import OperationalError

    from adapters.http import session

    bob, _ = signed_up(app, "Bob", "male", "female")

    def database_away() -> None:
        raise OperationalError("SELECT 1", None, ConnectionRefusedError("down"))

    monkeypatch.setattr(session, "signed_in", database_away)
    # Read raw: the test client may never parse a close frame that came with the
    # handshake, and a ping to flush it could hang the development server's input drain.
    head, frames = first_frame(live, bob)
    assert head.startswith(b"HTTP/1.1 101"), head
    assert frames[0] == 0x88 and int.from_bytes(frames[2:4], "big") == 1013  # close


def test_a_full_process_refuses_a_new_socket_and_still_answers_health(
        app: Flask, tmp_path: Path, database_url: str) -> None:
    """LIVE_SOCKETS caps a process's sockets (issue 36.3): one more is closed with 1013, so
    its client comes back later (perhaps to another process), and requests, the health
    check among them, are still answered from the connections kept for them."""
    from adapters.http.app import create_app

    ann, _ = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    full = create_app(build_container(make_config(
        tmp_path, DATABASE_URL=database_url, WEB_DIST=str(tmp_path / "dist"), LIVE_SOCKETS="1")))
    server = make_server("127.0.0.1", 0, full, threaded=True)
    assert isinstance(server, ThreadedWSGIServer)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"127.0.0.1:{server.server_port}"
    try:
        ann_ws = connect(address, ann)
        next_event(ann_ws, "hello")
        head, frames = first_frame(address, bob)
        assert head.startswith(b"HTTP/1.1 101"), head
        assert frames[0] == 0x88 and int.from_bytes(frames[2:4], "big") == 1013  # close
        assert full.test_client().get("/api/health").status_code == 200
        ann_ws.send(json.dumps({"type": "ping"}))
        assert next_event(ann_ws, "pong")["type"] == "pong"  # the first one is untouched
        ann_ws.close()
    finally:
        server.shutdown()


def test_sockets_go_uncompressed_though_the_browser_offers_deflate(app: Flask,
                                                                   live: str) -> None:
    """A compressing socket holds zlib state for its whole life (~100 kB): the handshake
    declines the browser's permessage-deflate offer and events go out as plain frames."""
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    head, frames = first_frame(
        live, bob, "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits")
    assert head.startswith(b"HTTP/1.1 101"), head
    assert b"sec-websocket-extensions" not in head.lower(), head
    assert frames[0] == 0x81  # FIN, text, RSV1 clear: not compressed
    assert json.loads(frames[2:2 + frames[1]]) == {"type": "hello", "member": bob_id}


def first_frame(live: str, client: ApiClient, *headers: str) -> tuple[bytes, bytes]:
    """A handshake over a plain socket: the answer's head, and what follows it once the
    first (short, unmasked) frame is whole."""
    host, port = live.split(":")
    with socket.create_connection((host, int(port)), timeout=5) as raw:
        raw.sendall("\r\n".join([
            "GET /ws HTTP/1.1", f"Host: {live}", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
            f"Cookie: auth._token={found(client.get_cookie('auth._token')).value}", *headers,
            "", ""]).encode())
        received = b""
        while not _whole_first_frame(received.partition(b"\r\n\r\n")[2]):
            chunk = raw.recv(4096)
            assert chunk, received
            received += chunk
    head, _, frames = received.partition(b"\r\n\r\n")
    return head, frames


def _whole_first_frame(frames: bytes) -> bool:
    """A short unmasked frame: two header bytes, then as many as the second one says."""
    return len(frames) >= 2 and len(frames) >= 2 + (frames[1] & 0x7F)
