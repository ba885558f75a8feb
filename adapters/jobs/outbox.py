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
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from adapters.sql.outbox import ClaimedJob, OutboxTable

if TYPE_CHECKING:  # dramatiq is imported only where jobs go through Redis
    from adapters.jobs.broker import DramatiqTaskQueue

Job = Callable[..., object]  # what a job returns is not used

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
        self._jobs: dict[str, Job] = {}
        self.wake = threading.Event()

    def register(self, name: str, job: Job, queue: str = "default") -> None:
        self._jobs[name] = job
        if self.dramatiq is not None:
            self.dramatiq.register(name, job, queue)

    def enqueue(self, name: str, *args: Any) -> None:
        if name not in self._jobs:
            raise LookupError(f"no job named {name}")
        self.table.add(name, args, self.clock())
        self.wake.set()

    def worker(self, threads: int = 2) -> OutboxWorker:
        return OutboxWorker(self, threads)

    # --- running -------------------------------------------------------------------

    def step(self) -> bool:
        """Claim and run (or relay) due jobs once; False when there were none."""
        claimed = self.table.claim(self.clock(), self.lease, 50 if self.dramatiq else 1)
        for job in claimed:
            if self.dramatiq is not None:
                self.dramatiq.enqueue(job.name, *job.args)
                self.table.done(job.id)
                self.on_outcome(job.name, "relayed")
            else:
                self._run(job)
        return bool(claimed)

    def drain(self) -> None:
        """Run every due job now, in this thread (tests, and `amora jobs run`)."""
        while self.step():
            pass

    def waiting(self) -> list[tuple[str, list[Any]]]:
        return self.table.waiting()

    def _run(self, job: ClaimedJob) -> None:
        run = self._jobs.get(job.name)
        try:
            if run is None:
                raise LookupError(f"no job named {job.name}")
            run(*job.args)
        except Exception as error:  # any failure: the job is kept and tried again
            self._failed(job, f"{type(error).__name__}: {error}")
        else:
            self.table.done(job.id)
            self.on_outcome(job.name, "run")

    def _failed(self, job: ClaimedJob, error: str) -> None:
        if job.attempts >= MAX_ATTEMPTS or job.name not in self._jobs:
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
