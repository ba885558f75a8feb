"""The gevent loop's turns, counted, for the tests that run a script under gevent to show
that some work leaves the loop free (test_offload, test_sqlite_threads, test_warm_up,
test_green_wait). A greenlet adds one at each of its turns: a count that grew while the
main greenlet worked means the loop ran meanwhile; one that stayed, that the work held it.

Imported only by such scripts, after gevent patched the standard library (their process
is their own: pytest's imported threading and socket long before)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import gevent

T = TypeVar("T")


class LoopTicker:
    """The turns the loop gave the ticking greenlet so far (`turns`)."""

    def __init__(self) -> None:
        self.turns = 0

    def during(self, work: Callable[[], T]) -> tuple[T, int]:
        """What ``work`` returns, and the turns the loop took while it ran."""
        before = self.turns
        result = work()
        return result, self.turns - before

    def _tick(self) -> None:
        while True:
            self.turns += 1
            gevent.sleep(0)


def start_ticker() -> LoopTicker:
    """A ticker already counting: its greenlet has had its first turn."""
    ticker = LoopTicker()
    gevent.spawn(ticker._tick)
    gevent.sleep(0)
    return ticker
