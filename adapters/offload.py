"""Long CPU work (argon2 password hashes, decoding and re-encoding images) off the event
loop, on a pool of native OS threads.

Why: under `amora serve` every request of a server process is a greenlet on one OS thread
(gevent patched threading), and C code that holds that thread stalls all of them, health
checks included: an argon2id hash at 64 MiB and 3 passes took 0.1-0.2 s, decoding a 23-MP
PNG 4 s, and 8 wrong passwords sent at once by one member took /api/health to 0.9 s
(tests/bench/bench_password_stall.py). Here such work runs on native threads while the
greenlet that asked waits for it as it waits for a socket. That helps only because the
work lets go of the GIL: argon2-cffi's C calls do (cffi releases it around every call)
and so do Pillow's decoders, conversions, resampling and encoders.

Elsewhere (the test suite, the CLI, `amora worker`) threads are real threads already, so
the work runs in the caller's thread.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

# Each running hash holds 64 MiB, per server process: enough threads to use the box's
# cores, never so many that a burst of logins multiplies the memory.
MOST_THREADS = 8
# The pool's threads (and the threads argon2 starts for its lanes, which inherit it) run
# at this nice value: where they and the loop want the same cores, requests come first.
NICENESS = 10


def pool_size() -> int:
    """The CPUs this process may run on (a container's cpuset included), at least two
    so that one large image does not hold up every login behind it."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(2, min(cpus, MOST_THREADS))


class _Pool:
    """gevent's ThreadPool of this process, made on first use (after gunicorn forked
    its worker, so no thread crosses a fork; gevent rebuilds it after a later fork)."""

    threads: Any = None


def loop_would_block() -> bool:
    """True where a blocking call stalls every other request: gevent has patched
    threading, so "threads" are greenlets sharing this one OS thread."""
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and bool(monkey.is_module_patched("threading"))


def offloaded(work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``work(*args, **kwargs)`` on a native thread when the caller is on the gevent
    loop, in the caller's thread otherwise. Its result or exception comes back as is."""
    if not loop_would_block():
        return work(*args, **kwargs)
    if _Pool.threads is None:
        from gevent.threadpool import ThreadPool

        # Its own pool, not the hub's: that one resolves host names, which must not
        # wait behind password hashes.
        _Pool.threads = ThreadPool(pool_size())
    from gevent import get_hub

    if get_hub() is not _Pool.threads.hub:  # already on a native thread of its own
        return work(*args, **kwargs)
    result: T = _Pool.threads.apply(_niced, (work, args, kwargs))
    return result


class NativeThreads:
    """A pool of native threads of its own, for work that must never wait behind other
    work (SQLite statements: adapters/sql/sqlite_threads.py). Like ``offloaded``: on
    the gevent loop only, made on first use, at normal priority."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._threads: Any = None

    def run(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        if not loop_would_block():
            return work(*args, **kwargs)
        if self._threads is None:
            from gevent.threadpool import ThreadPool

            self._threads = ThreadPool(self.size)
        from gevent import get_hub

        if get_hub() is not self._threads.hub:  # already on a native thread
            return work(*args, **kwargs)
        result: T = self._threads.apply(work, args, kwargs)
        return result


def _niced(work: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    """On a pool thread: lower its priority (Linux keeps a nice value per thread; doing it
    again is one system call), then work."""
    if hasattr(os, "setpriority"):
        os.setpriority(os.PRIO_PROCESS, 0, NICENESS)
    return work(*args, **kwargs)
