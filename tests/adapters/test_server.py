"""`amora serve` is the production server (issue 16.1): run as operators run it, in a
subprocess on a free port, and checked for what the issue requires: no version banner,
access logs, half-open connections dropped, live sockets without a thread each, and a
SIGTERM that closes live sockets with 1012 (reconnect) and exits cleanly.

Every wait here waits for a condition with a generous deadline, never for a duration."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import simple_websocket

from adapters.container import build_container
from adapters.sql import migrate
from domain.pricing import Bundle
from tests.conftest import make_config, seed_default_site
from tests.http.test_accounts_api import SIGNUP
from tests.sockets import received

AMORA = str(Path(sys.executable).with_name("amora"))
DEADLINE = 90.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _until(check: Callable[[], object], what: str) -> object:
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


class Served:
    """`amora serve` on a SQLite database in ``tmp_path``; ``fresh``: migrate and seed
    first (else the server comes back on the data a previous one left)."""

    def __init__(self, tmp_path: Path, workers: int = 1, env: dict[str, str] | None = None,
                 port: int | None = None, fresh: bool = True) -> None:
        self.port = port or _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        database = f"sqlite:///{tmp_path / 'amora.db'}"
        settings = {"VAR_DIR": str(tmp_path / "var"), "DATABASE_URL": database,
                    "WEB_DIST": str(tmp_path / "dist"), "SECRET_KEY": "test-secret",
                    "RATE_LIMITS": "off", "BASE_URL": self.url}
        if fresh:
            migrate.upgrade(database)
            container = build_container(make_config(tmp_path, **settings))
            seed_default_site(container)
            with container.unit_of_work() as work:
                work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=100,
                                                       price=1499, currency="EUR")])
                work.commit()
            container.engine().dispose()
        self.log = (tmp_path / f"serve-{time.monotonic_ns()}.log").open("w+")
        self.process = subprocess.Popen(
            [AMORA, "serve", "--port", str(self.port), "--workers", str(workers)],
            env={**os.environ, **settings, "SERVER_HEADER_TIMEOUT": "2", **(env or {})},
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        _until(self._healthy, "the server to answer")

    def _healthy(self) -> bool:
        try:
            return requests.get(f"{self.url}/api/health", timeout=5).status_code == 200
        except requests.RequestException:
            return False

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def workers(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()]

    def crash(self) -> None:
        """kill -9 of the server and its worker processes, as a power cut would."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(DEADLINE)
        self.log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(DEADLINE)
        self.log.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = Served(tmp_path_factory.mktemp("served"))
    yield server
    server.stop()


def _member_cookie(served: Served) -> str:
    answer = requests.post(f"{served.url}/api/signup", timeout=30,
                        json={**SIGNUP, "email": f"m{time.monotonic_ns()}@example.com"},
                        headers={"Origin": served.url})
    assert answer.status_code == 201, answer.text
    return f"auth._token={answer.cookies['auth._token']}"


def _live_socket(served: Served, cookie: str) -> simple_websocket.Client:
    return simple_websocket.Client.connect(f"ws://127.0.0.1:{served.port}/ws",
                                           headers={b"Cookie": (cookie).encode()})


def test_no_version_banner_and_an_access_log(served: Served) -> None:
    answer = requests.get(f"{served.url}/api/health", timeout=30)
    banner = answer.headers.get("Server", "")
    assert not any(ch.isdigit() for ch in banner) and "/" not in banner
    assert "Werkzeug" not in banner and "Python" not in banner
    _until(lambda: '"GET /api/health HTTP/1.1" 200' in served.output(), "the access log")


def test_a_client_that_never_finishes_its_headers_is_dropped(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=DEADLINE) as slow:
        slow.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1")  # never ends
        assert slow.recv(1024) == b""  # the server closed it (after SERVER_HEADER_TIMEOUT)


def test_live_sockets_do_not_take_a_thread_each(served: Served) -> None:
    cookie = _member_cookie(served)
    sockets = [_live_socket(served, cookie) for _ in range(150)]
    try:
        for ws in sockets:
            assert '"hello"' in received(ws, DEADLINE)
        [worker] = served.workers()
        status = Path(f"/proc/{worker}/status").read_text()
        threads = int(next(line.split()[1] for line in status.splitlines()
                           if line.startswith("Threads:")))
        assert threads < 30, f"{threads} threads for 150 sockets"
    finally:
        for ws in sockets:
            ws.close()


def test_sigterm_closes_live_sockets_with_a_reconnect_hint(tmp_path: Path) -> None:
    server = Served(tmp_path)
    try:
        ws = _live_socket(server, _member_cookie(server))
        assert '"hello"' in received(ws, DEADLINE)
        server.process.send_signal(signal.SIGTERM)
        with pytest.raises(simple_websocket.ConnectionClosed) as closed:
            while True:
                ws.receive(timeout=DEADLINE)
        assert closed.value.reason == 1012
        assert server.process.wait(DEADLINE) == 0
    finally:
        server.stop()


