"""GET /api/health: the process is up and its database answers (for load balancers)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app
from sqlalchemy import text

blueprint = Blueprint("health", __name__)


@blueprint.get("/api/health")
def health() -> tuple[dict[str, Any], int]:
    try:
        with current_app.extensions["amora"].engine().connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception:  # noqa: BLE001 - any failure means "not ready"
        return {"status": "unavailable"}, 503
    return {"status": "ok"}, 200
