"""The WebSocket /ws: a member's live connection, authenticated by the session cookie.
Events for the member arrive from the event bus and go out as JSON; the client sends
typing notices and pings.

What a client may send is bounded (issue 28.3; the rules: domain.live_limits): a message
longer than MAX_CLIENT_MESSAGE closes the socket with 1009 (simple-websocket stops reading
there, SERVER_OPTIONS), one over the socket's allowance with 1008, and of a member's
typing notices in a conversation one passes every few seconds.

The HTTP app registers the route (``live_sockets``) and hands it a ``Door``: how to find
the app's container and who is signed in on this request. So the route reads no cookie
itself, and nothing here imports adapters.http."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
from flask import Blueprint, request
from flask_sock import ConnectionClosed, Sock

from adapters.events.encoding import event_text
from adapters.outages import outages
from adapters.realtime import connections
from adapters.realtime.connections import POLICY_VIOLATION, SESSION_CHECK_SECONDS, Connection
from application.ports.events import Event, SessionRevoked, member_channel
from domain.errors import DomainError
from domain.id_ranges import is_id
from domain.live_limits import MAX_CLIENT_MESSAGE

if TYPE_CHECKING:
    from adapters.container import Container
    from domain.members import Member

TRY_AGAIN_LATER = connections.TRY_AGAIN_LATER
log = logging.getLogger("amora.realtime")
# flask-sock's options for each socket (app.config["SOCK_SERVER_OPTIONS"]). Without
# max_message_size simple-websocket buffers a message of any size whole (100 MB took a
# worker from 157 to 272 MB); with it, it closes the socket with 1009 once a message
# grows past it, having held at most one read of 4 kB beyond.
SERVER_OPTIONS = {"ping_interval": 25, "max_message_size": MAX_CLIENT_MESSAGE}


@attrs.frozen
class Caller:
    """Who opened the socket: the member, their session's cookie and id."""

    member: Member
    token: str
    session_id: int | None


@attrs.frozen
class Door:
    """What the route needs of the app serving the request."""

    container: Callable[[], Container]
    caller: Callable[[], Caller | None]  # None: not signed in
    most_sockets: int = 3000  # LIVE_SOCKETS: this process's cap (adapters.config)


def live_sockets(door: Door) -> Blueprint:
    """The /ws route of one app."""
    blueprint = Blueprint("realtime", __name__)

    @blueprint.before_request
    def _uncompressed() -> None:
        """Live sockets go uncompressed. Browsers offer permessage-deflate, and accepting
        it keeps a zlib compressor and decompressor for each socket's whole life: about
        100 kB, two thirds of an idle socket's memory (tests/bench/bench_chat.py), to save
        a few bytes on small JSON events. Without the offer, the handshake answers
        without it."""
        request.environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)

    def live(ws: Any) -> None:
        try:
            _serve(ws, door)
        except outages() as outage:
            # The database or Redis is away: the client is told to come back (1013), not
            # dropped, and reconnects with its usual back-off.
            log.warning("live socket ended by an outage: %s", type(outage).__name__)
            with contextlib.suppress(ConnectionClosed, OSError):
                ws.close(reason=TRY_AGAIN_LATER, message="service_unavailable")

    # flask-sock has no types: registered by a call, so `live` keeps its own.
    Sock().route("/ws", bp=blueprint)(live)
    return blueprint


def _same_origin() -> bool:
    """Browsers send Origin on WebSockets; another site's page may not use our cookie."""
    origin = request.headers.get("Origin")
    return not origin or origin.split("://", 1)[-1] == request.host


def _serve(ws: Any, door: Door) -> None:
    built = door.container()
    caller = door.caller() if _same_origin() else None
    if caller is None:
        ws.send(json.dumps({"type": "session_revoked"}))
        ws.close(reason=POLICY_VIOLATION, message="authentication_required")
        return
    member = caller.member
    with contextlib.suppress(OSError, AttributeError):
        # Events are small frames sent back to back: without this, Nagle's algorithm
        # holds the second one until the first is acknowledged (up to 40 ms later).
        ws.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    connection = Connection(ws, built, caller.token, built.live_traffic().allowance())
    if not connections.opened(connection, door.most_sockets):
        # Full: the client backs off and comes back (1013), perhaps to another process;
        # the process keeps REQUEST_HEADROOM connections for requests and health checks.
        log.warning("live socket refused: %s open, the most this process holds",
                    door.most_sockets)
        connection.close(TRY_AGAIN_LATER, "server_full")
        return
    unsubscribe = built.events().subscribe(
        member_channel(member.id), lambda event: _pass_on(event, connection, caller.session_id))
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
        connections.ended(connection)


def _pass_on(event: Event, connection: Connection, session_id: int | None) -> None:
    """An event for the member to this socket; the end of some of the member's sessions
    only to the sockets of those sessions (issue 33.3: the member ended them)."""
    revoked = isinstance(event, SessionRevoked)
    if isinstance(event, SessionRevoked) and not event.ends(session_id):
        return
    connection.send_text(event_text(event), closing=revoked)


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
