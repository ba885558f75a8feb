"""The event bus without Redis (the embedded default): the processes of one machine that
share a VAR_DIR hear each other's events at once, over Unix datagram sockets.

Why: without Redis, `amora members ban` runs in a process of its own, and the member's
open socket lives in `amora serve`. With only an in-process bus, the ban's SessionRevoked
reached nobody and the socket stayed open until the next session check (15 s).

How: a process that listens (one with live sockets) binds an inbox in a folder private to
this user and this VAR_DIR; publishing delivers in this process and sends one datagram
to every other inbox there. Best effort, as over Redis: a use case publishes after it
commits, and a client refetches on reconnect, so an inbox that is gone or full only costs
that process the event (its session check still closes a banned member's socket)."""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import itertools
import json
import logging
import os
import socket
import stat
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import cattrs

from adapters.events.encoding import batch, heard_as, listened_to
from adapters.events.local import Listener, LocalEventBus
from application.ports.events import Event

MAX_DATAGRAM = 64 * 1024  # an event is a few hundred bytes; more is not ours
FULL_INBOX_WAIT = 0.1  # seconds a publisher waits, at most, for a full inbox
log = logging.getLogger(__name__)
_inbox_numbers = itertools.count(1)  # several buses in one process (tests) each have one


def neighbourhood(var_dir: Path) -> Path:
    """The folder of the inboxes of the processes sharing ``var_dir``: short (a Unix
    socket's path is limited to about 100 bytes, and VAR_DIR may be long), and named
    after the user and the folder, so two deployments on one machine stay apart."""
    digest = hashlib.sha256(f"{os.getuid()}:{var_dir.resolve()}".encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"amora-live-{digest}"


def _private(folder: Path) -> bool:
    """The folder is ours and no one else may use it: another user's datagrams would be
    events told to our members, and their inboxes would hear our members' events."""
    try:
        info = folder.lstat()
    except FileNotFoundError:
        return False
    return (stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
            and not info.st_mode & (stat.S_IRWXG | stat.S_IRWXO))


def _send(sender: socket.socket, datagram: bytes, inbox: Path) -> None:
    """An inbox holds few datagrams (net.unix.max_dgram_qlen, 10 by default): a burst (a
    command that bans or erases many members) may find it full while its reader waits
    for its turn; it is given a moment (FULL_INBOX_WAIT at most) before the event is lost."""
    try:
        sender.sendto(datagram, str(inbox))
    except BlockingIOError:
        # Connected, a socket waits for room in its peer's inbox (an unconnected one would
        # only spin).
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as waiting:
            waiting.settimeout(FULL_INBOX_WAIT)
            waiting.connect(str(inbox))
            waiting.send(datagram)


class SameHostEventBus:
    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._local = LocalEventBus()
        self._inbox: socket.socket | None = None
        self._inbox_path: Path | None = None
        self._started = threading.Lock()

    def publish(self, channel: str, event: Event) -> None:
        self._local.deliver(channel, event)
        # No folder: no process listens (a command line's bus never makes one).
        if _private(self._folder):
            self._tell_neighbours(json.dumps(batch(((channel, event),))).encode())

    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        for channel, event in published:
            self._local.deliver(channel, event)
        if _private(self._folder):
            self._tell_neighbours(json.dumps(batch(published)).encode())

    def subscribe(self, channel: str, listener: Listener) -> Callable[[], None]:
        self._listen()
        return self._local.subscribe(channel, listener)

    def listening(self, channel: str) -> bool:
        return self._local.listening(channel)

    def missed(self) -> int | None:
        """None while this process cannot hear the others (no inbox: the folder is not
        private to this user), else 0 (adapters.events.account_changes)."""
        return None if self._inbox is None else 0

    def close(self) -> None:
        """The inbox goes, and the folder with the last one (at exit at the latest)."""
        if self._inbox is not None:
            self._inbox.close()
        if self._inbox_path is not None:
            self._inbox_path.unlink(missing_ok=True)
            with contextlib.suppress(OSError):  # others still listen there
                self._folder.rmdir()

    def _tell_neighbours(self, datagram: bytes) -> None:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
            sender.setblocking(False)  # a full inbox must not stall the publisher
            for inbox in self._folder.glob("*.sock"):
                if inbox == self._inbox_path:
                    continue
                try:
                    _send(sender, datagram, inbox)
                except (ConnectionRefusedError, FileNotFoundError):
                    inbox.unlink(missing_ok=True)  # its process has ended
                except OSError as error:  # full (EAGAIN) or too long: that process misses it
                    log.warning("event not passed to %s: %s", inbox.name, error)

    def _listen(self) -> None:
        """Bind this bus's inbox and start its reader, on first subscription."""
        with self._started:
            if self._inbox is not None:
                return
            with contextlib.suppress(FileExistsError):
                self._folder.mkdir(mode=0o700)
            if not _private(self._folder):
                log.warning("%s is not a private folder of this user: events published"
                            " elsewhere stay there", self._folder)
                return
            path = self._folder / f"{os.getpid()}-{next(_inbox_numbers)}.sock"
            path.unlink(missing_ok=True)  # a process of the same pid that died
            inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            inbox.bind(str(path))
            self._inbox, self._inbox_path = inbox, path
            atexit.register(self.close)
            threading.Thread(target=self._read, args=(inbox,), name="amora-same-host-events",
                             daemon=True).start()

    def _read(self, inbox: socket.socket) -> None:
        while True:
            try:
                raw = inbox.recv(MAX_DATAGRAM)
            except OSError:  # closed
                return
            try:
                heard = listened_to(raw, self._local.listening)
            except (TypeError, ValueError, KeyError, cattrs.BaseValidationError):
                log.warning("dropped a malformed event")
                continue
            for channel, event, data in heard:
                heard_as(event, data)  # its sockets send the JSON heard
                self._local.deliver(channel, event)
