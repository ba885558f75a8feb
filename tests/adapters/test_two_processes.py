"""Two `amora serve` processes sharing PostgreSQL and Redis: a message sent through one
reaches a member connected to the other."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, date, datetime
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
import simple_websocket

from adapters.container import Container, build_container
from adapters.sql import migrate
from domain.members import AccountStatus, Member, Profile
from tests.conftest import make_config, seed_default_site
from tests.sockets import received

ROOT = Path(__file__).resolve().parents[2]
REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
PASSWORD = "correct horse battery"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "cli.main", "serve"], cwd=ROOT,
                               env={**env, "PORT": str(port)}, stdout=subprocess.DEVNULL,
                               stderr=(Path(env["VAR_DIR"]) / f"serve-{port}.log").open("w"))
    base = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://{base}/api/health", timeout=1)
            return process, base
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise RuntimeError("amora serve did not start") from None
            time.sleep(0.2)


@pytest.fixture
def two_servers(postgres_database: str, tmp_path: Path) -> Iterator[tuple[str, str, Container]]:
    migrate.downgrade(postgres_database, "base")
    migrate.upgrade(postgres_database)
    env = {**os.environ, "DATABASE_URL": postgres_database, "REDIS_URL": REDIS,
           "VAR_DIR": str(tmp_path), "SECRET_KEY": "two-processes", "RATE_LIMITS": "off",
           "WORKER_IN_PROCESS": "0", "WEB_DIST": str(tmp_path / "dist")}
    container = build_container(make_config(tmp_path, DATABASE_URL=postgres_database,
                                            REDIS_URL=REDIS))
    seed_default_site(container)
    first, second = _serve(env), _serve(env)
    try:
        yield first[1], second[1], container
    finally:
        for process, _ in (first, second):
            process.terminate()
            process.wait(10)
        container.engine().dispose()
        migrate.downgrade(postgres_database, "base")


def _member(container: Container, name: str, gender: str) -> int:
    profile = Profile(name=name, gender=gender, birth_date=date(1990, 1, 1), country="NL")
    member = Member(id=0, site_id=1, email=f"{name.lower()}@example.com",
                    status=AccountStatus.ACTIVE, language="nl",
                    created_at=datetime.now(UTC), profile=profile,
                    password_hash=container.passwords().hash(PASSWORD))
    with container.unit_of_work() as work:
        member_id = work.members.add(member).id
        work.commit()
    return int(member_id)


def _login(base: str, email: str) -> str:
    request = urllib.request.Request(
        f"http://{base}/api/user", data=json.dumps({"email": email, "password": PASSWORD})
        .encode(), headers={"Content-Type": "application/json", "Host": "amora.test"},
        method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        cookie = SimpleCookie(answer.headers["Set-Cookie"])
    return cookie["auth._token"].value


def test_a_message_crosses_processes(two_servers: tuple[str, str, Container]) -> None:
    first, second, container = two_servers
    ann, bob = _member(container, "Ann", "female"), _member(container, "Bob", "male")
    ann_token, bob_token = _login(first, "ann@example.com"), _login(second, "bob@example.com")
    bob_ws = simple_websocket.Client.connect(
        f"ws://{second}/ws", headers={b"Cookie": f"auth._token={bob_token}".encode()})
    try:
        bob_ws.send(json.dumps({"type": "ping"}))  # flushes the hello (see test_realtime)
        assert json.loads(received(bob_ws, 5))["type"] == "hello"
        request = urllib.request.Request(
            f"http://{first}/api/members/{bob}/messages",
            data=json.dumps({"text": "across the wire"}).encode(),
            headers={"Content-Type": "application/json", "Host": "amora.test",
                     "Cookie": f"auth._token={ann_token}"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 201
        while (event := json.loads(received(bob_ws, 5)))["type"] == "pong":
            pass
        assert event["type"] == "message" and event["message"]["text"] == "across the wire"
        assert event["message"]["sender_id"] == ann
        # A ban from the operators' command line closes Bob's socket on the other process.
        container.moderation().ban(bob, "spam", "pytest")
        assert json.loads(received(bob_ws, 5))["type"] == "session_revoked"
    finally:
        with contextlib.suppress(simple_websocket.ConnectionClosed):
            bob_ws.close()
