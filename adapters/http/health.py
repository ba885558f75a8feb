"""GET /api/health: the process is up and its database answers (for load balancers).
GET /api/ready: every service this process needs answers (database, Redis when
configured, file storage), with the state of each; 503 names the failing ones."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import redis
from flask import Blueprint
from sqlalchemy import text

from adapters.container import Container
from adapters.http.composition import container

blueprint = Blueprint("health", __name__)
log = logging.getLogger(__name__)
CHECK_TIMEOUT_SECONDS = 3


@blueprint.get("/api/health")
def health() -> tuple[dict[str, Any], int]:
    try:
        _database(container())
    except Exception:  # noqa: BLE001 - any failure means "not ready"
        return {"status": "unavailable"}, 503
    return {"status": "ok"}, 200


@blueprint.get("/api/ready")
def ready() -> tuple[dict[str, Any], int]:
    built = container()
    checks: dict[str, Callable[[Container], None]] = {"database": _database}
    if built.config().redis_url:
        checks["redis"] = _redis
    checks["files"] = _files
    states = {name: _state(name, check, built) for name, check in checks.items()}
    failing = [name for name, state in states.items() if state != "ok"]
    if failing:
        return {"error": "service_unavailable", "params": {"failing": failing},
                "checks": states}, 503
    return {"status": "ok", "checks": states}, 200


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


def _redis(built: Container) -> None:
    client = redis.Redis.from_url(built.config().redis_url or "",
                                  socket_connect_timeout=CHECK_TIMEOUT_SECONDS,
                                  socket_timeout=CHECK_TIMEOUT_SECONDS)
    try:
        client.ping()
    finally:
        client.close()


def _files(built: Container) -> None:
    files = built.files()
    ready = getattr(files, "ready", None)  # stores without the check count as ready
    if ready is not None and not ready():
        raise OSError("the file store is not ready")
