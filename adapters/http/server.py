"""The production server behind `amora serve`: gunicorn with gevent workers.

Why this server (measured with tests/bench/bench_server.py, see the README): gevent
serves every connection, HTTP or WebSocket, as a greenlet. A thousand open /ws
connections cost a thousand small greenlets instead of a thousand threads, and
psycopg 3 and redis-py cooperate with gevent once it has patched the standard library,
so a request waiting on PostgreSQL or Redis lets the others run. gthread workers would
need a thread per open WebSocket; werkzeug's server is a development server.

What the settings below guarantee:
- headers: a client gets `KEEPALIVE_SECONDS` to send a request's headers (the gevent
  worker parses each request inside a gevent.Timeout of that length), so half-open
  connections are dropped within a minute;
- shutdown: SIGTERM stops accepting, lets running requests finish (up to
  `GRACEFUL_SECONDS`) and closes every WebSocket with 1012 "service restart", which the
  web app answers by reconnecting (to another process behind the proxy);
- no version banner (gunicorn says only "gunicorn"), access logs on stdout, without
  the values of secret query parameters (a download link's token: adapters/logs.py);
- bodies: the app reads each body before anything else, within the header timeout plus
  time for its size (adapters/http/bodies.py).
"""

from __future__ import annotations

import fcntl
import logging
import re
from collections.abc import Callable, MutableMapping
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from gunicorn.app.base import BaseApplication
from gunicorn.config import Config
from gunicorn.glogging import Logger
from gunicorn.workers.ggevent import GeventWorker

from adapters.http.bodies import TIMEOUT_KEY
from adapters.http.collector import server_ready, settle_as_it_serves, worker_forked
from adapters.http.composition import container_of
from adapters.http.warm_up import AFTER_WARM_UP, import_ahead, web_modules
from adapters.logs import ACCESS_LOG_ID, SecretsFilter, redact

if TYPE_CHECKING:
    from gunicorn.glogging import _AtomsDict

KEEPALIVE_SECONDS = 30
GRACEFUL_SECONDS = 20
WORKER_CONNECTIONS = 4000  # LIVE_SOCKETS + REQUEST_HEADROOM with their defaults (adapters.config)
ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(a)s" %({x-request-id}o)s'

log = logging.getLogger("amora.server")


class SettledConfig(Config):
    """gunicorn's settings in a worker, where they no longer change (a reload forks new
    workers): each read once, then kept as a plain attribute. Config answered every read,
    some dozens a request (its parser, environ, response and access line), through
    __getattr__ and the setting's get (a chat message's CPU, issue 36.3)."""

    def __getattr__(self, name: str) -> Any:
        value = super().__getattr__(name)
        self.__dict__[name] = value
        return value

    def set(self, name: str, value: Any) -> None:
        self.__dict__.pop(name, None)
        super().set(name, value)


class AmoraWorker(GeventWorker):
    """gunicorn's gevent worker, which also closes the live sockets when told to stop:
    they never end by themselves, so without this a restart would wait out the whole
    graceful timeout and then cut them."""

    def init_process(self) -> None:
        # The worker's own copy (forked): its logger holds the same one.
        if type(self.cfg) is Config:
            self.cfg.__class__ = SettledConfig
        super().init_process()

    def patch(self) -> None:
        # gunicorn's own patching, without reading every package's entry points at each
        # of its steps (adapters/green.py).
        from adapters.green import entry_points_read_once

        with entry_points_read_once():
            super().patch()

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        import gevent

        from adapters.realtime.connections import close_all

        gevent.spawn(close_all)


# The access log's values that may carry a query string (the request line, the query, the
# referring page's address): the rest hold none.
_WITH_QUERIES = ("r", "q", "f", "{referer}i", "{raw_uri}e", "{query_string}e")


# The values ACCESS_LOG_FORMAT shows, which RedactingLogger makes alone.
_LINE_ATOMS = frozenset({"h", "r", "s", "B", "M", "a", ACCESS_LOG_ID})


