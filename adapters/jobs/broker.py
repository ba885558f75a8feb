"""Background jobs with dramatiq: Redis broker when scaled out, in-memory broker embedded.

Actors are bound to the broker we build here (never to dramatiq's global default,
which would try to reach RabbitMQ at import time).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import dramatiq
from dramatiq.brokers.redis import RedisBroker
from dramatiq.brokers.stub import StubBroker
from dramatiq.middleware import AgeLimit, Callbacks, Pipelines, Retries, TimeLimit

from adapters.jobs.codec import UnknownJob, job_json, job_of
from application.ports.jobs import Job

log = logging.getLogger("amora.jobs")


def make_broker(redis_url: str | None) -> dramatiq.Broker:
    middleware = [AgeLimit(), TimeLimit(), Callbacks(), Pipelines(),
                  Retries(max_retries=5, min_backoff=1_000, max_backoff=300_000)]
    if redis_url:
        # A worker that dies mid-job leaves its message unacknowledged; another worker
        # takes it back once the dead one missed heartbeats for 30 s. The clean-up that
        # does so runs on 1 in 10 broker calls (dramatiq's 1 in 1,000 took minutes).
        return RedisBroker(url=redis_url, namespace="amora", middleware=middleware,
                           heartbeat_timeout=30_000, maintenance_chance=100_000)
    broker = StubBroker(middleware=middleware)
    broker.emit_after("process_boot")
    return broker


class DramatiqTaskQueue:
    """The task-queue port: one actor per job record, named by its tag; a message carries
    the record's fields as keyword arguments."""

    # Actors of old whose messages may still wait on Redis at an upgrade: the notify
    # job became one record per notification (adapters.jobs.codec reads it).
    OLD_ACTORS = ("notify",)

    def __init__(self, broker: dramatiq.Broker) -> None:
        self.broker = broker
        self._actors: dict[str, dramatiq.Actor[Any, Any]] = {}
        self._handlers: dict[str, Callable[[Any], object]] = {}
        for tag in self.OLD_ACTORS:
            self._actor(tag, "default")

    def register(self, tag: str, handler: Callable[[Any], object],
                 queue: str = "default") -> None:
        """``handler`` takes the record whose kind is ``tag``."""
        self._handlers[tag] = handler
        self._actor(tag, queue)

    def _actor(self, tag: str, queue: str) -> None:
        def run(*args: Any, **fields: Any) -> None:
            # Positional arguments: a message queued before jobs were records.
            try:
                job = job_of(tag, fields if fields or not args else args)
                handler = self._handlers[job.kind]
            except (UnknownJob, KeyError):  # retrying cannot help: said loudly, not retried
                log.exception("job %s cannot be read or has no handler, dropped", tag)
                return
            handler(job)

        run.__name__ = tag
        self._actors[tag] = dramatiq.Actor(
            run, actor_name=tag, queue_name=queue, broker=self.broker, priority=0, options={}
        )

    def enqueue(self, job: Job) -> None:
        tag, fields = job_json(job)
        self._actors[tag].send_with_options(kwargs=fields)

    def worker(self, threads: int = 4) -> dramatiq.Worker:
        return dramatiq.Worker(self.broker, worker_threads=threads, worker_timeout=1_000)
