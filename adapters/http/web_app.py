"""Serves the built React app: hashed assets cached for a year, every other path
gets index.html so the client router shows the screen (or its 404 screen)."""

from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path

import brotli
from flask import Blueprint, Response, current_app, request, send_from_directory
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound

blueprint = Blueprint("web", __name__)
_NOT_BUILT = (
    "<!doctype html><title>Amora</title><p>The web app is not built yet: run "
    "<code>make run</code> (or <code>npm run build</code>).</p>"
)


# Text assets worth compressing; images and the video are compressed already.
_COMPRESSIBLE = (".js", ".css", ".html", ".svg", ".json", ".webmanifest", ".txt", ".map")


@lru_cache(maxsize=512)
def _packed(path: Path, mtime_ns: int, encoding: str) -> bytes:
    """Each built file is compressed once per process (they never change in place:
    a release has new hashed names, and the mtime key catches a rebuild)."""
    data = path.read_bytes()
    if encoding == "br":
        return brotli.compress(data, quality=11)  # type: ignore[no-any-return]
    return gzip.compress(data, compresslevel=9, mtime=0)


def _compressed(response: Response, file: Path) -> Response:
    """Brotli, else gzip, when the browser takes it (Lighthouse measured 800 KB of raw
    JS and CSS on a phone: most of the first paint's wait)."""
    response.vary.add("Accept-Encoding")
    accepted = request.headers.get("Accept-Encoding", "")
    encoding = "br" if "br" in accepted else "gzip" if "gzip" in accepted else None
    if file.suffix not in _COMPRESSIBLE or encoding is None or file.stat().st_size < 1024:
        return response
    body = _packed(file, file.stat().st_mtime_ns, encoding)
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = encoding
    response.headers["Content-Length"] = str(len(body))
    return response


_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def _api_miss() -> HTTPException:
    """The catch-alls also match an API path that has no route for this method: a 405
    naming the API's methods (Allow) when the path has others, else a 404 (not the web
    app's 405 for a POST to any path)."""
    adapter = current_app.url_map.bind_to_environ(request.environ)
    methods = set()
    for method in _METHODS:
        try:
            endpoint, _ = adapter.match(method=method)
        except HTTPException:
            continue
        if endpoint not in ("web.spa", "web.api_miss"):
            methods.add(method)
    return MethodNotAllowed(sorted(methods | {"OPTIONS"})) if methods else NotFound()


@blueprint.route("/api", defaults={"path": ""}, methods=_METHODS, endpoint="api_miss")
@blueprint.route("/api/<path:path>", methods=_METHODS, endpoint="api_miss")
def api_miss(path: str) -> Response:
    raise _api_miss()


def _dist() -> Path:
    return current_app.extensions["amora"].config().web_dist  # type: ignore[no-any-return]


@blueprint.get("/", defaults={"path": ""}, endpoint="spa")
@blueprint.get("/<path:path>", endpoint="spa")
def spa(path: str) -> Response:
    dist = _dist()
    if path == "api" or path.startswith(("api/", "ws")):
        raise _api_miss()
    if path and (dist / path).is_file() and ".." not in path:
        response = _compressed(send_from_directory(dist, path, conditional=False),
                               dist / path)
        if path.startswith("assets/"):
            response.cache_control.public = True
            response.cache_control.max_age = 31_536_000
            response.cache_control.immutable = True
        return response
    if not (dist / "index.html").is_file():
        return Response(_NOT_BUILT, status=503, mimetype="text/html")
    response = _compressed(send_from_directory(dist, "index.html", conditional=False),
                           dist / "index.html")
    response.cache_control.no_cache = True
    return response
