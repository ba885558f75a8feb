"""Account endpoints (API.md): signup, activation, login/logout, the current user,
passwords, e-mail change, deletion and reactivation. Each view parses, calls one use
case and renders."""

from __future__ import annotations

import attrs
from flask import Blueprint, Response, current_app, jsonify, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.notification_views import store_push_subscription
from adapters.http.rendering import render
from adapters.http.requests import json_body, site_host
from adapters.http.session import (
    changed,
    clear_session,
    current_member,
    require_member,
    require_signed_in,
    session_token,
    set_session,
    visitor,
)
from application.ports.accounts import SignedIn
from application.recent_sign_ins import MOST_REMEMBERED
from application.signup import SignupForm
from domain.errors import DomainError
from domain.locales import is_locale
from domain.members import Member, Traffic

blueprint = Blueprint("accounts", __name__)


def _user(member: Member) -> Response:
    """The member as they are now, after a change that may have found them by a token."""
    changed(member.id)
    return jsonify({"user": render(container().user_view().render(member))})


def _no_content() -> Response:
    return Response(status=204)


@attrs.frozen
class TrafficBody:
    network: str | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.max_len(100)))
    ref: str | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.max_len(100)))
    sub1: str | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.max_len(100)))
    sub2: str | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.max_len(100)))
    sub3: str | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.max_len(100)))
    lander: str | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.max_len(40)))


@attrs.frozen
class SignupBody:
    email: str
    name: str
    date_of_birth: str
    password: str
    gender: str | None = None
    seeking: str | None = None
    country: str | None = None
    region: str | None = None
    city: str | None = None
    language: str | None = None
    traffic: TrafficBody = TrafficBody()
    marketing: bool = False
    confirmed: bool = False  # the name kept after the scam shield's nudge


@blueprint.post("/api/signup")
@limits.limiter.limit(limits.SIGNUP)
def sign_up() -> tuple[Response, int]:
    body = json_body(SignupBody)
    form = SignupForm(email=body.email, name=body.name, date_of_birth=body.date_of_birth,
                      password=body.password, gender=body.gender, seeking=body.seeking,
                      country=body.country, region=body.region, city=body.city,
                      marketing=body.marketing, confirmed=body.confirmed)
    language = body.language if body.language and is_locale(body.language) else None
    login = container().signup().sign_up(site_host(), form,
                                visitor(language, Traffic(**attrs.asdict(body.traffic))))
    return set_session(_user(login.member), login.token), 201


@attrs.frozen
class TokenBody:
    token: str = attrs.field(validator=attrs.validators.max_len(200))


@blueprint.post("/api/activation")
@limits.limiter.limit(limits.TOKENS)
def activate() -> Response:
    member = container().signup().activate(json_body(TokenBody).token)
    return _user(member)


@blueprint.post("/api/activation/resend")
def resend_activation() -> Response:
    container().signup().resend_activation(require_member().id)
    return _no_content()


@attrs.frozen
class LoginBody:
    email: str = attrs.field(validator=attrs.validators.max_len(300))
    password: str = attrs.field(validator=attrs.validators.max_len(1000))


@blueprint.post("/api/user")
@limits.limiter.limit(limits.LOGIN, exempt_when=limits.is_push)
@limits.limiter.limit(limits.PUSH, scope="push", exempt_when=limits.is_not_push)
def log_in() -> Response:
    if request.args.get("push") == "1":  # the agreed path for push subscriptions
        return store_push_subscription()
    body = json_body(LoginBody)
    login = container().sign_in().log_in(site_host(), body.email, body.password, visitor())
    return set_session(_user(login.member), login.token)


# GET /api/user's answer, rendered once per session lookup: a lookup this process
# remembers (application.recent_sign_ins) is the same record for minutes, so the
# reads of a burst get the same bytes. One entry per member, all dropped at the bound.
_answers: dict[int, tuple[SignedIn, str]] = {}


@blueprint.get("/api/user")
def user() -> Response:
    found = require_signed_in()
    kept = _answers.get(found.member.id)
    if kept is None or kept[0] is not found:
        if len(_answers) >= MOST_REMEMBERED:
            _answers.clear()
        body = current_app.json.dumps({"user": render(container().user_view().of(found))})
        kept = _answers[found.member.id] = (found, f"{body}\n")
    return Response(kept[1], mimetype="application/json")


