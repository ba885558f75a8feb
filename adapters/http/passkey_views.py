"""Passkeys (issue 33.1; API.md): the settings' list, adding (options, then the browser's
answer), renaming and removing; signing in without the e-mail address; confirming the
session with a passkey (the step-up). Each view parses, calls one use case and renders."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, Response, jsonify, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render, render_value
from adapters.http.requests import json_body, site_host
from adapters.http.session import changed, require_member, session_token, set_session, visitor
from application.passkeys import Page, Passkeys

blueprint = Blueprint("passkeys", __name__)


def _passkeys() -> Passkeys:
    return container().passkeys()


def _page() -> Page:
    """Where the browser is: the page's own scheme and host (behind trusted proxies, as
    they tell it), which the passkey's origin and relying-party id must match."""
    return Page(site_host=site_host(), scheme=request.scheme, host=request.host)


def _token() -> str:
    token = session_token()
    assert token is not None  # require_member found the member's session by it
    return token


@attrs.frozen
class CredentialBody:
    """The browser's answer: PublicKeyCredential.toJSON() (@simplewebauthn/browser)."""

    credential: dict[str, Any]


@attrs.frozen
class NewPasskeyBody:
    credential: dict[str, Any]
    name: str = attrs.field(validator=attrs.validators.max_len(200))


@attrs.frozen
class NameBody:
    name: str = attrs.field(validator=attrs.validators.max_len(200))


# --- the settings -------------------------------------------------------------------------

@blueprint.get("/api/passkeys")
def listed() -> dict[str, Any]:
    return {"passkeys": render_value(_passkeys().listed(require_member().id))}


@blueprint.post("/api/passkeys/options")
@limits.limiter.limit(limits.PASSKEYS, key_func=limits.per_member)
def registration_options() -> dict[str, Any]:
    return render(_passkeys().registration_options(require_member(), _token(), _page()))


@blueprint.post("/api/passkeys")
@limits.limiter.limit(limits.PASSKEYS, key_func=limits.per_member)
def register() -> tuple[dict[str, Any], int]:
    body = json_body(NewPasskeyBody)
    added = _passkeys().register(require_member(), _token(), _page(), body.credential,
                                 body.name)
    return {"passkey": render(added)}, 201


@blueprint.put("/api/passkeys/<int:passkey_id>")
def rename(passkey_id: int) -> dict[str, Any]:
    body = json_body(NameBody)
    return {"passkey": render(_passkeys().rename(require_member().id, passkey_id, body.name))}


@blueprint.delete("/api/passkeys/<int:passkey_id>")
def remove(passkey_id: int) -> Response:
    _passkeys().remove(require_member().id, _token(), passkey_id)
    return Response(status=204)


# --- signing in ---------------------------------------------------------------------------

@blueprint.post("/api/passkeys/login/options")
@limits.limiter.limit(limits.LOGIN)
def sign_in_options() -> dict[str, Any]:
    return render(_passkeys().sign_in_options(_page()))


@blueprint.post("/api/passkeys/login")
@limits.limiter.limit(limits.LOGIN)
def sign_in() -> Response:
    body = json_body(CredentialBody)
    login = _passkeys().sign_in(_page(), body.credential, visitor())
    changed(login.member.id)
    answer = jsonify({"user": render(container().user_view().render(login.member))})
    return set_session(answer, login.token)


# --- confirming it is them (the step-up) --------------------------------------------------

@blueprint.post("/api/passkeys/confirm/options")
@limits.limiter.limit(limits.PASSKEYS, key_func=limits.per_member)
def confirm_options() -> dict[str, Any]:
    return render(_passkeys().confirm_options(require_member(), _token(), _page()))


@blueprint.post("/api/passkeys/confirm")
@limits.limiter.limit(limits.PASSKEYS, key_func=limits.per_member)
def confirm() -> Response:
    body = json_body(CredentialBody)
    _passkeys().confirm(require_member(), _token(), _page(), body.credential)
    return Response(status=204)
