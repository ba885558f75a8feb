"""Request ids, request timing and GET /metrics (Prometheus text format).

Every request gets an id: the proxy's X-Request-ID when it is a sane token, else a new
one. It is echoed in the response header and set on every log line written for the
request (adapters/logs.py). /metrics (and /api/ready, adapters/http/health.py) answers
loopback clients that connect directly, and anyone with `Authorization: Bearer
<METRICS_TOKEN>`; everyone else gets a 404, so the endpoint is not advertised.
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import itertools
import os
import re
import time
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from flask import Blueprint, Flask, Response, abort, request

from adapters import logs, metrics
from adapters.http.composition import container, container_of
from adapters.realtime.connections import open_sockets
from adapters.sql.today import backlog

HEADER = "X-Request-ID"
_STARTED = "amora.request_started"
_ID_FIELD = f"HTTP_{HEADER.upper().replace('-', '_')}"  # as WSGI names the header
_SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,127}")

blueprint = Blueprint("observability", __name__)

# Ids only need to be unique, not unguessable: a random prefix per process and a counter
# (os.urandom per request cost more than the rest of this hook). A forked worker draws
# its own prefix.
_PROCESS = uuid.uuid4().hex[:16]
_numbers = itertools.count(1)


def _new_process() -> None:
    global _PROCESS, _numbers
    _PROCESS, _numbers = uuid.uuid4().hex[:16], itertools.count(1)


os.register_at_fork(after_in_child=_new_process)


def init_observability(app: Flask) -> None:
    """The id and the clock start where the request enters the app (a WSGI layer around
    everything, so refused requests - rate limits, ... - are timed and logged with their id
    too); the timing is recorded by the last after_request hook (they run in reverse)."""
    app.after_request(_finish)
    app.wsgi_app = RequestIds(app.wsgi_app)  # type: ignore[method-assign]
    app.register_blueprint(blueprint)
    built = container_of(app)
    metrics.backlog_figures(lambda: backlog(built.engine(), built.clock().now()))


StartResponse = Callable[..., Any]


class RequestIds:
    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse
                 ) -> Iterable[bytes]:
        environ[_STARTED] = time.perf_counter()
        given = environ.get(_ID_FIELD, "")
        request_id = given if _SANE_ID.fullmatch(given) else f"{_PROCESS}{next(_numbers):016x}"
        token = logs.request_id.set(request_id)

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers.append((HEADER, request_id))
            return start_response(status, headers, exc_info)

        try:
            return self.app(environ, start)
        finally:
            with contextlib.suppress(ValueError):  # set in another context: nothing to undo
                logs.request_id.reset(token)


def _finish(response: Response) -> Response:
    # A WebSocket's "request" lasts as long as the socket: amora_websockets_open counts those.
    environ = request.environ
    if _STARTED in environ and request.headers.get("Upgrade", "").lower() != "websocket":
        route = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.request_done(route, request.method, response.status_code,
                             time.perf_counter() - environ[_STARTED])
    if response.status_code >= 500:  # for `amora today`: counted in memory, written later
        built = container()
        built.server_errors().count(response.status_code, built.clock().now())
    return response


@blueprint.get("/metrics")
def exposition() -> Response:
    if not operator_only():
        abort(404)
    body, content_type = metrics.exposition(open_sockets())
    return Response(body, content_type=content_type)


def operator_only() -> bool:
    """Whether the request may read what only operators see (/metrics, /api/ready): a
    loopback client that connects directly, or anyone with the METRICS_TOKEN."""
    token = container().config().metrics_token
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    if token and scheme.lower() == "bearer" and hmac.compare_digest(
            given.strip().encode(), token.encode()):
        return True
    # A local proxy forwarding someone else's request is not a local client (with
    # PROXY_HOPS unset, remote_addr would be the proxy's loopback address).
    forwarded = "X-Forwarded-For" in request.headers or "Forwarded" in request.headers
    return _loopback(request.remote_addr) and not forwarded


def _loopback(address: str | None) -> bool:
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback
