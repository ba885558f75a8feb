"""Notification settings, one-click unsubscribe and mail login links (issue 8)."""

from __future__ import annotations

from typing import Any, Literal

import attrs
from flask import Blueprint, Response, jsonify, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body, site_host
from adapters.http.session import require_member, set_session, visitor
from application.notification_settings import BrowserSubscription, NotificationSettings
from domain.errors import DomainError

blueprint = Blueprint("notifications", __name__)


def _settings() -> NotificationSettings:
    return container().notification_settings()


@attrs.frozen
class NotificationsBody:
    preferences: dict[str, bool] | None = None
    language: str | None = None
    # Only true turns mail back on (the contract's enum); false is refused, not ignored.
    mail_on: Literal[True] | None = None


@blueprint.get("/api/notifications")
def notifications() -> dict[str, Any]:
    return render(_settings().view(require_member()))


@blueprint.put("/api/notifications")
def change_notifications() -> dict[str, Any]:
    body = json_body(NotificationsBody)
    return render(_settings().update(require_member(), body.preferences, body.language,
                                     body.mail_on is True))


@blueprint.post("/api/unsubscribe")
@limits.limiter.limit(limits.LOGIN)
def unsubscribe() -> dict[str, Any]:
    """RFC 8058: mail programs POST here (form body List-Unsubscribe=One-Click)."""
    token = request.args.get("token", "")
    if not token or len(token) > 300:
        raise DomainError("unsubscribe_invalid")
    return render(_settings().unsubscribe(token, request.args.get("all") == "true"))


@attrs.frozen
class LoginLinkBody:
    token: str


@blueprint.post("/api/login-link")
@limits.limiter.limit(limits.LOGIN)
def login_link() -> Response:
    body = json_body(LoginLinkBody)
    if not body.token or len(body.token) > 200:
        raise DomainError("login_link_invalid")
    login, target = container().sign_in().log_in_by_link(site_host(), body.token, visitor())
    response = jsonify({"user": render(container().user_view().render(login.member)),
                        "next": target})
    return set_session(response, login.token)


@attrs.frozen
class PushSubscriptionKeys:
    p256dh: str
    auth: str


@attrs.frozen
class PushSubscriptionBody:
    endpoint: str
    keys: PushSubscriptionKeys
    expirationTime: float | None = None  # noqa: N815 (the browser's JSON name)


@attrs.frozen
class PushBody:
    subscription: PushSubscriptionBody | None
    endpoint: str | None = None


def store_push_subscription() -> Response:
    """POST /api/user?push=1: this browser's subscription for the signed-in member."""
    body = json_body(PushBody)
    sent = body.subscription
    if sent and (len(sent.endpoint) > 1000 or len(sent.keys.p256dh) > 200
                 or len(sent.keys.auth) > 100):
        raise DomainError("invalid_request", detail="subscription")
    if body.endpoint is not None and len(body.endpoint) > 1000:  # the one to forget
        raise DomainError("invalid_request", detail="endpoint")
    subscription = (BrowserSubscription(sent.endpoint, sent.keys.p256dh, sent.keys.auth)
                    if sent else None)
    _settings().subscribe_push(require_member(), subscription, body.endpoint)
    return Response(status=204)
