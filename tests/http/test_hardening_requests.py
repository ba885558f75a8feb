"""Requests that must not hurt anyone but their sender (issue 28.2 and 28.6): a body is
read in full, within its limit, before any database connection is taken; JSON too deep
or too large is refused as the client's mistake (400, 413), never a 500 nor seconds of
CPU; OPTIONS names only the methods a path has; /api/ready is for operators and cheap.

The slow bodies against the real server are in tests/adapters/test_server_bodies.py."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask

from adapters.http import health
from adapters.http.bodies import BODY_LIMIT
from tests.api_client import ApiClient
from tests.http.test_profile_api import signed_in

_BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")
_CATCH_ALLS = ("web.api_miss", "web.spa")


class Probe(io.BytesIO):
    """A request body that notes, at every read, how many pooled database connections
    are checked out."""

    def __init__(self, data: bytes, pool: Any) -> None:
        super().__init__(data)
        self.pool = pool
        self.checked_out: list[int] = []

    def read(self, size: int | None = -1) -> bytes:
        self.checked_out.append(self.pool.checkedout())
        return super().read(size)

    def readinto(self, buffer: Any) -> int:
        self.checked_out.append(self.pool.checkedout())
        return super().readinto(buffer)

    def readline(self, size: int | None = -1) -> bytes:
        self.checked_out.append(self.pool.checkedout())
        return super().readline(size)


def _body_routes(app: Flask) -> list[tuple[str, str]]:
    """Every (method, path) that takes a body, with its placeholders filled in."""
    routes = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in _CATCH_ALLS:
            continue
        path = re.sub(r"<int:[^>]+>", "1", rule.rule)
        path = re.sub(r"<[^>]+>", "x", path)
        routes += [(method, path) for method in _BODY_METHODS if method in (rule.methods or ())]
    return sorted(routes)


def test_no_connection_is_checked_out_before_the_body_is_in(client: ApiClient,
                                                            app: Flask) -> None:
    """The reproducer of the slow bodies (issue 28.2): a signed-in view looked its member
    up, checking out a connection, and only then read the body; a slow body held that
    connection. Every route that takes a body reads all of it first."""
    signed_in(client)
    pool = app.extensions["amora"].engine().pool
    routes = _body_routes(app)
    assert ("POST", "/api/members/1/messages") in routes and ("PUT", "/api/profile") in routes
    late = []
    for method, path in routes:
        body = b'{"text": "hello there"}'
        probe = Probe(body, pool)
        client.open(path, method=method, input_stream=probe, content_length=len(body),
                    content_type="application/json")
        if not probe.checked_out or any(probe.checked_out) or probe.tell() != len(body):
            late.append(f"{method} {path}: {probe.checked_out}, read {probe.tell()}")
    assert not late, "\n".join(late)


def test_a_body_is_read_once_and_the_view_still_gets_it(client: ApiClient) -> None:
    signed_in(client)
    changed = client.put("/api/profile", json={"city": "Delft"})
    assert changed.status_code == 200 and changed.json["profile"]["city"] == "Delft"


@pytest.mark.parametrize("body", ["[" * 100_000, '{"a":' * 20_000, "[" * 5_000 + "]" * 5_000])
def test_json_nested_too_deep_is_invalid_json(client: ApiClient, body: str) -> None:
    """It was a RecursionError: a 500 (issue 28.6)."""
    signed_in(client)
    for method, path in (("POST", "/api/complaints"), ("PUT", "/api/profile"),
                         ("POST", "/api/members/1/messages")):
        answer = client.open(path, method=method, data=body, content_type="application/json")
        assert answer.status_code == 400, (path, answer.json)
        assert answer.json == {"error": "invalid_json", "params": {}}


def test_a_body_over_the_limit_is_413_unread(client: ApiClient, app: Flask) -> None:
    """An 8M-item list cost 6.4 s of CPU before it was refused: a body larger than the
    limit is refused from its Content-Length, before a byte is read or parsed."""
    signed_in(client)
    items = b"[" + b"1," * 8_000_000 + b"1]"
    probe = Probe(items, app.extensions["amora"].engine().pool)
    answer = client.post("/api/complaints", input_stream=probe, content_length=len(items),
                         content_type="application/json")
    assert answer.status_code == 413
    assert answer.json == {"error": "request_too_large", "params": {}}
    assert probe.tell() == 0


def test_a_chunked_body_over_the_limit_is_413_as_it_passes_it(client: ApiClient) -> None:
    """A 26 MB body answered 400 (the size error was taken for bad JSON): 413, and the
    reading stops at the limit."""
    signed_in(client)
    stream = io.BytesIO(b"[" + b"1," * (13 * 1024 * 1024) + b"1]")
    answer = client.post("/api/members/1/messages", input_stream=stream,
                         content_type="application/json",
                         headers={"Transfer-Encoding": "chunked"},
                         environ_overrides={"wsgi.input_terminated": True})
    assert answer.status_code == 413
    assert answer.json["error"] == "request_too_large"
    assert stream.tell() <= 2 * BODY_LIMIT


def test_the_largest_legitimate_json_body_fits(client: ApiClient) -> None:
    """A complaint of 5,000 characters and a name of 100 with every one \\u-escaped (as
    json.dumps sends non-ASCII text) and 100 message ids is within the limit."""
    body = json.dumps({"category": "other", "text": "\U0001f600" * 5_000,
                       "email": "a@example.com", "message_ids": [2147483647] * 100,
                       "name": "\U0001f600" * 100, "good_faith": True, "language": "en",
                       "item_kind": "message", "item_id": 2147483647})
    assert body.count("\\ud83d\\ude00") == 5_100  # json.dumps escapes non-ASCII text
    assert len(body) < BODY_LIMIT
    answer = client.post("/api/complaints", data=body, content_type="application/json")
    assert answer.status_code != 413, answer.json


def test_a_photo_upload_may_be_larger_than_a_json_body(client: ApiClient) -> None:
    signed_in(client)
    upload = {"file": (io.BytesIO(b"\x00" * (4 * BODY_LIMIT)), "big.jpg")}
    answer = client.post("/api/photos", data=upload, content_type="multipart/form-data")
    assert answer.status_code == 400 and answer.json["error"] == "photo_invalid"
    too_large = client.post("/api/photos", content_type="multipart/form-data",
                            data={"file": (io.BytesIO(b"\x00" * (26 * 1024 * 1024)), "x.jpg")})
    assert too_large.status_code == 413


# --- OPTIONS -------------------------------------------------------------------------


def _allow(answer: Any) -> list[str]:
    return [method.strip() for method in answer.headers["Allow"].split(",")]


def test_options_names_only_the_methods_a_path_has(client: ApiClient) -> None:
    """The API's catch-all takes every method (to answer 404/405): OPTIONS advertised them
    all for every API path (issue 28.6)."""
    health_options = client.options("/api/health")
    assert health_options.status_code == 200
    assert _allow(health_options) == ["GET", "HEAD", "OPTIONS"]
    assert _allow(client.options("/api/photos")) == ["OPTIONS", "POST"]
    assert _allow(client.options("/api/password-reset")) == ["OPTIONS", "POST"]
    assert _allow(client.options("/members")) == ["GET", "HEAD", "OPTIONS"]
    assert client.options("/api/nothing-here").status_code == 404


# --- /api/ready ------------------------------------------------------------------------

OUTSIDER = {"REMOTE_ADDR": "203.0.113.5"}


@pytest.fixture
def ready_app(tmp_path: Path) -> Any:
    from tests.conftest import REDIS_URL
    from tests.http.test_observability import _app

    with _app(tmp_path, REDIS_URL=REDIS_URL) as app:
        yield app


def test_ready_is_for_operators_only(ready_app: Flask) -> None:
    """It named the services and their state to anyone (issue 28.6): now as /metrics."""
    client = ApiClient(ready_app)
    assert client.get("/api/ready", environ_base=OUTSIDER).status_code == 404
    # A local proxy forwarding someone's request is not a local client.
    assert client.get("/api/ready", headers={"X-Forwarded-For": "203.0.113.5"}
                      ).status_code == 404
    assert client.get("/api/ready", environ_base=OUTSIDER,
                      headers={"Authorization": "Bearer wrong"}).status_code == 404
    from tests.http.test_observability import TOKEN

    with_token = client.get("/api/ready", environ_base=OUTSIDER,
                            headers={"Authorization": f"Bearer {TOKEN}"})
    assert with_token.status_code == 200
    assert with_token.json["checks"] == {"database": "ok", "redis": "ok", "files": "ok"}
    assert client.get("/api/ready").status_code == 200  # loopback, directly


def test_ready_keeps_one_redis_client_and_its_answer_a_few_seconds(
        ready_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each call opened a Redis connection of its own (issue 28.6)."""
    made: list[str] = []
    from_url = redis.Redis.from_url

    def counted(url: str, **options: Any) -> Any:
        made.append(url)
        return from_url(url, **options)

    monkeypatch.setattr(redis.Redis, "from_url", counted)
    client = ApiClient(ready_app)
    now = [1000.0]
    with ready_app.app_context():
        readiness = health.readiness()
    readiness.clock = lambda: now[0]
    checked: list[str] = []
    database = health._database

    def counted_database(built: Any) -> None:
        checked.append("db")
        database(built)

    monkeypatch.setattr(health, "_database", counted_database)
    for _ in range(3):
        assert client.get("/api/ready").status_code == 200
    assert checked == ["db"]  # answered from the first check
    now[0] += health.READY_FRESH_FOR
    for _ in range(3):
        assert client.get("/api/ready").status_code == 200
        now[0] += health.READY_FRESH_FOR
    assert checked == ["db"] * 4
    assert len(made) == 1  # one client, its connection kept in its pool


