"""Durable background work (issue 16.2): every job goes through the outbox table first.

A use case writes its jobs with its change, in one transaction (`uow.jobs.add`); other
callers (the scheduler, a job that fans out) enqueue with a transaction of their own.
Nothing lives only in memory, so a `kill -9` at any moment loses no job:

- embedded (no REDIS_URL): runner threads in the server process claim due jobs under a
  lease, run them, and delete them; a failure is retried later with a growing delay;
  a job whose runner died is claimed again when its lease ends;
- scaled out: a relay in each `amora worker` claims due jobs and hands them to dramatiq
  on Redis, whose workers run them (acknowledged only when done, so a killed worker's
  job is run by another). A relay killed between handing over and deleting hands the
  job over again: jobs run at least once, and every job is idempotent (by its keys).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Engine

from adapters.jobs.codec import UnknownJob, job_json, job_of
from adapters.sql.outbox import ClaimedJob, OutboxTable
from application.ports.jobs import Job

if TYPE_CHECKING:  # dramatiq is imported only where jobs go through Redis
    from adapters.jobs.broker import DramatiqTaskQueue

J = TypeVar("J", bound=Job)
Handler = Callable[[Any], object]  # takes its record; what it returns is not used

log = logging.getLogger("amora.jobs")

MAX_ATTEMPTS = 12  # about 40 minutes of retries at the delays below, then kept as failed
POLL_SECONDS = 1.0  # how often an idle runner looks for jobs other processes wrote


def retry_delay(attempts: int) -> timedelta:
    """1 s, 2 s, 4 s, ... at most 5 minutes."""
    return timedelta(seconds=min(2 ** (attempts - 1), 300))


def _now() -> datetime:
    return datetime.now(UTC)


class OutboxQueue:
    """The task-queue port. ``dramatiq`` is the Redis-backed queue when scaled out."""

    def __init__(self, engine: Engine, dramatiq: DramatiqTaskQueue | None = None,
                 lease_seconds: float = 120,
                 on_outcome: Callable[[str, str], None] = lambda name, outcome: None,
                 clock: Callable[[], datetime] = _now) -> None:
        self.table = OutboxTable(engine)
        self.clock = clock
        self.dramatiq = dramatiq
        self.lease = timedelta(seconds=lease_seconds)
        self.on_outcome = on_outcome
        self.handlers: dict[type, Handler] = {}
        self.wake = threading.Event()

    def register(self, kind: type[J], handler: Callable[[J], object],
                 queue: str = "default") -> None:
        self.handlers[kind] = handler
        if self.dramatiq is not None:
            self.dramatiq.register(kind.kind, handler, queue)

    def enqueue(self, job: Job) -> None:
        if type(job) not in self.handlers:
            raise LookupError(f"no handler for {job!r}")
        self.table.add(*job_json(job), self.clock())
        self.wake.set()

    def worker(self, threads: int = 2) -> OutboxWorker:
        return OutboxWorker(self, threads)

    # --- running -------------------------------------------------------------------

    def step(self) -> bool:
        """Claim and run (or relay) due jobs once; False when there were none."""
        claimed = self.table.claim(self.clock(), self.lease, 50 if self.dramatiq else 1)
        for job in claimed:
            if self.dramatiq is not None:
                self._relay(job, self.dramatiq)
            else:
                self._run(job)
        return bool(claimed)

    def drain(self) -> None:
        """Run every due job now, in this thread (tests, and `amora jobs run`)."""
        while self.step():
            pass

    def waiting(self) -> list[Job]:
        """Every job not yet done, oldest first (operators and tests)."""
        return [job_of(name, args) for name, args in self.table.waiting()]

    def _relay(self, job: ClaimedJob, dramatiq: DramatiqTaskQueue) -> None:
        """Read before it goes (a row of old goes on as a record's fields)."""
        try:
            record = job_of(job.name, job.args)
        except UnknownJob as error:
            self._failed(job, str(error), known=False)
            return
        dramatiq.enqueue(record)
        self.table.done(job.id)
        self.on_outcome(record.kind, "relayed")

    def _run(self, job: ClaimedJob) -> None:
        try:
            record = job_of(job.name, job.args)
        except UnknownJob as error:
            self._failed(job, str(error), known=False)
            return
        run = self.handlers.get(type(record))
        try:
            if run is None:
                raise LookupError(f"no handler for {job.name}")
            run(record)
        except Exception as error:  # any failure: the job is kept and tried again
            self._failed(job, f"{type(error).__name__}: {error}", known=run is not None)
        else:
            self.table.done(job.id)
            self.on_outcome(record.kind, "run")

    def _failed(self, job: ClaimedJob, error: str, known: bool = True) -> None:
        """A job no record or handler takes fails for good at once, logged as an error:
        retrying cannot help, and it stays in the table for operators."""
        if job.attempts >= MAX_ATTEMPTS or not known:
            log.error("job %s %s failed for good: %s", job.name, job.id, error)
            self.table.give_up(job.id, self.clock(), error)
            self.on_outcome(job.name, "failed")
            return
        log.warning("job %s %s failed (attempt %s), retried: %s", job.name, job.id,
                    job.attempts, error)
        self.table.retry_at(job.id, self.clock() + retry_delay(job.attempts), error)
        self.on_outcome(job.name, "retried")


class OutboxWorker:
    """Runner threads (embedded) or one relay thread plus dramatiq's worker (Redis)."""

    def __init__(self, queue: OutboxQueue, threads: int) -> None:
        self.queue = queue
        self._stop = threading.Event()
        loops = 1 if queue.dramatiq else threads
        self._threads = [threading.Thread(target=self._loop, name=f"outbox-{n}", daemon=True)
                         for n in range(loops)]
        self._dramatiq = queue.dramatiq.worker(threads) if queue.dramatiq else None

    def start(self) -> None:
        if self._dramatiq is not None:
            self._dramatiq.start()
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        self.queue.wake.set()
        for thread in self._threads:
            thread.join(30)
        if self._dramatiq is not None:
            self._dramatiq.stop()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                busy = self.queue.step()
            except Exception:  # the database is away: try again shortly
                log.warning("outbox unreachable", exc_info=True)
                busy = False
            if not busy:
                self.queue.wake.wait(POLL_SECONDS)
                self.queue.wake.clear()
