"""Slow and large bodies against `amora serve` itself (issue 28.2), and what its logs
leave out (issue 28.6).

Twenty members' requests whose bodies never finish held a pooled database connection
each (the session lookup came before the body), and every other request, health checks
included, waited for the pool and answered 503. Now a body is read in full before
anything is looked up: while bodies are pending the server answers everyone else, and a
body that does not arrive in time is a 408. Every wait here waits for a condition."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import pytest
import requests

from tests.adapters.test_server import DEADLINE, Served, _member_cookie, _until
from tests.sockets import received

SLOW_BODIES = 20  # more than SQLite's pool of 15 (PostgreSQL's: 30)
BODY_SECONDS = 4  # SERVER_HEADER_TIMEOUT: the time a body gets (plus time for its size)
TOKEN = "ready-token"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = Served(tmp_path_factory.mktemp("bodies"),
                    env={"SERVER_HEADER_TIMEOUT": str(BODY_SECONDS), "METRICS_TOKEN": TOKEN})
    yield server
    server.stop()


def _slow_request(served: Served, cookie: str, path: str = "/api/members/1/messages",
                  length: int = 100) -> socket.socket:
    """A request whose headers are all sent and whose body stops after its first bytes.
    Returns once the server started on it (it says `100 Continue` just before it calls
    the app)."""
    sock = socket.create_connection(("127.0.0.1", served.port), timeout=DEADLINE)
    sock.sendall((f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
                  f"Content-Type: application/json\r\nContent-Length: {length}\r\n"
                  "Expect: 100-continue\r\n\r\n").encode())
    assert sock.recv(64).startswith(b"HTTP/1.1 100 Continue")
    sock.sendall(b'{"text": "')
    return sock


def _answer(sock: socket.socket) -> tuple[int, dict[str, object]]:
    """The status and JSON body of the response on ``sock``."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, data
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:")))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk
        body += chunk
    return int(head.split()[1]), json.loads(body[:length])


def test_slow_bodies_leave_the_pool_to_everyone_else(served: Served) -> None:
    cookie = _member_cookie(served)
    slow = [_slow_request(served, cookie) for _ in range(SLOW_BODIES)]
    try:
        health = requests.get(f"{served.url}/api/health", timeout=DEADLINE)
        assert health.status_code == 200, health.text
        user = requests.get(f"{served.url}/api/user", headers={"Cookie": cookie},
                            timeout=DEADLINE)
        assert user.status_code == 200
        # A body that does arrive is answered as ever.
        slow[0].sendall(b'hello", "key": "k-1"}'.ljust(100 - len(b'{"text": "')))
        status, _ = _answer(slow[0])
        assert status not in (408, 500, 503)
        # The others never finish: 408 once their time is up, and the server is whole.
        for sock in slow[1:]:
            status, body = _answer(sock)
            assert (status, body) == (408, {"error": "request_timeout", "params": {}})
        assert requests.get(f"{served.url}/api/health", timeout=DEADLINE).status_code == 200
    finally:
        for sock in slow:
            sock.close()


def test_a_body_larger_than_the_limit_is_refused_before_it_is_sent(served: Served) -> None:
    """413 from the Content-Length alone (a 26 MB body answered 400)."""
    cookie = _member_cookie(served)
    with socket.create_connection(("127.0.0.1", served.port), timeout=DEADLINE) as sock:
        sock.sendall((f"POST /api/complaints HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}"
                      "\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {26 * 1024 * 1024}\r\n\r\n").encode())
        assert _answer(sock) == (413, {"error": "request_too_large", "params": {}})


def test_a_chunked_body_is_refused_as_it_passes_the_limit(served: Served) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(26 * 16):
            yield b"x" * 65536

    answer = requests.post(f"{served.url}/api/complaints", data=chunks(), timeout=DEADLINE,
                           headers={"Content-Type": "application/json"})
    assert answer.status_code == 413
    assert answer.json() == {"error": "request_too_large", "params": {}}


def test_the_access_log_leaves_out_a_links_secret(served: Served) -> None:
    """The data export's download link was written to the access log token and all."""
    secret = f"s3cr3t-{time.monotonic_ns()}"
    requests.get(f"{served.url}/api/export/download?token={secret}&lang=en", timeout=DEADLINE)
    _until(lambda: "/api/export/download?token=[redacted]&lang=en" in served.output(),
           "the access log line")
    assert secret not in served.output()


def test_live_sockets_still_open(served: Served) -> None:
    from tests.adapters.test_server import _live_socket

    ws = _live_socket(served, _member_cookie(served))
    try:
        assert '"hello"' in received(ws, DEADLINE)
    finally:
        ws.close()


def test_ready_answers_only_loopback_or_the_token(served: Served) -> None:
    """Behind nginx (a forwarded request), /api/ready is a 404 unless the token is sent."""
    assert requests.get(f"{served.url}/api/ready", timeout=DEADLINE).status_code == 200
    forwarded = {"X-Forwarded-For": "203.0.113.5"}
    assert requests.get(f"{served.url}/api/ready", headers=forwarded,
                        timeout=DEADLINE).status_code == 404
    assert requests.get(f"{served.url}/api/ready", timeout=DEADLINE,
                        headers={**forwarded, "Authorization": f"Bearer {TOKEN}"}
                        ).status_code == 200
