"""The rate limits' window in Redis (adapters/http/limits.py, issue 36.3): after a limited
view the extension reads the limit's count and expiry for its X-RateLimit headers; they
are read in one round trip (a script), with the values the library's two reads give."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from limits import parse
from limits.storage import RedisStorage
from limits.strategies import FixedWindowRateLimiter

from adapters.container import build_container
from adapters.http import limits
from adapters.http.app import create_app
from adapters.sql import migrate
from tests.api_client import ApiClient
from tests.conftest import REDIS_URL, make_config, seed_default_site


def _app(tmp_path: Path) -> Flask:
    url = f"sqlite:///{tmp_path / 'amora.db'}"
    migrate.upgrade(url)
    built = build_container(make_config(tmp_path, DATABASE_URL=url, REDIS_URL=REDIS_URL,
                                        RATE_LIMITS="on"))
    seed_default_site(built)
    return create_app(built)


def _address() -> str:
    """A client address of this run's own: the limits' keys outlive a test in Redis."""
    return "10.{}.{}.{}".format(*secrets.token_bytes(3))


def test_a_limited_view_costs_redis_two_commands_and_tells_its_window(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(tmp_path)
    storage = limits.limiter._storage
    assert isinstance(storage, RedisStorage)
    commands: list[Any] = []
    client_of_storage: Any = storage.get_connection()
    sent = client_of_storage.execute_command

    def counted(*args: Any, **options: Any) -> Any:
        commands.append(args[0])
        return sent(*args, **options)

    monkeypatch.setattr(client_of_storage, "execute_command", counted)
    client = ApiClient(app, use_cookies=False)
    address = {"REMOTE_ADDR": _address()}
    replies = [client.post("/api/password-reset", json={"email": "a@example.com"},
                           environ_base=address) for _ in range(3)]
    assert [reply.status_code for reply in replies] == [204] * 3
    # Each: the hit, then the window for the headers (it was a GET and a TTL).
    assert len(commands) == 6 and {str(name).upper() for name in commands} == {"EVALSHA"}
    last = replies[-1].headers
    assert (last["X-RateLimit-Limit"], last["X-RateLimit-Remaining"]) == ("10", "7")
    assert abs(int(last["X-RateLimit-Reset"]) - (time.time() + 3600)) <= 2
    assert 3598 <= int(last["Retry-After"]) <= 3601


@pytest.mark.parametrize("hits", [0, 1, 30, 31])
def test_the_window_is_the_one_the_library_reads(tmp_path: Path, hits: int) -> None:
    _app(tmp_path)  # the limiter's storage, as the app sets it up
    storage = limits.limiter._storage
    assert isinstance(storage, RedisStorage)
    item, key = parse("30 per minute"), _address()
    plain, one_trip = FixedWindowRateLimiter(storage), limits.WindowInOneTrip(storage)
    for _ in range(hits):
        plain.hit(item, key)
    expected, found = plain.get_window_stats(item, key), one_trip.get_window_stats(item, key)
    assert found.remaining == expected.remaining == max(0, 30 - hits)
    assert abs(found.reset_time - expected.reset_time) < 1
    assert isinstance(limits.limiter._limiter, limits.WindowInOneTrip)


def test_a_views_limits_are_parsed_once(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """flask-limiter parses a limited view's text at each request (twice); it takes the
    items parsed once (limits.parsed_limits). Should the extension stop looking its
    parser up there, this fails, not the limits: they are counted as before."""
    from flask_limiter import _limits as route_limits

    app = _app(tmp_path)
    looked_up: Any = route_limits.parse_many  # type: ignore[attr-defined]
    assert looked_up is limits.parsed_limits
    parsed: list[str] = []
    parse_many = limits.parse_many  # type: ignore[attr-defined]

    def counted(text: str) -> Any:
        parsed.append(text)
        return parse_many(text)

    limits.parsed_limits.cache_clear()
    monkeypatch.setattr(limits, "parse_many", counted)
    client = ApiClient(app, use_cookies=False)
    address = {"REMOTE_ADDR": _address()}
    replies = [client.post("/api/password-reset", json={"email": "a@example.com"},
                           environ_base=address) for _ in range(3)]
    assert [reply.headers["X-RateLimit-Remaining"] for reply in replies] == ["9", "8", "7"]
    assert parsed == [limits.PASSWORD_RESET]
    limits.parsed_limits.cache_clear()  # not the counting parser's items for later tests