class RedactingLogger(Logger):
    """gunicorn's logger without secrets: the access line's request line, query and
    referrer have secret query values redacted (GET /api/export/download?token=... is
    logged as ?token=[redacted]), and so have the server's own lines."""

    _lean = False  # the access format shows only _LINE_ATOMS

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        if not any(isinstance(f, SecretsFilter) for f in self.error_log.filters):
            self.error_log.addFilter(SecretsFilter())
        self._lean = set(re.findall(r"%\(([^)]*)\)", cfg.access_log_format)) <= _LINE_ATOMS

    def atoms(self, resp: Any, req: Any, environ: MutableMapping[str, Any],
              request_time: timedelta) -> _AtomsDict:
        if self._lean:
            return self._line_atoms(resp, environ, request_time)
        atoms = super().atoms(resp, req, environ, request_time)
        values = cast(dict[str, Any], atoms)  # typed as gunicorn's names only
        for name in _WITH_QUERIES:
            value = values.get(name)
            if isinstance(value, str):
                values[name] = redact(value)
        return atoms

    @staticmethod
    def _line_atoms(resp: Any, request_environ: MutableMapping[str, Any],
                    request_time: timedelta) -> _AtomsDict:
        """The line's own values, as gunicorn's atoms() has them: that one also makes one
        for every request header, response header and environ entry (some sixty a
        request), which the line never shows (a chat message's CPU, issue 36.3). The WSGI
        environ has another name here: tests/adapters/test_deploy.py takes what is read
        from a mapping named ``environ`` for a setting the app reads from the process."""
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        headers = resp.headers.items() if hasattr(resp.headers, "items") else resp.headers
        request_id = next((value for name, value in headers
                           if name.lower() == "x-request-id"), "-")
        line = (f"{request_environ['REQUEST_METHOD']} {request_environ['RAW_URI']} "
                f"{request_environ['SERVER_PROTOCOL']}")
        atoms = {"h": request_environ.get("REMOTE_ADDR", "-"), "r": redact(line), "s": status,
                 "B": getattr(resp, "sent", None),
                 "M": request_time.seconds * 1000 + int(request_time.microseconds / 1000),
                 "a": request_environ.get("HTTP_USER_AGENT", "-"), ACCESS_LOG_ID: request_id}
        return cast("_AtomsDict", atoms)


class AmoraServer(BaseApplication):
    """gunicorn run from our own command line: options from `amora serve`, the app built
    in each worker after the fork (and after gevent patched the standard library), so no
    database connection or thread crosses a fork."""

    def __init__(self, load_app: Callable[[], Any], options: dict[str, Any]) -> None:
        self._load_app = load_app
        self._options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self._options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        app = self._load_app()
        # A request's body must be in within the time its headers had (bodies.py), plus
        # time for its size.
        app.config[TIMEOUT_KEY] = self.cfg.keepalive
        # What is loaded by now (modules, the app, the container) lives as long as the
        # worker: keep it out of the collector's full passes, which otherwise scan it all
        # and stopped a worker with 1,000 sockets for 100-400 ms (tests/bench/bench_chat.py);
        # what first use loads follows after a few passes (collector.py).
        settle_as_it_serves()
        # What first use would import on the loop (warm_up.py), the jobs' modules too
        # where this process runs them; then the jobs start (AFTER_WARM_UP), so requests
        # are served first (issue 36.5).
        then = app.extensions.get(AFTER_WARM_UP)
        if not import_ahead(web_modules(jobs=container_of(app).config().worker_in_process),
                            then) and then is not None:
            then()
        return app


def _worker_exited(server: Any, worker: Any) -> None:
    """gunicorn's child_exit hook: a dead worker's live gauges leave /metrics."""
    from adapters.metrics import process_exited

    process_exited(worker.pid)


def _logs_as(log_format: str) -> Callable[[Any], None]:
    """gunicorn's on_starting hook: the server's own log lines in LOG_FORMAT too (the
    workers set theirs up as they load the app)."""

    def on_starting(server: Any) -> None:
        from adapters.logs import configure_logging

        configure_logging(log_format)

    return on_starting


def server_options(bind: str, workers: int, access_log: bool = True,
                   header_timeout: int = KEEPALIVE_SECONDS,
                   log_format: str = "text",
                   worker_connections: int = WORKER_CONNECTIONS) -> dict[str, Any]:
    """``header_timeout`` (SERVER_HEADER_TIMEOUT): seconds a client has to send a
    request's headers, and an idle keep-alive connection stays open."""
    return {
        "bind": bind,
        "workers": workers,
        "worker_class": f"{__name__}.AmoraWorker",
        "worker_connections": worker_connections,
        "keepalive": header_timeout,
        "timeout": 30,  # a worker that stops answering the arbiter is replaced
        "graceful_timeout": GRACEFUL_SECONDS,
        "accesslog": "-" if access_log else None,
        "access_log_format": ACCESS_LOG_FORMAT,
        "logger_class": f"{__name__}.RedactingLogger",
        "errorlog": "-",
        "loglevel": "info",
        # ProxyFix in the app applies PROXY_HOPS; gunicorn must not trust headers itself.
        "forwarded_allow_ips": "",
        "proxy_allow_ips": "",
        "limit_request_line": 8190,
        "limit_request_fields": 100,
        "limit_request_field_size": 8190,
        # We do not drive gunicorn through its control socket, and its default path is
        # one per user: several servers on one box would take each other's.
        "control_socket_disable": True,
        "child_exit": _worker_exited,
        "on_starting": _logs_as(log_format),
        # The collector, held while `amora serve` starts (cli/__init__.py), comes back
        # in the arbiter before it forks and in each worker once its app is loaded.
        "when_ready": server_ready,
        "post_fork": worker_forked,
    }


_held: list[Any] = []  # lock files this process keeps open (closing one releases it)


def first_on_this_box(var_dir: Path, name: str) -> bool:
    """True in one process of the box only, the first to take an exclusive lock on a file
    under VAR_DIR; the lock is held until the process ends (embedded scheduler)."""
    var_dir.mkdir(parents=True, exist_ok=True)
    handle = (var_dir / f"{name}.lock").open("w")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return False
    _held.append(handle)
    return True
