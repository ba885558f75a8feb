"""Jobs run through dramatiq: the in-memory broker embedded, the Redis broker scaled out."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest
import redis
from dramatiq.brokers.redis import RedisBroker

from adapters.jobs.broker import DramatiqTaskQueue, make_broker
from adapters.jobs.mail import send_mail_job
from adapters.mail.files import FileMailer
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
        queue.enqueue("send_mail", "eva@example.com", "Hallo", "Welkom bij Amora")
        assert len(_wait_for(tmp_path)) == 1
    finally:
        worker.stop()
        queue.broker.close()


def test_the_scheduler_enqueues_periodic_jobs() -> None:
    from adapters.jobs.scheduler import PERIODIC, start_scheduler

    queue = DramatiqTaskQueue(make_broker(None))
    ran: list[str] = []
    for name in PERIODIC:
        queue.register(name, lambda name=name: ran.append(name))
    scheduler = start_scheduler(queue)
    try:
        assert {job.id for job in scheduler.get_jobs()} == set(PERIODIC)
        for job in scheduler.get_jobs():
            job.func(*job.args)  # what the interval trigger does
        assert queue.broker.queues["default"].qsize() == len(PERIODIC)
    finally:
        scheduler.shutdown()
