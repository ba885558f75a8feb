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

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import metadata
from typing import Any


@contextmanager
def entry_points_read_once() -> Iterator[None]:
    """Within: `importlib.metadata.entry_points(...)` selects from one reading."""
    every: Any = metadata.entry_points()
    original: Callable[..., Any] = metadata.entry_points

    def select(**params: Any) -> Any:
        return every.select(**params)

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
