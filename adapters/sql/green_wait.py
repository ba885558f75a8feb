"""psycopg's wait for a statement's socket, done on gevent's loop itself.

Under gevent psycopg waits with `psycopg.waiting.wait_poll` (its C wait would block the
whole worker): each wait builds a gevent `select.poll`, which makes a result set, an
Event, a Timeout for the 0.1 s wake-up and an io watcher, then lists the events back.
Here a wait is one io watcher and one timer on the hub's loop and a Waiter: the greenlet
still waits on the loop, with less of gevent's Python around it (a trivial statement's
CPU 46 -> 33 us, docs/architecture.md). Installed by adapters.sql.engine only where
gevent has patched `select`.

The contract is psycopg's WaitFunc (psycopg/waiting.py): consume ``gen``, sending back
which of the asked events came (READY_NONE when the interval passed first), raise
`psycopg.errors._WaitTimeout` past ``timeout``, return what ``gen`` returns.
"""

from __future__ import annotations

from time import monotonic
from typing import Any

from gevent.hub import Waiter, get_hub
from psycopg import errors, waiting
from psycopg.abc import RV, PQGen

READY_NONE = waiting.Ready.NONE
# libev's EV_READ and EV_WRITE are psycopg's Wait.R and Wait.W, so a wait's events are
# the watcher's, and the events the watcher reports are the Ready to send back.
READY_RW = waiting.Ready.RW


def wait(gen: PQGen[RV], fileno: int, interval: float = 0.0,
         timeout: float | None = None) -> RV:
    """Run ``gen`` to its end, waiting on the loop whenever it would block."""
    if interval is None:
        raise ValueError("indefinite wait not supported anymore")  # as psycopg's
    deadline = None if timeout is None else monotonic() + timeout
    loop = get_hub().loop
    try:
        wanted = next(gen)
        while True:
            wake = interval if deadline is None else min(interval, deadline - monotonic())
            wanted = gen.send(_one_wait(loop, fileno, wanted, wake))
            # After the generator ran, as psycopg does: what came is read, and a
            # timeout of 0 still polls once.
            if deadline is not None and monotonic() >= deadline:
                raise errors._WaitTimeout("wait timeout expired")
    except StopIteration as ended:
        result: RV = ended.value
        return result


def install() -> None:
    """psycopg looks `waiting.wait` up at each wait, so setting it is enough."""
    waiting.wait = wait


def _one_wait(loop: Any, fileno: int, wanted: int, wake: float) -> int:
    """The events of ``wanted`` that ``fileno`` has, or READY_NONE once ``wake``
    seconds passed. The timer wakes a wait whose socket was closed meanwhile (epoll
    forgets a closed descriptor and would never report it); the next wait's watcher
    then fails, as psycopg's wait_poll fails on it."""
    waiter: Waiter[int] = Waiter()
    try:
        io = loop.io(fileno, wanted)
    except OSError as error:
        raise errors.OperationalError("connection socket closed") from error
    timer = loop.timer(max(0.0, wake))
    try:
        io.start(waiter.switch, pass_events=True)
        timer.start(waiter.switch, READY_NONE)
        events: int = waiter.get()
    finally:
        io.close()
        timer.close()
    if events < 0:  # an error on the descriptor (gevent passes it as a negative number)
        raise errors.OperationalError("connection socket closed")
    return events & READY_RW
