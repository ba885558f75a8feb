"""Two-factor sign-in with an authenticator app (issue 33.2, API.md): its state, set-up,
turning on and off, new recovery codes, and the sign-in's second step. Each view parses,
calls one use case and renders."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, Response, jsonify

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body, site_host
from adapters.http.session import changed, require_member, session_token, set_session, visitor
from application.two_factor import TwoFactor

blueprint = Blueprint("two_factor", __name__)

# A code as typed: six digits, or a recovery code (with its dash and any spaces).
_CODE_MAX = 40


def _two_factor() -> TwoFactor:
    return container().two_factor()


@blueprint.get("/api/two-factor")
def status() -> dict[str, Any]:
    return render(_two_factor().status(require_member().id))


@blueprint.post("/api/two-factor/setup")
@limits.limiter.limit(limits.TWO_FACTOR_CHANGES, key_func=limits.per_member)
def set_up() -> dict[str, Any]:
    return render(_two_factor().set_up(require_member().id, session_token()))


@attrs.frozen
class CodeBody:
    code: str = attrs.field(validator=attrs.validators.max_len(_CODE_MAX))


@blueprint.post("/api/two-factor")
@limits.limiter.limit(limits.TWO_FACTOR_CHANGES, key_func=limits.per_member)
def turn_on() -> dict[str, Any]:
    member = require_member()
    codes = _two_factor().turn_on(member.id, session_token(), json_body(CodeBody).code)
    return {"recovery_codes": codes}


@blueprint.post("/api/two-factor/recovery-codes")
@limits.limiter.limit(limits.TWO_FACTOR_CHANGES, key_func=limits.per_member)
def new_recovery_codes() -> dict[str, Any]:
    return {"recovery_codes": _two_factor().new_recovery_codes(require_member().id,
                                                               session_token())}


@attrs.frozen
class TurnOffBody:
    password: str = attrs.field(validator=attrs.validators.max_len(1000))
    code: str = attrs.field(validator=attrs.validators.max_len(_CODE_MAX))


@blueprint.delete("/api/two-factor")
@limits.password_checks
def turn_off() -> Response:
    member = require_member()
    body = json_body(TurnOffBody)
    _two_factor().turn_off(member.id, session_token(), body.password, body.code, visitor().ip)
    return Response(status=204)


@attrs.frozen
class SecondStepBody:
    challenge: str = attrs.field(validator=attrs.validators.max_len(200))
    code: str = attrs.field(validator=attrs.validators.max_len(_CODE_MAX))


@blueprint.post("/api/two-factor/sign-in")
@limits.limiter.limit(limits.LOGIN, scope="two_factor_sign_in")
def sign_in() -> Response:
    """The second step: the challenge of 401 two_factor_required and a code; answers as
    POST /api/user does (with ``next`` after a login link) and sets the session cookie."""
    body = json_body(SecondStepBody)
    done = _two_factor().sign_in(site_host(), body.challenge, body.code, visitor())
    changed(done.login.member.id)
    answer: dict[str, Any] = {
        "user": render(container().user_view().render(done.login.member))}
    if done.target is not None:
        answer["next"] = done.target
    return set_session(jsonify(answer), done.login.token)
