"""Rate limits per client address on the endpoints strangers can hammer (flask-limiter;
in memory embedded, in Redis when scaled out so every process counts together)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from flask import Flask, Response, request
from flask.globals import request_ctx
from flask_limiter import Limiter, RequestLimit
from flask_limiter import _limits as route_limits
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, WindowStats, parse_many
from limits.storage import RedisStorage
from limits.strategies import FixedWindowRateLimiter

from adapters.green import redis_checks_without_the_hub
from adapters.http.errors import error_response, outage_cause
from adapters.outages import outages

log = logging.getLogger("amora.http")
limiter = Limiter(key_func=get_remote_address, headers_enabled=True,
                  on_breach=lambda limit: _breached(limit))

LOGIN = "30 per 10 minutes"
SIGNUP = "10 per hour"
PASSWORD_RESET = "10 per hour"
TOKENS = "60 per hour"
MESSAGES = "30 per minute"
SMS = "10 per hour"
PHOTO_UPLOADS = "30 per hour"  # per member: each upload may cost a full image decode
APPEALS = "10 per hour"  # per member: each appeal waits for an operator to read it
EXPORTS = "5 per day"  # per member: each copy zips every photo and message
PUSH = "60 per 10 minutes"  # a browser (re)sends its subscription at each login
# Setting up two-factor sign-in, its first code and new recovery codes (issue 33.2), per
# member: each batch of recovery codes is ten argon2 hashes. The sign-in's second step
# has the LOGIN limit (its wrong codes count towards the login lockout as well).
TWO_FACTOR_CHANGES = "20 per 10 minutes"
# A signed-in member's password typed again (a new password or e-mail address, deletion,
# the data export): each check is an argon2 hash (64 MiB, 0.1-0.2 s of CPU), and its
# wrong guesses count toward the login lockout too (application.shared.password_checks). These
# endpoints share one bucket per member (however many addresses it comes from) and one
# per address (however many members it signs in).
PASSWORD_CHECKS = "10 per 10 minutes"
PASSWORD_CHECKS_PER_ADDRESS = "30 per 10 minutes"
# A signed-in member's passkey ceremonies (adding one, confirming the session with one):
# each is two requests, options and the answer, per member.
PASSKEYS = "30 per 10 minutes"


def is_push() -> bool:
    """POST /api/user?push=1 stores a push subscription: its own bucket, not the login one."""
    return request.args.get("push") == "1"


def is_not_push() -> bool:
    return not is_push()


def per_member() -> str:
    """The signed-in member's key (so one member cannot spread uploads over addresses,
    nor one shared address hold back its members); the address for visitors."""
    from adapters.http.session import current_member

    member = current_member()
    return f"member:{member.id}" if member is not None else get_remote_address()


def password_checks(view: Callable[..., Any]) -> Callable[..., Any]:
    """Both PASSWORD_CHECKS buckets on a view that takes the member's password."""
    per_address = limiter.shared_limit(PASSWORD_CHECKS_PER_ADDRESS, scope="password_address")
    return limiter.shared_limit(PASSWORD_CHECKS, scope="password_member",
                                key_func=per_member)(per_address(view))


def _breached(limit: RequestLimit) -> Response:
    response, status = error_response(429, "too_many_requests")
    response.status_code = status
    return response


def init_limits(app: Flask, redis_url: str | None, enabled: bool) -> None:
    app.config.setdefault("RATELIMIT_STORAGE_URI", redis_url or "memory://")
    app.config.setdefault("RATELIMIT_ENABLED", enabled)
    limiter.init_app(app)
    # Its Redis client takes a pooled connection for each command, checked for unread data
    # first: under gevent without a turn of the hub (adapters/green.py). Without Redis the
    # client is never loaded (outages.py).
    if redis_url:
        redis_checks_without_the_hub()
    # A limited view's limits are its decorator's text, which the extension parses again
    # at every request (twice a request), 10 us each: parsed once here.
    route_limits.parse_many = parsed_limits  # type: ignore[attr-defined,assignment]
    storage = limiter._storage
    if limiter._strategy == "fixed-window" and isinstance(storage, RedisStorage):
        limiter._limiter = WindowInOneTrip(storage)
    # Every limit here decorates its view, and a decorated view checks its own limits
    # when called; the extension's check before every request only adds default and
    # blueprint limits, which Amora has none of, at a third of a trivial request's time.
    hooks = app.before_request_funcs.get(None, [])
    if limiter._check_request_limit in hooks:  # not there when limits are off
        hooks.remove(limiter._check_request_limit)
    # Its two hooks after every request (the rate-limit headers, then dropping its state
    # for the request) have nothing to do where no limit was checked: every page, GET
    # /api/user. They cost a tenth of such a request, so they run only after a check.
    after = app.after_request_funcs.get(None, [])
    teardown = app.teardown_request_funcs.get(None, [])
    after[:] = [_after_a_check(hook) if isinstance(hook, partial) and hook.args[:1] == (limiter,)
                else hook for hook in after]
    teardown[:] = [_after_a_check(hook) if getattr(hook, "__self__", None) is limiter
                   else hook for hook in teardown]


@lru_cache(maxsize=64)
def parsed_limits(text: str) -> tuple[RateLimitItem, ...]:
    """limits' parse_many, once for each text (its items are never changed, only read).
    A text it refuses raises each time, as before: an exception is not kept."""
    return tuple(parse_many(text))


def _after_a_check(hook: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The extension keeps its state for a request on the request's context, made by the
    first limit check (a limited view's decorator); without it there is nothing to do."""
    def run(value: Any) -> Any:
        if not hasattr(request_ctx, "_limiter_request_context"):
            return value
        try:
            return hook(value)
        except outages() as error:
            # The view has run (a signup may be committed): the answer stands, without
            # the X-RateLimit headers the lost Redis would have given. A 503 here would
            # send the member to try again what already happened.
            log.warning("rate-limit headers left out: %s", outage_cause(error))
            return value

    return run


class WindowInOneTrip(FixedWindowRateLimiter):
    """The fixed window of a limit in Redis, its count and its expiry read in one round
    trip (one script) rather than two: the extension reads them after every limited view
    for its X-RateLimit headers, a chat message's two Redis round trips of its three for
    rate limits (issue 36.3). The same two values, read at once: the headers are the
    same."""

    _SCRIPT = b'return {redis.call("get", KEYS[1]), redis.call("ttl", KEYS[1])}'

    def __init__(self, storage: RedisStorage) -> None:
        super().__init__(storage)
        self._redis = storage
        self._window = storage.get_connection(True).register_script(self._SCRIPT)

    def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        key = self._redis.prefixed_key(item.key_for(*identifiers))
        count, ttl = self._window([key])
        # As RedisStorage.get and get_expiry make them.
        return WindowStats(max(int(ttl), 0) + time.time(),
                           max(0, item.amount - int(count or 0)))
