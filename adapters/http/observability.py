"""Request ids, request timing and GET /metrics (Prometheus text format).

Every request gets an id: the proxy's X-Request-ID when it is a sane token, else a new
one. It is echoed in the response header and set on every log line written for the
request (adapters/logs.py). /metrics answers loopback clients that connect directly, and
anyone with `Authorization: Bearer <METRICS_TOKEN>`; everyone else gets a 404, so the
endpoint is not advertised.
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

from flask import Blueprint, Flask, Response, abort, g, request

from adapters import logs, metrics
from adapters.http.composition import container
from adapters.http.realtime import open_sockets

HEADER = "X-Request-ID"
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
    """Before any other hook, so refused requests (rate limits, ...) are timed and logged
    with their id too; after_request hooks run in reverse, so ours runs last."""
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_finish)
    app.teardown_request(_forget)
    app.register_blueprint(blueprint)


def _start() -> None:
    given = request.headers.get(HEADER, "")
    g.request_id = given if _SANE_ID.fullmatch(given) else f"{_PROCESS}{next(_numbers):016x}"
    g.request_id_token = logs.request_id.set(g.request_id)
    g.request_started = time.perf_counter()


def _finish(response: Response) -> Response:
    if "request_id" in g:
        response.headers[HEADER] = g.request_id
    # A WebSocket's "request" lasts as long as the socket: amora_websockets_open counts those.
    if "request_started" in g and request.headers.get("Upgrade", "").lower() != "websocket":
        route = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.request_done(route, request.method, response.status_code,
                             time.perf_counter() - g.request_started)
    return response


def _forget(_error: BaseException | None) -> None:
    if "request_id_token" in g:
        with contextlib.suppress(ValueError):  # set in another context: nothing to undo
            logs.request_id.reset(g.pop("request_id_token"))


@blueprint.get("/metrics")
def exposition() -> Response:
    if not _may_read_metrics():
        abort(404)
    body, content_type = metrics.exposition(open_sockets())
    return Response(body, content_type=content_type)


def _may_read_metrics() -> bool:
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
