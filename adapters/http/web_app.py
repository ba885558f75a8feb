"""Serves the built React app: hashed assets cached for a year, every other path
gets index.html so the client router shows the screen (or its 404 screen)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, send_from_directory
from werkzeug.exceptions import NotFound

blueprint = Blueprint("web", __name__)
_NOT_BUILT = (
    "<!doctype html><title>Amora</title><p>The web app is not built yet: run "
    "<code>make run</code> (or <code>npm run build</code>).</p>"
)


def _dist() -> Path:
    return current_app.extensions["amora"].config().web_dist  # type: ignore[no-any-return]


@blueprint.get("/", defaults={"path": ""}, endpoint="spa")
@blueprint.get("/<path:path>", endpoint="spa")
def spa(path: str) -> Response:
    dist = _dist()
    if path == "api" or path.startswith(("api/", "ws")):
        raise NotFound()
    if path and (dist / path).is_file() and ".." not in path:
        response = send_from_directory(dist, path)
        if path.startswith("assets/"):
            response.cache_control.public = True
            response.cache_control.max_age = 31_536_000
            response.cache_control.immutable = True
        return response
    if not (dist / "index.html").is_file():
        return Response(_NOT_BUILT, status=503, mimetype="text/html")
    response = send_from_directory(dist, "index.html")
    response.cache_control.no_cache = True
    return response
