"""Prometheus metrics of this process, and of all server processes of the box at /metrics.

`amora serve` runs several gunicorn worker processes: `use_process_files` (called once,
before the workers fork) makes every process write its figures to memory-mapped files
under VAR_DIR/metrics, and `exposition` sums those files, so a scrape sees the whole box
whichever process answers it. Without it (tests, `amora worker`, one-off commands) the
figures live in this process's default registry.

The metrics are created on first use, never at import: a metric created before the
multi-process switch would count in this process only.
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    values,
)

from application.ports.events import Event, PaymentSettled

JOB_OUTCOMES = ("run", "failed", "retried", "relayed")
_MULTIPROCESS = "PROMETHEUS_MULTIPROC_DIR"

log = logging.getLogger(__name__)
_outbox: list[Callable[[], tuple[int, float]]] = []  # the registered outbox reader
_backlog: list[Callable[[], Backlog]] = []  # the registered backlog reader


@functools.cache
def _metrics() -> dict[str, Any]:
    return {
        "requests": Histogram(
            "amora_http_request_duration_seconds", "Time to answer an HTTP request",
            ["route", "method", "status"],
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)),
        # Each process sets its own count; the exposition sums the living processes.
        "sockets": Gauge("amora_websockets_open", "Open WebSocket connections (/ws)",
                         multiprocess_mode="livesum"),
        "jobs": Counter("amora_jobs", "Background jobs by outcome (run, failed, retried)",
                        ["job", "outcome"]),
        # One figure for the whole deployment (read from the outbox table): the last
        # process that read it has it right.
        "outbox_jobs": Gauge("amora_outbox_jobs", "Jobs waiting in the outbox",
                             multiprocess_mode="mostrecent"),
        "outbox_oldest": Gauge("amora_outbox_oldest_seconds",
                               "Age of the oldest job waiting in the outbox",
                               multiprocess_mode="mostrecent"),
        # What waits, read from the database at each scrape (one figure per deployment,
        # like the outbox's): jobs that failed, the photo review queue.
        "outbox_retrying": Gauge("amora_outbox_retrying_jobs",
                                 "Jobs waiting in the outbox that failed at least once",
                                 multiprocess_mode="mostrecent"),
        "outbox_failed": Gauge("amora_outbox_failed_jobs",
                               "Jobs the outbox gave up on (kept for operators)",
                               multiprocess_mode="mostrecent"),
        "photo_queue": Gauge("amora_photo_queue", "Photos waiting for review (new or held)",
                             multiprocess_mode="mostrecent"),
        "photo_queue_oldest": Gauge("amora_photo_queue_oldest_seconds",
                                    "Age of the photo waiting longest for review",
                                    multiprocess_mode="mostrecent"),
        "payments": Counter("amora_payments", "Orders settled, by the status they reached",
                            ["status"]),
        "mails": Counter("amora_mails_sent", "Mails handed to the mail backend", ["backend"]),
        "pushes": Counter("amora_pushes_sent", "Web pushes sent (delivered, or gone: the "
                          "subscription no longer exists)", ["outcome"]),
    }


# --- what the adapters report ------------------------------------------------------------

def job_done(name: str, outcome: str) -> None:
    """A background job ``name`` ran: ``outcome`` is "run" (it succeeded), "failed" (it
    raised and will not run again), "retried" (it raised and is scheduled again) or
    "relayed" (the outbox handed it to dramatiq, whose workers run it).
    Counted in ``amora_jobs_total{job, outcome}``."""
    if outcome not in JOB_OUTCOMES:
        raise ValueError(f"job outcome must be one of {JOB_OUTCOMES}, not {outcome!r}")
    _metrics()["jobs"].labels(job=name, outcome=outcome).inc()


def outbox_figures(read: Callable[[], tuple[int, float]]) -> None:
    """Register how to read the outbox: ``read()`` returns (jobs waiting, age in seconds of
    the oldest, 0 when none). It is called at each scrape of /metrics, for the gauges
    ``amora_outbox_jobs`` and ``amora_outbox_oldest_seconds``; registering again replaces
    the previous reader. A reader that raises leaves the gauges as they were."""
    _outbox[:] = [read]


@attrs.frozen
class Backlog:
    """What waits, as the backlog gauges show it."""

    retrying_jobs: int
    failed_jobs: int
    photo_queue: int
    photo_queue_oldest_seconds: float  # 0 when none waits


def backlog_figures(read: Callable[[], Backlog]) -> None:
    """Register how to read the backlog (called at each scrape of /metrics, for
    ``amora_outbox_retrying_jobs``, ``amora_outbox_failed_jobs``, ``amora_photo_queue``
    and ``amora_photo_queue_oldest_seconds``); as with the outbox's reader, registering
    again replaces it and one that raises leaves the gauges as they were."""
    _backlog[:] = [read]


def request_done(route: str, method: str, status: int, seconds: float) -> None:
    _request_series(route, method, status // 100).observe(seconds)


@functools.cache
def _request_series(route: str, method: str, status_class: int) -> Any:
    """One histogram per route, method and status class, looked up once (labels() checks
    and locks on every call: a fifth of a trivial request's own time). Routes are the
    app's rules, so there are few."""
    return _metrics()["requests"].labels(route=route, method=method, status=f"{status_class}xx")


def sockets_open(count: int) -> None:
    _metrics()["sockets"].set(count)


def payment_settled(status: str) -> None:
    _metrics()["payments"].labels(status=status).inc()


def mail_sent(backend: str) -> None:
    _metrics()["mails"].labels(backend=backend).inc()


def push_sent(delivered: bool) -> None:
    _metrics()["pushes"].labels(outcome="delivered" if delivered else "gone").inc()


class PaymentCountingEvents:
    """The event bus, counting the "payment" events the shop publishes as it settles an
    order (one per status an order reaches), so the count lives in the adapters."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def publish(self, channel: str, event: Event) -> None:
        self.inner.publish(channel, event)
        if isinstance(event, PaymentSettled):
            payment_settled(event.status.value)

    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        self.inner.publish_all(published)
        for _, event in published:
            if isinstance(event, PaymentSettled):
                payment_settled(event.status.value)

    def subscribe(self, channel: str, listener: Callable[[Event], None]
                  ) -> Callable[[], None]:
        return self.inner.subscribe(channel, listener)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:  # close(), listening(), ... of the adapter
        return getattr(self.inner, name)


# --- exposition --------------------------------------------------------------------------

def use_process_files(var_dir: Path) -> Path:
    """Before the server forks its workers: figures go to files under VAR_DIR/metrics,
    emptied first (a previous run's processes are gone)."""
    directory = var_dir / "metrics"
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    os.environ[_MULTIPROCESS] = str(directory)
    # prometheus_client picks file or memory values when first imported; it may have
    # been imported already (no metric is created before this), so pick again.
    values.ValueClass = values.get_value_class()
    return directory


def process_exited(pid: int) -> None:
    """A server process ended (gunicorn's child_exit): its live gauges stop counting."""
    if os.environ.get(_MULTIPROCESS):
        multiprocess.mark_process_dead(pid)


def exposition(open_sockets: int) -> tuple[bytes, str]:
    """The text a scrape gets, and its content type."""
    sockets_open(open_sockets)
    for read in list(_outbox):
        try:
            count, oldest = read()
        except Exception:  # a broken reader must not break the scrape
            log.exception("reading the outbox figures failed")
        else:
            _metrics()["outbox_jobs"].set(count)
            _metrics()["outbox_oldest"].set(oldest)
    for read_backlog in list(_backlog):
        try:
            backlog = read_backlog()
        except Exception:
            log.exception("reading the backlog figures failed")
        else:
            _metrics()["outbox_retrying"].set(backlog.retrying_jobs)
            _metrics()["outbox_failed"].set(backlog.failed_jobs)
            _metrics()["photo_queue"].set(backlog.photo_queue)
            _metrics()["photo_queue_oldest"].set(backlog.photo_queue_oldest_seconds)
    registry = REGISTRY
    if os.environ.get(_MULTIPROCESS):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    return generate_latest(registry), CONTENT_TYPE_LATEST