def test_a_payment_confirmed_just_before_a_crash_is_credited_after_the_restart(
        tmp_path: Path) -> None:
    """The first server runs no jobs (as if it died before getting to them): the payer
    pays, the server is killed with SIGKILL, and the next server credits the order from
    the outbox without anyone replaying the webhook."""
    first = Served(tmp_path, env={"WORKER_IN_PROCESS": "0"})
    cookie = _member_cookie(first)
    headers = {"Cookie": cookie, "Origin": first.url}
    bundle = requests.get(f"{first.url}/api/bundles", headers=headers,
                          timeout=30).json()["bundles"][0]["id"]
    started = requests.post(f"{first.url}/api/orders", headers=headers, timeout=30,
                            json={"delivery_consent": True,
                                  "bundle": bundle, "method": "ideal"}).json()
    paid = requests.post(started["checkout_url"], data={"outcome": "paid"}, timeout=30,
                         allow_redirects=False)
    assert paid.status_code == 303
    first.crash()
    second = Served(tmp_path, port=first.port, fresh=False)
    try:
        def credited() -> bool:
            user = requests.get(f"{second.url}/api/user", headers=headers, timeout=30)
            return bool(user.json()["user"]["credits"] >= 100)

        _until(credited, "the order's credits after the restart")
        order = requests.get(f"{second.url}/api/orders/{started['order']}", headers=headers,
                             timeout=30).json()["order"]
        assert order["status"] == "paid"
    finally:
        second.stop()


@pytest.mark.parametrize("raw_uri", ["/api/members/7/messages",
                                     "/api/export/download?token=s3cr3t&lang=en"])
def test_the_access_line_is_the_one_gunicorn_would_write(raw_uri: str) -> None:
    """RedactingLogger makes only the access line's own values (issue 36.3): the line reads
    as it did when gunicorn made one for every header and environ entry too."""
    from datetime import timedelta
    from types import SimpleNamespace

    from gunicorn.config import Config
    from gunicorn.glogging import Logger, SafeAtoms

    from adapters.http.server import ACCESS_LOG_FORMAT, RedactingLogger
    from adapters.logs import redact

    cfg = Config()
    cfg.set("access_log_format", ACCESS_LOG_FORMAT)
    logger = RedactingLogger(cfg)
    assert logger._lean
    response: Any = SimpleNamespace(status="201 CREATED", sent=87, headers=[
        ("Content-Type", "application/json"), ("X-Request-ID", "4f2a0000000000000011")])
    request: Any = SimpleNamespace(headers=[("HOST", "amora.test"), ("USER-AGENT", 'say "hi"')])
    environ = {"REQUEST_METHOD": "POST", "RAW_URI": raw_uri, "SERVER_PROTOCOL": "HTTP/1.1",
               "REMOTE_ADDR": "203.0.113.9", "HTTP_USER_AGENT": 'say "hi"',
               "HTTP_HOST": "amora.test", "wsgi.url_scheme": "http"}
    took = timedelta(microseconds=12_345)
    full: Any = Logger.atoms(logger, response, request, environ, took)
    full["r"] = redact(full["r"])  # as RedactingLogger redacts gunicorn's own
    lean: Any = logger.atoms(response, request, environ, took)
    assert ACCESS_LOG_FORMAT % SafeAtoms(lean) == ACCESS_LOG_FORMAT % SafeAtoms(full)
    assert "s3cr3t" not in ACCESS_LOG_FORMAT % SafeAtoms(lean)
    cfg.set("access_log_format", ACCESS_LOG_FORMAT + " %(U)s")  # another format: all values
    assert not RedactingLogger(cfg)._lean


def test_a_workers_settings_are_read_once_and_still_set() -> None:
    """SettledConfig (issue 36.3) answers every setting as gunicorn's Config does, keeps
    what it read, and forgets it when the setting is set again."""
    from gunicorn.config import Config

    from adapters.http.server import SettledConfig, server_options

    plain, settled = Config(), Config()
    options = server_options("127.0.0.1:8000", 2)
    for cfg in (plain, settled):
        for name, value in options.items():
            cfg.set(name, value)
    settled.__class__ = SettledConfig
    for name in plain.settings:
        assert getattr(settled, name) == getattr(plain, name), name
    assert settled.keepalive == 30 and "keepalive" in settled.__dict__
    settled.set("keepalive", 5)
    assert settled.keepalive == 5
    with pytest.raises(AttributeError):
        settled.no_such_setting  # noqa: B018


def test_the_embedded_jobs_run_once_the_server_serves(served: Served, tmp_path: Path) -> None:
    """The worker and the scheduler start after the warm-up (issue 36.5): a sign-up's
    activation mail still goes out, and this box's first process runs the scheduler."""
    email = f"jobs{time.monotonic_ns()}@example.com"
    answer = requests.post(f"{served.url}/api/signup", timeout=30,
                           json={**SIGNUP, "email": email}, headers={"Origin": served.url})
    assert answer.status_code == 201, answer.text
    mail = Path(served.log.name).parent / "var" / "mail"

    def mailed() -> bool:
        return any(email in letter.read_text(errors="replace") for letter in mail.glob("*.eml"))

    _until(mailed, "the activation mail")
    assert (mail.parent / "scheduler.lock").exists()
