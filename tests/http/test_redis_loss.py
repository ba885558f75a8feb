"""Redis lost in the middle of a request (issue 28.6): answered 503 with Retry-After
wherever it is met, never 500. Redis is reached through a proxy the test cuts at a chosen
moment (every connection closed, new ones refused), as a Redis that dies would be."""

from __future__ import annotations

import contextlib
import logging
import select
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from sqlalchemy import event

from adapters.container import build_container
from adapters.http.app import create_app
from adapters.sql import migrate
from tests.api_client import ApiClient
from tests.conftest import REDIS_URL, make_config, seed_default_site
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_outages import assert_unavailable


class CuttableRedis:
    """A TCP proxy in front of the test Redis."""

    def __init__(self) -> None:
        target = urlsplit(REDIS_URL)
        self.target = (target.hostname or "127.0.0.1", target.port or 6379)
        self.db = target.path.lstrip("/") or "0"
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.cut_off = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/{self.db}"

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.cut_off.is_set():
                client.close()
                return
            upstream = socket.create_connection(self.target)
            self.sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()

    def _pump(self, one: socket.socket, other: socket.socket) -> None:
        pair = {one: other, other: one}
        try:
            while not self.cut_off.is_set():
                ready, _, _ = select.select(list(pair), [], [], 0.5)
                for sock in ready:
                    data = sock.recv(65536)
                    if not data:
                        return
                    pair[sock].sendall(data)
        except OSError:
            return

    def cut(self) -> None:
        """Redis is gone: open connections end, new ones are refused."""
        self.cut_off.set()
        self.listener.close()
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()


@pytest.fixture
def proxy() -> Iterator[CuttableRedis]:
    redis = CuttableRedis()
    yield redis
    redis.cut()


def _app(tmp_path: Path, web_dist: Path, redis_url: str) -> Flask:
    url = f"sqlite:///{tmp_path / 'amora.db'}"
    migrate.upgrade(url)
    built = build_container(make_config(tmp_path, DATABASE_URL=url, REDIS_URL=redis_url,
                                        RATE_LIMITS="on", WEB_DIST=str(web_dist)))
    seed_default_site(built)
    return create_app(built)


def _cut_at_the_first_statement(app: Flask, proxy: CuttableRedis) -> None:
    """Redis dies while the view works on the database (after any rate limit check)."""

    def cut(*_: Any) -> None:
        if not proxy.cut_off.is_set():
            proxy.cut()

    event.listen(app.extensions["amora"].engine(), "before_cursor_execute", cut)


def test_redis_lost_after_the_rate_limit_check_keeps_the_done_deeds_answer(
        tmp_path: Path, web_dist: Path, proxy: CuttableRedis,
        caplog: pytest.LogCaptureFixture) -> None:
    """The limiter reads Redis again after the view (its X-RateLimit headers): a Redis
    that died meanwhile made that a 500. The signup is committed by then, so its answer
    stands (without the headers); a 503 would send the visitor to sign up again."""
    app = _app(tmp_path, web_dist, proxy.url)
    client = ApiClient(app)
    _cut_at_the_first_statement(app, proxy)
    with caplog.at_level(logging.WARNING):
        answer = client.post("/api/signup", json=SIGNUP)
    assert answer.status_code == 201, answer.json
    assert "X-RateLimit-Limit" not in answer.headers
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(r.name == "amora.http" and "rate-limit headers left out" in r.getMessage()
               for r in caplog.records)
    # The next request needs Redis before it does anything: that one is the 503.
    assert_unavailable(client.post("/api/user", json={"email": SIGNUP["email"],
                                                      "password": SIGNUP["password"]}))


def test_redis_lost_before_the_change_is_announced_keeps_the_done_deed(
        tmp_path: Path, web_dist: Path, proxy: CuttableRedis) -> None:
    """The change is committed; only its announcement to the other processes (best
    effort, after the request) meets the outage: the answer is the change's."""
    app = _app(tmp_path, web_dist, proxy.url)
    client = ApiClient(app)
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    _cut_at_the_first_statement(app, proxy)
    changed = client.put("/api/profile", json={"city": "Delft"})
    assert changed.status_code == 200, changed.json
    assert_unavailable(client.post("/api/user", json={"email": SIGNUP["email"],
                                                      "password": SIGNUP["password"]}))
