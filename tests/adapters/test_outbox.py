"""The transactional outbox (issue 16.2), on SQLite and PostgreSQL: a job exists exactly
when its transaction committed, runs once when all goes well, again after a failure or
a runner's death, never twice at once; scaled out, it is relayed to dramatiq on Redis."""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
import redis
from dramatiq.brokers.redis import RedisBroker
from sqlalchemy import Engine

from adapters.jobs.broker import DramatiqTaskQueue, make_broker
from adapters.jobs.codec import job_json
from adapters.jobs.outbox import MAX_ATTEMPTS, OutboxQueue
from application.ports.jobs import (
    NOTIFICATIONS,
    AccountMail,
    BuildExport,
    DeleteFiles,
    MessageNotice,
    NoticeMail,
    Notification,
    PurgeExports,
    ReceiptNotice,
    SandboxWebhook,
)
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
    ran: list[AccountMail] = []
    queue.register(AccountMail, ran.append)
    with uow() as work:
        work.jobs.add(AccountMail("rolled_back", 1))
    with uow() as work:
        work.jobs.add(AccountMail("kept", 7))
        work.commit()
    assert queue.waiting() == [AccountMail("kept", 7)]
    queue.drain()
    queue.drain()
    assert ran == [AccountMail("kept", 7)] and queue.waiting() == []


def test_rows_written_before_jobs_were_records_still_run(queue: OutboxQueue,
                                                         clock: FakeClock) -> None:
    """Upgrading with jobs waiting: a row of old holds the job's arguments as an array
    in the record's field order, and the notify job its kind and references."""
    mails: list[AccountMail] = []
    notices: list[Notification] = []
    queue.register(AccountMail, mails.append)
    for notification in NOTIFICATIONS:
        queue.register(notification, notices.append)
    queue.table.add("account_mail", ["mail_change", 3, "new@example.com"], clock())
    queue.table.add("notify", ["gift", 2, {"sender": 1, "conversation": 5, "message": 9,
                                           "gift": "rose"}], clock())
    queue.table.add("notify", ["payment_receipt", 2, {"order": 4}], clock())
    queue.drain()
    assert mails == [AccountMail("mail_change", 3, "new@example.com")]
    assert notices == [MessageNotice(2, 1, 5, 9, "rose"), ReceiptNotice(2, 4)]
    assert queue.waiting() == []


def test_a_job_no_record_takes_fails_for_good_at_once_and_says_so(
        queue: OutboxQueue, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    queue.register(AccountMail, lambda job: None)
    queue.table.add("acount_mail", {"mail": "activation", "member_id": 1}, clock())
    queue.table.add("account_mail", {"mail": "activation"}, clock())  # no member
    queue.table.add(*job_json(DeleteFiles(["a.jpg"])), clock())  # no handler here
    with caplog.at_level(logging.ERROR, logger="amora.jobs"):
        queue.drain()
    assert queue.table.figures(clock())[0] == 0  # none waits to be retried ...
    failed = [record.getMessage() for record in caplog.records]
    assert len(failed) == 3 and all("failed for good" in line for line in failed)
    assert "'acount_mail'" in failed[0] and "no handler for delete_files" in failed[2]


def test_a_failing_job_is_retried_later_then_kept_as_failed(queue: OutboxQueue,
                                                            clock: FakeClock) -> None:
    calls: list[int] = []

    def flaky(job: PurgeExports) -> None:
        calls.append(1)
        raise ConnectionError("smtp away")

    queue.register(PurgeExports, flaky)
    queue.enqueue(PurgeExports())
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
    ran: list[NoticeMail] = []
    queue.register(NoticeMail, ran.append)
    queue.enqueue(NoticeMail("hello", 1))
    [claimed] = queue.table.claim(clock(), queue.lease, 1)  # a runner took it, then died
    queue.drain()
    assert ran == []  # leased: nobody else runs it meanwhile
    clock.advance(seconds=61)
    queue.drain()
    assert ran == [NoticeMail("hello", 1)] and claimed.attempts == 1


def test_parallel_runners_run_each_job_once(engine: Engine, clock: FakeClock,
                                            database_url: str) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite has one writer; the race is PostgreSQL's (SKIP LOCKED)")
    ran: Counter[int] = Counter()
    lock = threading.Lock()

    def count(job: BuildExport) -> None:
        with lock:
            ran[job.member_id] += 1

    queues = [OutboxQueue(engine, clock=clock) for _ in range(4)]
    for each in queues:
        each.register(BuildExport, count)
    for n in range(60):
        queues[0].enqueue(BuildExport(n))
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
    assert isinstance(broker, RedisBroker)
    broker.namespace = f"amora-test-{uuid.uuid4().hex[:8]}"
    done = threading.Event()
    queue = OutboxQueue(engine, DramatiqTaskQueue(broker), clock=clock)
    queue.register(SandboxWebhook, lambda job: done.set() if job.url == "pong" else None)
    queue.enqueue(SandboxWebhook("pong", "tr_1"))
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
