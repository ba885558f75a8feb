"""GET /api/health: the process is up and its database answers (for load balancers).
GET /api/ready: every service this process needs answers (database, Redis when
configured, file storage), with the state of each; 503 names the failing ones.

/api/ready is for operators, as /metrics is (observability.operator_only: loopback or
METRICS_TOKEN; a 404 for anyone else): it names the services, and each call used to open
a Redis connection of its own. Now one Redis client per app is kept, and an answer is
reused for READY_FRESH_FOR seconds, so a probe however frequent costs a check a few times
a minute."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
from flask import Blueprint, abort, current_app
from sqlalchemy import text

from adapters.container import Container
from adapters.http.composition import container
from adapters.http.observability import operator_only

if TYPE_CHECKING:
    from redis import Redis

blueprint = Blueprint("health", __name__)
log = logging.getLogger(__name__)
CHECK_TIMEOUT_SECONDS = 3
READY_FRESH_FOR = 5.0  # seconds an answer of /api/ready is reused
_EXTENSION = "amora.readiness"


@blueprint.get("/api/health")
def health() -> tuple[dict[str, Any], int]:
    try:
        _database(container())
    except Exception:  # noqa: BLE001 - any failure means "not ready"
        return {"status": "unavailable"}, 503
    return {"status": "ok"}, 200


@blueprint.get("/api/ready")
def ready() -> tuple[dict[str, Any], int]:
    if not operator_only():
        abort(404)
    return readiness().answer(container())


def readiness() -> Readiness:
    """This app's readiness checks (one per app: tests build many apps in one process)."""
    if _EXTENSION not in current_app.extensions:
        current_app.extensions[_EXTENSION] = Readiness()
    found: Readiness = current_app.extensions[_EXTENSION]
    return found


@attrs.define
class Readiness:
    clock: Callable[[], float] = time.monotonic
    _answer: tuple[dict[str, Any], int] | None = None
    _answered_at: float = 0.0
    _redis: Redis | None = None

    def answer(self, built: Container) -> tuple[dict[str, Any], int]:
        now = self.clock()
        if self._answer is None or now - self._answered_at >= READY_FRESH_FOR:
            self._answer, self._answered_at = self._check(built), now
        return self._answer

    def _check(self, built: Container) -> tuple[dict[str, Any], int]:
        checks: dict[str, Callable[[Container], None]] = {"database": _database}
        if built.config().redis_url:
            checks["redis"] = self._ping_redis
        checks["files"] = _files
        states = {name: _state(name, check, built) for name, check in checks.items()}
        failing = [name for name, state in states.items() if state != "ok"]
        if failing:
            return {"error": "service_unavailable", "params": {"failing": failing},
                    "checks": states}, 503
        return {"status": "ok", "checks": states}, 200

    def _ping_redis(self, built: Container) -> None:
        if self._redis is None:  # its pool keeps the connection between checks
            from redis import Redis  # loaded where Redis is used only (outages.py)

            self._redis = Redis.from_url(built.config().redis_url or "",
                                               socket_connect_timeout=CHECK_TIMEOUT_SECONDS,
                                               socket_timeout=CHECK_TIMEOUT_SECONDS)
        self._redis.ping()


def _state(name: str, check: Callable[[Container], None], built: Container) -> str:
    try:
        check(built)
    except Exception:  # noqa: BLE001 - whatever the cause, the service is not usable
        log.warning("readiness check %s failed", name, exc_info=True)
        return "unavailable"
    return "ok"


def _database(built: Container) -> None:
    with built.engine().connect() as connection:
        connection.execute(text("SELECT 1"))


def _files(built: Container) -> None:
    files = built.files()
    ready = getattr(files, "ready", None)  # stores without the check count as ready
    if ready is not None and not ready():
        raise OSError("the file store is not ready")
