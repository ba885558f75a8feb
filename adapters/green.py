"""gevent's patching of the standard library, with the installed packages' entry points
read once.

gevent announces each step of `monkey.patch_all()` (about 25 of them) to plugins, and
finds the plugins by reading the entry points of every installed distribution anew for
each step: with the ~180 distributions of a deployment that is 0.35 s of CPU, twice for
`amora serve` (its command line patches, then each worker patches again, gunicorn's
gevent worker), most of a worker's start. Nothing is installed while it patches, so one
reading serves every step; the plugins found, and their order, are the same.
"""

from __future__ import annotations

import select
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import metadata
from typing import Any


@contextmanager
def entry_points_read_once() -> Iterator[None]:
    """Within: `importlib.metadata.entry_points(...)` selects from one reading, made on
    the first call (a server worker's gunicorn patches again, which gevent finds done
    without a look: reading them all was 20-35 ms of its start)."""
    original: Callable[..., Any] = metadata.entry_points
    read: list[Any] = []

    def select(**params: Any) -> Any:
        if not read:
            read.append(original())
        return read[0].select(**params)

    metadata.entry_points = select
    try:
        yield
    finally:
        metadata.entry_points = original


def patch_all() -> None:
    """gevent's `monkey.patch_all()`, its plugins looked up once."""
    from gevent import monkey

    with entry_points_read_once():
        monkey.patch_all()


_kernel_poll: Callable[[], Any] = select.poll  # the unpatched one, once gevent has patched


class _ReadinessPoll:
    """`select.poll` as redis-py's reply parser uses it (redis._parsers.hiredis: one
    socket registered, one poll). A poll that must not wait (timeout 0: the pool's check of
    every connection it hands out, for a reply left unread or a socket the server closed)
    asks the kernel at once, as the unpatched poll does; one that may wait (a
    subscription's get_message with a timeout) is gevent's, which lets other greenlets
    run meanwhile. Under gevent the check made a poll object, its watchers and a turn of
    the hub for every Redis command: 60-70 us of CPU of each (issue 36.3)."""

    def __init__(self) -> None:
        self._registered: list[tuple[Any, int | None]] = []

    def register(self, fd: Any, eventmask: int | None = None) -> None:
        self._registered.append((fd, eventmask))

    def poll(self, timeout: float | None = None) -> list[tuple[int, int]]:
        poller = _kernel_poll() if timeout == 0 else select.poll()
        for fd, eventmask in self._registered:
            if eventmask is None:
                poller.register(fd)
            else:
                poller.register(fd, eventmask)
        found: list[tuple[int, int]] = poller.poll(timeout)
        return found


class _SelectForRedis:
    """The `select` module as redis-py's parser sees it: `poll` is _ReadinessPoll."""

    poll = _ReadinessPoll

    def __getattr__(self, name: str) -> Any:
        return getattr(select, name)


def redis_checks_without_the_hub() -> None:
    """redis-py's readiness checks that do not wait ask the kernel (_ReadinessPoll), in a
    process gevent has patched; elsewhere nothing changes."""
    from gevent import monkey

    global _kernel_poll
    if not monkey.is_module_patched("select"):
        return
    _kernel_poll = monkey.get_original("select", "poll")
    import importlib

    parser: Any = importlib.import_module("redis._parsers.hiredis")
    if not isinstance(parser.select, _SelectForRedis):
        parser.select = _SelectForRedis()
