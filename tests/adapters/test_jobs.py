"""Jobs run through dramatiq: the in-memory broker embedded, the Redis broker scaled out."""

from __future__ import annotations

import logging
import time
import uuid
from pathlib import Path

import pytest
import redis
from dramatiq.brokers.redis import RedisBroker

from adapters.jobs.broker import DramatiqTaskQueue, make_broker
from adapters.jobs.mail import send_mail_job
from adapters.mail.files import FileMailer
from application.ports.jobs import LikeNotice, SendMail
from tests.conftest import REDIS_URL


def _wait_for(path: Path, seconds: float = 15) -> list[Path]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = list(path.glob("*.eml"))
        if found:
            return found
        time.sleep(0.05)
    return []


@pytest.mark.parametrize("kind", ["embedded", "redis"])
def test_send_mail_job_runs_on_a_worker(tmp_path: Path, kind: str) -> None:
    redis_url = None
    if kind == "redis":
        redis_url = REDIS_URL
        redis.Redis.from_url(redis_url).ping()  # fail loudly when Redis is missing
    queue = DramatiqTaskQueue(make_broker(redis_url))
    if kind == "redis":  # a namespace of our own, so parallel runs don't share queues
        assert isinstance(queue.broker, RedisBroker)
        queue.broker.namespace = f"amora-test-{uuid.uuid4().hex[:8]}"
    queue.register("send_mail", send_mail_job(FileMailer(tmp_path, "no-reply@amora.test")))
    worker = queue.worker(threads=1)
    worker.start()
    try:
        queue.enqueue(SendMail("eva@example.com", "Hallo", "Welkom bij Amora"))
        assert len(_wait_for(tmp_path)) == 1
    finally:
        worker.stop()
        queue.broker.close()


def test_the_scheduler_enqueues_periodic_jobs() -> None:
    from adapters.jobs.scheduler import PERIODIC, start_scheduler

    queue = DramatiqTaskQueue(make_broker(None))
    ran: list[str] = []
    for periodic in PERIODIC:
        queue.register(periodic.kind, lambda job: ran.append(job.kind))
    scheduler = start_scheduler(queue)
    try:
        assert {job.id for job in scheduler.get_jobs()} == {job.kind for job in PERIODIC}
        for job in scheduler.get_jobs():
            job.func(*job.args)  # what the interval trigger does
        assert queue.broker.queues["default"].qsize() == len(PERIODIC)
    finally:
        scheduler.shutdown()


def test_a_message_queued_before_jobs_were_records_still_runs_and_a_bad_one_is_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    """Upgrading with messages on Redis: positional arguments in the record's field
    order; one no record takes is an error in the log, not retried."""
    queue = DramatiqTaskQueue(make_broker(None))
    sent: list[SendMail] = []
    liked: list[LikeNotice] = []
    queue.register("send_mail", sent.append)
    queue.register(LikeNotice.kind, liked.append)
    actor = queue.broker.get_actor("send_mail")
    actor.send("eva@example.com", "Hallo", "Welkom")  # as 0.x enqueued it
    queue.broker.get_actor("notify").send("like", 2, {"member": 1})
    actor.send_with_options(kwargs={"to": "eva@example.com"})  # no subject, no text
    worker = queue.worker(threads=1)
    worker.start()
    try:
        with caplog.at_level(logging.ERROR, logger="amora.jobs"):
            queue.broker.join("default")
            worker.join()
    finally:
        worker.stop()
    assert sent == [SendMail("eva@example.com", "Hallo", "Welkom")]
    assert liked == [LikeNotice(2, 1)]
    assert [record.getMessage() for record in caplog.records] == [
        "job send_mail cannot be read or has no handler, dropped"]
