"""The transactional outbox (issue 16.2), on SQLite and PostgreSQL: a job exists exactly
when its transaction committed, runs once when all goes well, again after a failure or
a runner's death, never twice at once; scaled out, it is relayed to dramatiq on Redis."""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import redis
from sqlalchemy import Engine

from adapters.jobs.broker import DramatiqTaskQueue, make_broker
from adapters.jobs.outbox import MAX_ATTEMPTS, OutboxQueue
from tests.conftest import REDIS_URL, UowFactory


class FakeClock:
    def __init__(self) -> None:
        self.at = datetime.now(UTC) + timedelta(seconds=1)  # after the rows written now

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def queue(engine: Engine, clock: FakeClock) -> OutboxQueue:
    return OutboxQueue(engine, lease_seconds=60, clock=clock)


def test_a_job_exists_only_if_its_transaction_commits(queue: OutboxQueue, uow: UowFactory) -> None:
    ran: list[Any] = []
    queue.register("note", lambda *args: ran.append(args))
    with uow() as work:
        work.jobs.add("note", "rolled back")
    with uow() as work:
        work.jobs.add("note", "kept", 7)
        work.commit()
    assert queue.waiting() == [("note", ["kept", 7])]
    queue.drain()
    queue.drain()
    assert ran == [("kept", 7)] and queue.waiting() == []


def test_a_failing_job_is_retried_later_then_kept_as_failed(queue: OutboxQueue,
                                                            clock: FakeClock) -> None:
    calls: list[int] = []

    def flaky() -> None:
        calls.append(1)
        raise ConnectionError("smtp away")

    queue.register("flaky", flaky)
    queue.enqueue("flaky")
    queue.drain()
    assert len(calls) == 1
    queue.drain()  # not due yet: the retry waits
    assert len(calls) == 1
    for _ in range(MAX_ATTEMPTS + 3):
        clock.advance(minutes=6)
        queue.drain()
    assert len(calls) == MAX_ATTEMPTS
    assert queue.waiting() == []  # given up: kept for operators, out of the queue
    assert queue.table.figures(clock())[0] == 0


def test_a_dead_runners_job_is_taken_again_after_its_lease(queue: OutboxQueue,
                                                           clock: FakeClock) -> None:
    ran: list[str] = []
    queue.register("mail", ran.append)
    queue.enqueue("mail", "hello")
    [claimed] = queue.table.claim(clock(), queue.lease, 1)  # a runner took it, then died
    queue.drain()
    assert ran == []  # leased: nobody else runs it meanwhile
    clock.advance(seconds=61)
    queue.drain()
    assert ran == ["hello"] and claimed.attempts == 1


def test_parallel_runners_run_each_job_once(engine: Engine, clock: FakeClock,
                                            database_url: str) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite has one writer; the race is PostgreSQL's (SKIP LOCKED)")
    ran: Counter[int] = Counter()
    lock = threading.Lock()

    def count(n: int) -> None:
        with lock:
            ran[n] += 1

    queues = [OutboxQueue(engine, clock=clock) for _ in range(4)]
    for each in queues:
        each.register("count", count)
    for n in range(60):
        queues[0].enqueue("count", n)
    start = threading.Barrier(len(queues))

    def run(each: OutboxQueue) -> None:
        start.wait(30)
        each.drain()

    threads = [threading.Thread(target=run, args=(each,)) for each in queues]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert ran == Counter(range(60))


def test_scaled_out_jobs_are_relayed_to_dramatiq_on_redis(engine: Engine, clock: FakeClock) -> None:
    redis.Redis.from_url(REDIS_URL).ping()
    broker = make_broker(REDIS_URL)
    broker.namespace = f"amora-test-{uuid.uuid4().hex[:8]}"  # type: ignore[attr-defined]
    done = threading.Event()
    queue = OutboxQueue(engine, DramatiqTaskQueue(broker), clock=clock)
    queue.register("ping", lambda word: done.set() if word == "pong" else None)
    queue.enqueue("ping", "pong")
    worker = queue.worker(threads=1)
    worker.start()
    try:
        assert done.wait(60), "dramatiq never ran the relayed job"
        deadline = time.monotonic() + 60
        while queue.waiting() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert queue.waiting() == []
    finally:
        worker.stop()
