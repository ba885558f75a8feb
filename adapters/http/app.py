"""The Flask application factory: the HTTP adapter around the container."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import attrs
from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

from adapters.container import Container
from adapters.http import (
    account_views,
    chat_views,
    connections,
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
    photo_views,
    privacy_views,
    profile_views,
    realtime,
    requests,
    sandbox_views,
    session,
    shop_views,
    site_views,
    web_app,
)
from adapters.http.headers import SecurityHeaders
from adapters.http.rendering import render


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


class AmoraFlask(Flask):
    def ensure_sync(self, func: Any) -> Any:
        """Every view and hook here is plain synchronous code (the server runs greenlets,
        not asyncio), so Flask need not inspect each of them on every request."""
        return func


class NoCookieSessions(SessionInterface):
    """Amora keeps its session in its own table (auth._token); Flask's signed-cookie
    session is never used, so it is not built for every request either."""

    def open_session(self, app: Flask, request: Any) -> None:
        return None  # Flask then hands out its null session, which refuses writes

    def save_session(self, app: Flask, session: Any, response: Response) -> None:
        return None


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
    # Teardowns run in reverse: the connection goes back to the pool before the sign-in
    # announcement, whatever that meets.
    session.init_sessions(app)
    connections.init_request_connection(app)
    limits.init_limits(app, config.redis_url, config.rate_limits)
    app.config["SOCK_SERVER_OPTIONS"] = {"ping_interval": 25}
    app.url_map.converters["int"] = requests.IdConverter  # before any route is added
    for module in (site_views, account_views, profile_views, photo_views, discovery_views,
                   like_views, chat_views, realtime, shop_views, notification_views, health,
                   lander_views, privacy_views, openapi, media):
        app.register_blueprint(module.blueprint)
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
