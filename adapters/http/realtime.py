"""The WebSocket /ws (flask-sock): a member's live connection, authenticated by the
session cookie. Events for the member arrive from the event bus (this process, or any
process through Redis) and go out as JSON; the client sends typing notices and pings.

What a client may send is bounded (issue 28.3; the rules: domain.live_limits): a message
longer than MAX_CLIENT_MESSAGE closes the socket with 1009 (simple-websocket stops reading
there, SERVER_OPTIONS), one over the socket's allowance with 1008, and of a member's
typing notices in a conversation one passes every few seconds.

A connection whose session ends (logout elsewhere, a ban, the member ending it from
another device) is told `session_revoked` and closed: at once when the ban or the member's
ending publishes it (SessionRevoked; one naming sessions closes only theirs), else at the
next session check, which reads the sessions of all of the process's sockets at once
every SESSION_CHECK_SECONDS.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time
from typing import Any

from flask import Blueprint, request
from flask_sock import ConnectionClosed, Sock

from adapters import metrics
from adapters.container import Container
from adapters.http.composition import container
from adapters.http.errors import OUTAGES
from adapters.http.rendering import event_json
from adapters.http.requests import is_id
from adapters.http.session import current_member, session_token, signed_in
from application.live_traffic import SocketAllowance
from application.ports.events import Event, SessionRevoked, member_channel
from domain.errors import DomainError
from domain.live_limits import MAX_CLIENT_MESSAGE
from domain.members import Member

SESSION_CHECK_SECONDS = 15
CHECKED_AT_ONCE = 100  # sockets per read (and per write of their online status)
POLICY_VIOLATION = 1008
SERVICE_RESTART = 1012  # RFC 6455 registry: the client should reconnect, soon
TRY_AGAIN_LATER = 1013
log = logging.getLogger("amora.realtime")
# flask-sock's options for each socket (app.config["SOCK_SERVER_OPTIONS"]). Without
# max_message_size simple-websocket buffers a message of any size whole (100 MB took a
# worker from 157 to 272 MB); with it, it closes the socket with 1009 once a message
# grows past it, having held at most one read of 4 kB beyond.
SERVER_OPTIONS = {"ping_interval": 25, "max_message_size": MAX_CLIENT_MESSAGE}

_open: set[Connection] = set()  # this process's live sockets, to check and to close
_open_lock = threading.Lock()
_watcher: threading.Thread | None = None

sock = Sock()
blueprint = Blueprint("realtime", __name__)


class Connection:
    """One open socket: sends are serialized, since events arrive on other threads."""

    def __init__(self, ws: Any, built: Container | None = None, token: str = "",
                 allowance: SocketAllowance | None = None) -> None:
        self.ws = ws
        self.built, self.token = built, token  # whose session it lives on, for the checks
        self.allowance = allowance  # what its client may still send
        self.lock = threading.Lock()
        self.closed = threading.Event()

    def send(self, event: dict[str, Any]) -> None:
        if self.closed.is_set():
            return
        with self.lock:
            try:
                self.ws.send(json.dumps(event))
            except ConnectionClosed:
                self.closed.set()
        if event.get("type") == "session_revoked":
            self.close()

    def close(self, code: int = POLICY_VIOLATION, message: str = "session_revoked") -> None:
        self.closed.set()
        with self.lock, contextlib.suppress(ConnectionClosed, OSError):
            self.ws.close(reason=code, message=message)


def open_sockets() -> int:
    return len(_open)


def close_all() -> None:
    """The process is stopping: every live socket is told to reconnect elsewhere."""
    with _open_lock:
        connections = list(_open)
    for connection in connections:
        connection.close(SERVICE_RESTART, "service_restart")


@blueprint.before_request
def _uncompressed() -> None:
    """Live sockets go uncompressed. Browsers offer permessage-deflate, and accepting it
    keeps a zlib compressor and decompressor for each socket's whole life: about 100 kB,
    two thirds of an idle socket's memory (tests/bench/bench_chat.py), to save a few
    bytes on small JSON events. Without the offer, the handshake answers without it."""
    request.environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)


def _same_origin() -> bool:
    """Browsers send Origin on WebSockets; another site's page may not use our cookie."""
    origin = request.headers.get("Origin")
    return not origin or origin.split("://", 1)[-1] == request.host


def live(ws: Any) -> None:
    try:
        _serve(ws)
    except OUTAGES as outage:
        # The database or Redis is away: the client is told to come back (1013), not
        # dropped, and reconnects with its usual back-off.
        log.warning("live socket ended by an outage: %s", type(outage).__name__)
        with contextlib.suppress(ConnectionClosed, OSError):
            ws.close(reason=TRY_AGAIN_LATER, message="service_unavailable")