# --- logs ------------------------------------------------------------------------------


def test_log_lines_leave_out_a_links_secret() -> None:
    """The access line is redacted in the server (tests/adapters/test_server_bodies.py);
    any other line that names a link (a warning, a library's message) is here."""
    import logging

    from adapters.logs import configure_logging

    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    stream = io.StringIO()
    root.handlers = [logging.StreamHandler(stream)]
    try:
        configure_logging("text")
        logging.getLogger("amora.test").warning(
            "could not serve %s", "/api/export/download?token=s3cr3t&lang=en")
        logging.getLogger("amora.test").warning("100% done, /unsubscribe?all=1&token=t0k")
    finally:
        root.handlers, root.level = saved, level
    written = stream.getvalue()
    assert "s3cr3t" not in written and "t0k" not in written
    assert "/api/export/download?token=[redacted]&lang=en" in written
    assert "100% done, /unsubscribe?all=1&token=[redacted]" in written


def test_a_form_is_parsed_with_the_body_and_a_json_body_kept_for_get_json() -> None:
    """read_body hands werkzeug's form parser only forms (issue 36.3): a JSON body is kept
    as bytes, and either is the view's as before."""
    from flask import request

    from adapters.http.bodies import init_bodies

    app = Flask(__name__)
    init_bodies(app)

    @app.post("/echo")
    def echo() -> dict[str, Any]:
        parsed = "form" in request.__dict__  # parsed before the view, with the body
        return {"parsed": parsed, "form": request.form.to_dict(),
                "json": request.get_json(silent=True), "files": len(request.files)}

    client = app.test_client()
    form = client.post("/echo", data={"city": "Delft"}).json
    assert form == {"parsed": True, "form": {"city": "Delft"}, "json": None, "files": 0}
    upload = client.post("/echo", data={"photo": (io.BytesIO(b"x" * 10), "a.jpg")}).json
    assert upload == {"parsed": True, "form": {}, "json": None, "files": 1}
    sent = client.post("/echo", json={"text": "hello"}).json
    assert sent == {"parsed": False, "form": {}, "json": {"text": "hello"}, "files": 0}
