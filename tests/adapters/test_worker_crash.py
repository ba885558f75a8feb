"""A dramatiq worker process killed (SIGKILL) in the middle of a send_mail job: the job is
neither lost nor doubled. Another worker picks it up once the dead worker's heartbeat has
expired, and the mail arrives exactly once at a real SMTP server."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import redis
from aiosmtpd.controller import Controller
from dramatiq.brokers.redis import RedisBroker

from adapters.jobs.broker import DramatiqTaskQueue, make_broker
from adapters.jobs.mail import send_mail_job
from adapters.mail.smtp import SmtpMailer
from application.ports.jobs import SendMail
from tests.conftest import REDIS_URL
from tests.mails import parse_mail

ROOT = Path(__file__).resolve().parents[2]
HEARTBEAT_TIMEOUT_MS = 3_000  # a worker silent this long is dead; live ones poll every <=1 s
MESSAGE_ID = "<crash-test@amora.test>"

# The worker process: the production queue, broker and SMTP mailer, with a short heartbeat
# timeout and maintenance (requeueing dead workers' messages) on every broker command.
WORKER = """
import sys, time
from adapters.jobs.broker import DramatiqTaskQueue, make_broker
from adapters.jobs.mail import send_mail_job
from adapters.mail.smtp import SmtpMailer

redis_url, namespace, smtp_port, heartbeat, id_file = sys.argv[1:]
queue = DramatiqTaskQueue(make_broker(redis_url))
queue.broker.namespace = namespace
queue.broker.heartbeat_timeout = int(heartbeat)
queue.broker.maintenance_chance = 1_000_000  # out of a million: every command
queue.register("send_mail", send_mail_job(SmtpMailer("127.0.0.1", int(smtp_port),
                                                     "no-reply@amora.test")))
queue.worker(threads=1).start()
with open(id_file + ".tmp", "w") as out:
    out.write(queue.broker.broker_id)
import os; os.replace(id_file + ".tmp", id_file)
while True:
    time.sleep(1)
"""


@dataclass
class SlowFirstInbox:
    """An aiosmtpd handler whose first DATA hangs (until its client goes away, or 15 s);
    every later DATA is accepted at once. Records starts, completions and aborts."""

    started: list[str] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)
    aborted: list[str] = field(default_factory=list)
    data_started: threading.Event = field(default_factory=threading.Event)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = parse_mail(envelope.content)
        message_id = str(message["Message-ID"])
        self.started.append(message_id)
        self.data_started.set()
        if len(self.started) == 1:
            try:
                # aiosmtpd cancels this when the client's connection is lost.
                await asyncio.sleep(15)
            except asyncio.CancelledError:
                self.aborted.append(message_id)
                raise
        self.completed.append(message_id)
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait(condition: Callable[[], Any], seconds: float, what: str) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if result := condition():
            return result
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@dataclass
class Workers:
    script: Path
    namespace: str
    smtp_port: int
    directory: Path
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self) -> tuple[subprocess.Popen[bytes], str]:
        """A new worker process; returns it with its broker id once it is consuming."""
        index = len(self.processes)
        id_file = self.directory / f"worker-{index}.id"
        process = subprocess.Popen(
            [sys.executable, str(self.script), REDIS_URL, self.namespace, str(self.smtp_port),
             str(HEARTBEAT_TIMEOUT_MS), str(id_file)],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
            stderr=(self.directory / f"worker-{index}.log").open("w"))
        self.processes.append(process)

        def started() -> str | None:
            if process.poll() is not None:
                log = (self.directory / f"worker-{index}.log").read_text()
                raise AssertionError(f"worker {index} exited:\n{log}")
            return id_file.read_text() if id_file.exists() else None

        return process, _wait(started, 15, f"worker {index} to start")


@pytest.fixture
def inbox() -> Iterator[tuple[SlowFirstInbox, int]]:
    handler = SlowFirstInbox()
    port = _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


@pytest.fixture
def namespace() -> Iterator[str]:
    client = redis.Redis.from_url(REDIS_URL)
    client.ping()  # fail loudly when Redis is missing
    name = f"amora-crash-{uuid.uuid4().hex[:8]}"
    yield name
    keys = list(client.scan_iter(match=f"{name}:*"))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
def workers(tmp_path: Path, namespace: str,
            inbox: tuple[SlowFirstInbox, int]) -> Iterator[Workers]:
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    started = Workers(script, namespace, inbox[1], tmp_path)
    yield started
    for process in started.processes:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def test_a_killed_worker_neither_loses_nor_doubles_its_mail(
        namespace: str, inbox: tuple[SlowFirstInbox, int], workers: Workers) -> None:
    handler, smtp_port = inbox
    client = redis.Redis.from_url(REDIS_URL)
    queue = DramatiqTaskQueue(make_broker(REDIS_URL))
    assert isinstance(queue.broker, RedisBroker)
    queue.broker.namespace = namespace
    queue.register("send_mail", send_mail_job(SmtpMailer("127.0.0.1", smtp_port,
                                                         "x@amora.test")))
    messages = f"{namespace}:default.msgs"
    try:
        first, first_id = workers.start()
        queue.enqueue(SendMail("eva@example.com", "Welkom", "Hallo Eva", None, "Amora",
                               None, MESSAGE_ID))

        # The first worker has taken the job and is in the middle of the SMTP DATA phase.
        assert handler.data_started.wait(15), "the first worker never reached DATA"
        first_acks = f"{namespace}:__acks__.{first_id}.default"
        assert client.smembers(first_acks) and client.hlen(messages) == 1
        first.kill()  # SIGKILL: no shutdown hooks, no requeue, no ack
        first.wait(10)
        _wait(lambda: handler.aborted, 5, "the SMTP server to see the connection drop")
        assert handler.completed == []
        killed_at = time.monotonic()

        workers.start()
        _wait(lambda: handler.completed, HEARTBEAT_TIMEOUT_MS / 1000 + 10,
              "the second worker to deliver the mail")
        recovered_after = time.monotonic() - killed_at
        # Redelivery waits for the dead worker's heartbeat to expire, not less.
        assert recovered_after >= HEARTBEAT_TIMEOUT_MS / 1000 - 1.0, recovered_after

        # The second worker acks; the dead worker's claim is gone, so nothing can come back.
        _wait(lambda: client.hlen(messages) == 0, 5, "the job to be acked")
        assert not client.exists(first_acks)
        assert client.llen(f"{namespace}:default") == 0
        assert client.zcard(f"{namespace}:default.XQ") == 0  # not dead-lettered either
        for key in client.scan_iter(match=f"{namespace}:__acks__.*"):
            assert client.scard(key) == 0, key
        time.sleep(1.0)  # a grace period for a wrong second delivery to show up
        assert handler.completed == [MESSAGE_ID]
        assert handler.started == [MESSAGE_ID, MESSAGE_ID]
        assert handler.aborted == [MESSAGE_ID]
    finally:
        queue.broker.close()
        client.close()
