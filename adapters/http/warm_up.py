"""A server worker imports what its requests will need ahead of them, a module per turn.

The container and the unit of work import a use case's modules on first use
(adapters/container.py's _lazy), so that a command or a process loads only what it
calls. In a server worker that first use came inside a request, on the gevent loop that
serves every socket: the first search, message or sign-in of a fresh worker imported
its modules (and phonenumbers, for the first message screened; the push sender, for the
first notification of a worker that runs the jobs) in one go and held all sockets for
50-65 ms on a quiet box, seconds on a loaded one (tests/bench/bench_loop.py's warm-up,
issue 36.4). Now, once the worker has loaded its app, a greenlet imports them one module
at a time, each when the loop has nothing else to do, so no socket waits longer than one
module's import (a few milliseconds). Then it freezes what is loaded
(gc.freeze), so the collector's full passes, which hold the loop, no longer scan the
modules (collector.py).

On the loop, not on a native thread: a thread importing while a request imported too
could wait for a module the loop held while the loop waited for one the thread held, and
gunicorn killed the stalled worker after 30 s (seen once in CI).

Libraries that only some deployments or screens need (Pillow, the geocoder, Mollie,
Faker, zxcvbn, schwifty: tests/cli/test_lazy_imports.py) stay on demand.
"""

from __future__ import annotations

import gc
import importlib
import logging
import pkgutil
from collections.abc import Callable, Iterable
from typing import Any

from adapters.offload import loop_would_block

logger = logging.getLogger(__name__)

# Lazy modules a server's requests do not need, or need so rarely (or only in some
# deployments) that their libraries' memory is not worth holding in every worker: demo
# data, image hashing (numpy, scipy), the offline geocoder, Mollie, S3 (boto3), password
# strength (zxcvbn), IBAN and company-number checks (schwifty, stdnum), passkeys
# (webauthn, 15 MB), web push (sent by the jobs: _JOBS), the operator's tax report and
# dossier.
_NOT_AHEAD = ("adapters.demo.", "adapters.images.", "adapters.geo.offline",
              "adapters.payments.mollie", "adapters.files.s3",
              "adapters.security.password_strength", "adapters.security.webauthn",
              "adapters.push.", "adapters.banking.", "adapters.companies.",
              "application.tax_report", "application.dossier", "adapters.sql.tax",
              "adapters.sql.dossier", "adapters.sql.migrate")
# Libraries the screening of a first message and of an e-mail address import on first use.
_LIBRARIES = ("phonenumbers", "email_validator")
# What the jobs import besides the use cases, for a process that runs them too (the
# embedded worker of `amora serve`, WORKER_IN_PROCESS): the push sender sends a member's
# first notification; its libraries (requests, py_vapid) come a turn each before it.
_JOBS = ("requests", "cryptography.hazmat.primitives.serialization", "py_vapid",
         "adapters.push.webpush", "adapters.receipts.printer")

# A module waits at most this long (seconds) for the loop to be idle: under a steady load
# the warm-up still ends, and the embedded jobs start (AFTER_WARM_UP).
LONGEST_WAIT = 0.05
# The app's extension a server runs once the warm-up is done: the embedded jobs' start.
AFTER_WARM_UP = "amora.after_warm_up"


def web_modules(jobs: bool = False) -> list[str]:
    """The modules a server worker imports ahead, the use cases first; with ``jobs``,
    those its embedded worker's jobs need too."""
    from adapters import container
    from adapters.sql import __path__ as sql_path

    lazy = [name for name in container.LAZY_MODULES if not name.startswith(_NOT_AHEAD)]
    # The SQL repositories the unit of work imports on first use.
    sql = [f"adapters.sql.{info.name}" for info in pkgutil.iter_modules(sql_path)]
    return [*lazy, *(name for name in sql if not name.startswith(_NOT_AHEAD)), *_LIBRARIES,
            *(_JOBS if jobs else ())]


def import_all(modules: Iterable[str]) -> None:
    """Imports each module; one that fails is logged and left to its first use."""
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # a missing optional library must never stop a worker
            logger.warning("could not import %s ahead of its first use", name, exc_info=True)


def import_ahead(modules: Iterable[str] | None = None,
                 then: Callable[[], object] | None = None) -> bool:
    """On a gevent loop: starts importing ``modules`` (web_modules), a module per turn
    of the loop, and says True; ``then`` runs once they are in. Elsewhere (tests,
    commands) nothing is waiting on a loop: False, and nothing runs."""
    if not loop_would_block():
        return False
    import gevent

    gevent.spawn(_import_and_settle, list(modules if modules is not None else web_modules()),
                 then)
    return True


def _until_idle(hub: Any) -> None:
    """Back when the loop has nothing pending (a libev idle watcher), or after
    LONGEST_WAIT when it never has: requests come first. With a turn each (sleep(0)), a
    new worker's first request (the load balancer's health check) waited for a module
    import at every switch: 400 ms instead of 20 (issue 36.5)."""
    from gevent.hub import Waiter

    idle, timer = hub.loop.idle(), hub.loop.timer(LONGEST_WAIT)
    waiter: Waiter[None] = Waiter(hub)
    idle.start(waiter.switch, None)
    timer.start(waiter.switch, None)
    try:
        waiter.get()
    finally:
        for watcher in (idle, timer):
            watcher.stop()
            watcher.close()


def _import_and_settle(modules: list[str], then: Callable[[], object] | None) -> None:
    """Imports a module, lets the loop serve what waits, imports the next; runs ``then``;
    then freezes what is loaded by now: the modules stay for good."""
    import gevent

    for name in modules:
        _until_idle(gevent.get_hub())
        import_all([name])
    if then is not None:
        try:
            then()
        except Exception:  # logged here: nothing else would see a greenlet's failure
            logger.exception("could not start what waited for the warm-up")
    gc.freeze()
