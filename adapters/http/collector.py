"""The garbage collector in a server worker: what lives for good leaves its full passes.

A worker freezes what it has loaded before it serves (AmoraServer.load), but much is
loaded on first use: a use case's modules (adapters/container.py's _lazy), the SQL
statements kept per search shape, the remembered sign-ins. Left in the collector's oldest
generation, they were all scanned by every full pass, and such a pass held the worker's
only thread, every socket's, for 35-50 ms under searches and messages
(tests/bench/bench_loop.py, issue 36.4).

So a worker freezes again after a few of its first full passes: what survived them is
mostly there for good. Freezing only moves objects out of the collector's sight;
reference counting still frees them. The price: cyclic garbage among the objects alive at
that moment (a request in flight) is never collected, which a few freezes keep small.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

# The full passes after which the survivors are frozen: the first come with the first
# requests of each kind, the later ones after rarer screens have been used; each one
# later than the last, since what is still new by then is less and less lasting.
FREEZE_AFTER_PASSES = (1, 2, 4, 8, 16, 32, 64)


class Settling:
    """A gc.callbacks entry that freezes the survivors of the chosen full passes."""

    def __init__(self, freeze: Callable[[], None] = gc.freeze,
                 after: tuple[int, ...] = FREEZE_AFTER_PASSES) -> None:
        self._freeze = freeze
        self._after = frozenset(after)
        self.full_passes = 0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase != "stop" or info["generation"] != 2:
            return
        self.full_passes += 1
        if self.full_passes in self._after:
            self._freeze()


def hold_while_starting() -> None:
    """No collection while `amora serve` imports and builds its app: its modules' objects
    set off full passes that scan them all and find nothing to free (start to healthy,
    SQLite, three interleaved rounds, quiet box: median 1.31 -> 1.25 s). The server takes the
    collector back once loaded: the arbiter before its first fork (server_ready), each
    worker after its app (settle_as_it_serves)."""
    gc.disable()


def server_ready(server: Any = None) -> None:
    """gunicorn's when_ready hook, in the arbiter before it forks a worker: what it has
    loaded stays out of full passes (shared with the workers it forks, unwritten), and
    the collector runs again."""
    gc.freeze()
    gc.enable()


def worker_forked(server: Any = None, worker: Any = None) -> None:
    """gunicorn's post_fork hook, in a new worker: no collection until its app is loaded."""
    gc.disable()


def settle_as_it_serves() -> None:
    """From now on, in this process (a worker, after its app is loaded)."""
    gc.freeze()
    gc.callbacks.append(Settling())
    gc.enable()
