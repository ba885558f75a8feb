"""Background jobs with dramatiq: Redis broker when scaled out, in-memory broker embedded.

Actors are bound to the broker we build here (never to dramatiq's global default,
which would try to reach RabbitMQ at import time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dramatiq
from dramatiq.brokers.redis import RedisBroker
from dramatiq.brokers.stub import StubBroker
from dramatiq.middleware import AgeLimit, Callbacks, Pipelines, Retries, TimeLimit

Job = Callable[..., object]  # what a job returns is not used


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
    """The task-queue port: jobs are registered by name and enqueued with JSON arguments."""

    def __init__(self, broker: dramatiq.Broker) -> None:
        self.broker = broker
        self._actors: dict[str, dramatiq.Actor[Any, Any]] = {}

    def register(self, name: str, job: Job, queue: str = "default") -> None:
        self._actors[name] = dramatiq.Actor(
            job, actor_name=name, queue_name=queue, broker=self.broker, priority=0, options={}
        )

    def enqueue(self, name: str, *args: Any) -> None:
        self._actors[name].send(*args)

    def worker(self, threads: int = 4) -> dramatiq.Worker:
        return dramatiq.Worker(self.broker, worker_threads=threads, worker_timeout=1_000)
