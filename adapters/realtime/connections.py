"""This process's open live sockets: sending on them, checking their sessions, closing
them.

A connection whose session ends (logout elsewhere, a ban, the member ending it from
another device) is told `session_revoked` and closed: at once when the ban or the member's
ending publishes it (SessionRevoked, over the event bus: Redis between processes, or the
same-host bus of the embedded mode), else at the next session check, which reads the
sessions of all of the process's sockets at once every SESSION_CHECK_SECONDS.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from typing import TYPE_CHECKING, Any

from flask_sock import ConnectionClosed

from adapters import metrics
from adapters.outages import outages

if TYPE_CHECKING:
    from adapters.container import Container
    from application.live_traffic import SocketAllowance

SESSION_CHECK_SECONDS = 15
CHECKED_AT_ONCE = 100  # sockets per read (and per write of their online status)
POLICY_VIOLATION = 1008
SERVICE_RESTART = 1012  # RFC 6455 registry: the client should reconnect, soon
TRY_AGAIN_LATER = 1013
log = logging.getLogger("amora.realtime")

_open: set[Connection] = set()  # this process's live sockets, to check and to close
_open_lock = threading.Lock()
_watcher: threading.Thread | None = None


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
        self.send_text(json.dumps(event), closing=event.get("type") == "session_revoked")

    def send_text(self, text: str, closing: bool = False) -> None:
        """An event's JSON text, then the socket closed if ``closing`` (its session
        ended)."""
        if self.closed.is_set():
            return
        with self.lock:
            try:
                self.ws.send(text)
            except ConnectionClosed:
                self.closed.set()
        if closing:
            self.close()

    def close(self, code: int = POLICY_VIOLATION, message: str = "session_revoked") -> None:
        self.closed.set()
        with self.lock, contextlib.suppress(ConnectionClosed, OSError):
            self.ws.close(reason=code, message=message)


def opened(connection: Connection, most: int) -> bool:
    """A socket is live: counted, and checked from now on; refused (False) when the
    process holds ``most`` already."""
    with _open_lock:
        if len(_open) >= most:
            return False
        _open.add(connection)
        metrics.sockets_open(len(_open))
        _watch_sessions()
        return True


def ended(connection: Connection) -> None:
    with _open_lock:
        _open.discard(connection)
        metrics.sockets_open(len(_open))


def open_sockets() -> int:
    return len(_open)


def close_all() -> None:
    """The process is stopping: every live socket is told to reconnect elsewhere."""
    with _open_lock:
        connections = list(_open)
    for connection in connections:
        connection.close(SERVICE_RESTART, "service_restart")


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
        still_open = built.sign_in().open_sessions({each.token for each in group})
    except outages() as outage:  # the sockets stay; the next check asks again
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
