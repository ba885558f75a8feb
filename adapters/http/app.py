"""The Flask application factory: the HTTP adapter around the container."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import attrs
from flask import Flask, Response
from flask.globals import request_ctx
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SessionInterface
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from adapters.container import Container
from adapters.http import (
    account_views,
    bodies,
    chat_views,
    composition,
    connections,
    decision_views,
    devices,
    discovery_views,
    errors,
    health,
    lander_views,
    like_views,
    limits,
    media,
    notification_views,
    observability,
    openapi,
    passkey_views,
    photo_views,
    privacy_views,
    profile_views,
    receipt_views,
    recovery_views,
    requests,
    review_views,
    sandbox_views,
    session,
    shop_views,
    sign_in_views,
    site_views,
    two_factor_views,
    web_app,
    withdrawal_views,
)
from adapters.http.headers import SecurityHeaders
from adapters.http.rendering import render
from adapters.http.routes import BuiltOnUseRule
from adapters.outages import outages
from adapters.realtime import socket_route


class IsoJsonProvider(DefaultJSONProvider):
    """Dates and times as ISO 8601 (the contract's date-time), not Flask's HTTP dates;
    use cases' records as rendering.py renders them."""

    @staticmethod
    def default(value: Any) -> Any:
        if isinstance(value, date | datetime):
            return value.isoformat()
        if attrs.has(type(value)):
            return render(value)
        return DefaultJSONProvider.default(value)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """JSON nested deeper than the interpreter's recursion limit is malformed input
        (invalid_json), not a RecursionError (a 500)."""
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deeply") from None


# The web app's catch-all for API paths takes every method (to answer 404 or 405 there):
# it is not a method the path has.
_CATCH_ALL = "web.api_miss"
_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


class AmoraFlask(Flask):
    url_rule_class = BuiltOnUseRule

    def ensure_sync(self, func: Any) -> Any:
        """Every view and hook here is plain synchronous code (the server runs greenlets,
        not asyncio), so Flask need not inspect each of them on every request."""
        return func

    def make_default_options_response(self) -> Response:
        """OPTIONS names the methods the path's own routes have (Flask's default named
        those of every route matching it, the catch-all's too: all of them)."""
        adapter = request_ctx.url_adapter
        assert adapter is not None  # OPTIONS is answered only for a matched route
        methods = {"OPTIONS"}
        for method in _METHODS:
            try:
                endpoint, _ = adapter.match(method=method)
            except HTTPException:
                continue
            if endpoint != _CATCH_ALL:
                methods.add(method)
        response = self.response_class()
        response.allow.update(sorted(methods))
        return response

    def finalize_request(self, rv: Any, from_error_handler: bool = False) -> Response:
        """A service lost after the view ran (the rate limiter reads Redis after the view
        for its headers) answers as any outage does, 503 with Retry-After, not 500."""
        try:
            return super().finalize_request(rv, from_error_handler)
        except outages() as error:
            return errors.outage_response(error)


class NoCookieSessions(SessionInterface):
    """Amora keeps its session in its own table (auth._token); Flask's signed-cookie
    session is never used, so it is not built for every request either."""

    def open_session(self, app: Flask, request: Any) -> None:
        return None  # Flask then hands out its null session, which refuses writes

    def save_session(self, app: Flask, session: Any, response: Response) -> None:
        return None


def _live_caller() -> socket_route.Caller | None:
    """Who opens a live socket: the session cookie's member, as every request finds it."""
    found = session.signed_in()
    if found is None:
        return None
    return socket_route.Caller(found.member, session.session_token() or "", found.session.id)


def create_app(container: Container) -> Flask:
    app = AmoraFlask(__name__, static_folder=None)
    app.json = IsoJsonProvider(app)
    app.session_interface = NoCookieSessions()
    config = container.config()
    app.config.update(
        SECRET_KEY=config.secret_key,
        MAX_CONTENT_LENGTH=25 * 1024 * 1024,
        JSON_SORT_KEYS=False,
    )
    app.extensions["amora"] = container
    observability.init_observability(app)  # first, so its hooks see every request
    bodies.init_bodies(app)  # the body is in before any hook looks anything up
    # Teardowns run in reverse: the connection goes back to the pool before the sign-in
    # announcement, whatever that meets.
    session.init_sessions(app)
    devices.init_devices(app)  # the device cookie (issue 31.3), with a browser's first answer
    connections.init_request_connection(app)
    limits.init_limits(app, config.redis_url, config.rate_limits)
    app.config["SOCK_SERVER_OPTIONS"] = socket_route.SERVER_OPTIONS
    app.url_map.converters["int"] = requests.IdConverter  # before any route is added
    for module in (site_views, account_views, profile_views, photo_views, discovery_views,
                   like_views, chat_views, shop_views, notification_views, health,
                   lander_views, privacy_views, decision_views, openapi, media, review_views,
                   two_factor_views):
        app.register_blueprint(module.blueprint)
    app.register_blueprint(socket_route.live_sockets(
        socket_route.Door(container=composition.container, caller=_live_caller,
                          most_sockets=config.live_sockets)))
    app.register_blueprint(recovery_views.blueprint)  # the owner's undo (issue 33.4)
    app.register_blueprint(sign_in_views.blueprint)  # issue 33.3
    app.register_blueprint(withdrawal_views.blueprint)  # issue 34.2
    app.register_blueprint(passkey_views.blueprint)  # issue 33.1
    app.register_blueprint(receipt_views.blueprint)  # issue 34.4
    if config.payment_provider == "sandbox":
        app.register_blueprint(sandbox_views.blueprint)
    app.register_blueprint(web_app.blueprint)  # last: its catch-all serves the app
    errors.register_error_handlers(app)
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
    if config.proxy_hops:
        # Behind N trusted proxies: the client's address (rate limits, lockout) and
        # HTTPS (Secure cookies) come from their X-Forwarded-* headers.
        hops = config.proxy_hops
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]
    return app