# flask-sock has no types: registered by a call, so `live` keeps its own.
sock.route("/ws", bp=blueprint)(live)


def _serve(ws: Any) -> None:
    built = container()
    member = current_member() if _same_origin() else None
    if member is None:
        ws.send(json.dumps({"type": "session_revoked"}))
        ws.close(reason=POLICY_VIOLATION, message="authentication_required")
        return
    with contextlib.suppress(OSError, AttributeError):
        # Events are small frames sent back to back: without this, Nagle's algorithm
        # holds the second one until the first is acknowledged (up to 40 ms later).
        ws.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    connection = Connection(ws, built, session_token() or "", built.live_traffic().allowance())
    found = signed_in()
    session_id = found.session.id if found else None
    with _open_lock:
        _open.add(connection)
        metrics.sockets_open(len(_open))
        _watch_sessions()
    unsubscribe = built.events().subscribe(
        member_channel(member.id), lambda event: _pass_on(event, connection, session_id))
    try:
        connection.send({"type": "hello", "member": member.id})
        while not connection.closed.is_set():
            # The timeout only lets the loop notice a close from elsewhere (a session
            # check, shutdown) when the client has gone quiet for good.
            raw = ws.receive(timeout=SESSION_CHECK_SECONDS)
            if raw is None:
                continue
            if connection.allowance is not None and not connection.allowance.take():
                log.warning("live socket of member %s closed (1008): it sent more than its"
                            " allowance", member.id)
                connection.close(POLICY_VIOLATION, "too_many_messages")
                break
            _handle(built, member, raw, connection)
    finally:
        unsubscribe()
        with _open_lock:
            _open.discard(connection)
            metrics.sockets_open(len(_open))


def _pass_on(event: Event, connection: Connection, session_id: int | None) -> None:
    """An event for the member to this socket; the end of some of the member's sessions
    only to the sockets of those sessions (issue 33.3: the member ended them)."""
    if isinstance(event, SessionRevoked) and not event.ends(session_id):
        return
    connection.send(event_json(event))


def check_sessions() -> None:
    """Tell every socket whose session ended (a logout elsewhere, a new password, expiry)
    and close it. One read per CHECKED_AT_ONCE sockets: a query per socket every 15 s was
    half of what a worker with 1,000 sockets did at 10 messages a second
    (tests/bench/bench_chat.py). However often a client talks, it is checked."""
    with _open_lock:
        connections = list(_open)
    apps: dict[int, tuple[Container, list[Connection]]] = {}
    for connection in connections:
        if connection.built is not None:
            apps.setdefault(id(connection.built), (connection.built, []))[1].append(connection)
    for built, group in apps.values():
        for start in range(0, len(group), CHECKED_AT_ONCE):
            _check_some(built, group[start:start + CHECKED_AT_ONCE])
            # Let the other sockets' greenlets run between rounds: all 1,000 at once held
            # the worker for 40-150 ms, and the messages waiting meanwhile (bench_chat).
            time.sleep(0)


def _check_some(built: Container, group: list[Connection]) -> None:
    try:
        still_open = built.accounts().open_sessions({each.token for each in group})
    except OUTAGES as outage:  # the sockets stay; the next check asks again
        log.warning("session check skipped: %s", type(outage).__name__)
        return
    for connection in group:
        if connection.token not in still_open:
            connection.send({"type": "session_revoked"})


def _watch_sessions() -> None:
    """Start this process's session checks with its first socket (called holding
    _open_lock; in a server process, after the fork)."""
    global _watcher
    if _watcher is None:
        _watcher = threading.Thread(target=_check_sessions_for_good, daemon=True,
                                    name="amora-session-checks")
        _watcher.start()


def _check_sessions_for_good() -> None:
    while True:
        time.sleep(SESSION_CHECK_SECONDS)
        try:
            check_sessions()
        except Exception:  # a failed round must not end the checks for good
            log.exception("session check failed")


def _handle(built: Container, member: Member, raw: str | bytes,
            connection: Connection) -> None:
    """Client messages: {"type": "typing", "conversation": id} and {"type": "ping"}."""
    if len(raw) > MAX_CLIENT_MESSAGE:
        return
    try:
        message = json.loads(raw)
    except ValueError:
        return
    if not isinstance(message, dict):
        return
    if message.get("type") == "ping":
        connection.send({"type": "pong"})
    elif (message.get("type") == "typing" and is_id(message.get("conversation"))
          and built.live_traffic().typing_passes(member.id, message["conversation"])):
        with contextlib.suppress(DomainError):  # not their conversation: tell nobody
            built.chat().typing(member, message["conversation"])