@attrs.frozen
class PreferencesBody:
    language: str | None = None
    invisible: bool | None = None
    share_typing: bool | None = None
    share_read_receipts: bool | None = None
    show_online: bool | None = None


@blueprint.put("/api/user")
def update_user() -> Response:
    body = json_body(PreferencesBody, null_means_unset=False)
    if body.language is not None and not is_locale(body.language):
        raise DomainError("invalid_request", detail="language")
    member = container().sign_in().update_preferences(
        require_member().id, body.language, body.invisible, share_typing=body.share_typing,
        share_read_receipts=body.share_read_receipts, show_online=body.show_online)
    return _user(member)


@blueprint.post("/api/logout")
def log_out() -> Response:
    # Looked up first, so that after the logout every process forgets what it remembers
    # of this member's sign-in (session._announce_change needs to know whose it was).
    current_member()
    container().sign_in().log_out(session_token())
    return clear_session(_no_content())


@attrs.frozen
class EmailBody:
    email: str = attrs.field(validator=attrs.validators.max_len(300))


@blueprint.post("/api/password-reset")
@limits.limiter.limit(limits.PASSWORD_RESET)
def request_password_reset() -> Response:
    container().credentials().request_password_reset(site_host(), json_body(EmailBody).email)
    return _no_content()


@attrs.frozen
class ResetBody:
    token: str = attrs.field(validator=attrs.validators.max_len(200))
    password: str = attrs.field(validator=attrs.validators.max_len(1000))
    repeat: str = attrs.field(validator=attrs.validators.max_len(1000))


@blueprint.post("/api/password-reset/do")
@limits.limiter.limit(limits.TOKENS)
def reset_password() -> Response:
    body = json_body(ResetBody)
    container().credentials().reset_password(body.token, body.password, body.repeat)
    return _no_content()


@attrs.frozen
class PasswordBody:
    old_password: str = attrs.field(validator=attrs.validators.max_len(1000))
    new_password: str = attrs.field(validator=attrs.validators.max_len(1000))
    repeat: str = attrs.field(validator=attrs.validators.max_len(1000))


@blueprint.put("/api/password")
@limits.password_checks
def change_password() -> Response:
    body = json_body(PasswordBody)
    member = require_member()
    token = session_token()
    assert token is not None  # require_member found the member's session by it
    container().credentials().change_password(member.id, token, body.old_password,
                                              body.new_password,
                                body.repeat, visitor().ip)
    return _no_content()


@attrs.frozen
class MailChangeBody:
    email: str = attrs.field(validator=attrs.validators.max_len(300))
    # Without it, the session must have been confirmed (POST /api/account/confirm).
    password: str | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.max_len(1000)))


@blueprint.post("/api/mail-change")
@limits.password_checks
def request_mail_change() -> Response:
    body = json_body(MailChangeBody)
    container().credentials().request_mail_change(require_member().id, body.email, body.password,
                                    visitor().ip, session_token())
    return _no_content()


@blueprint.post("/api/mail-change/do")
@limits.limiter.limit(limits.TOKENS)
def confirm_mail_change() -> Response:
    member = container().credentials().confirm_mail_change(json_body(TokenBody).token)
    signed_in = current_member()
    if signed_in is not None and signed_in.id == member.id:
        return _user(member)
    return _no_content()


@attrs.frozen
class DeleteBody:
    password: str = attrs.field(validator=attrs.validators.max_len(1000))
    reason: str = attrs.field(default="", validator=attrs.validators.max_len(500))


@blueprint.delete("/api/user")
@limits.password_checks
def delete_account() -> Response:
    body = json_body(DeleteBody)
    container().account_closing().delete(require_member().id, body.reason, body.password,
                                         visitor().ip)
    return clear_session(_no_content())


@blueprint.post("/api/reactivate")
@limits.limiter.limit(limits.TOKENS)
def reactivate() -> Response:
    login = container().account_closing().reactivate(json_body(TokenBody).token, visitor())
    return set_session(_user(login.member), login.token)


def _origin_check() -> Response | None:
    """CSRF: a state-changing API call from another site's page is refused."""
    if request.method in ("GET", "HEAD", "OPTIONS") or not request.path.startswith("/api/"):
        return None
    origin = request.headers.get("Origin")
    if origin and origin.split("://", 1)[-1] != request.host:
        response = jsonify({"error": "forbidden", "params": {"reason": "origin"}})
        response.status_code = 403
        return response
    return None


blueprint.before_app_request(_origin_check)
