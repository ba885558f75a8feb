"""Undo for the owner (issue 33.4): the link mailed to the old address after an address
or password change. No login is needed (the owner may be locked out); each view parses,
calls one use case and renders."""

from __future__ import annotations

import attrs
from flask import Blueprint, Response, jsonify

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.requests import json_body
from adapters.http.session import changed, clear_session

blueprint = Blueprint("recovery", __name__)


@attrs.frozen
class UndoBody:
    token: str = attrs.field(validator=attrs.validators.max_len(200))


@blueprint.post("/api/undo")
@limits.limiter.limit(limits.TOKENS)
def undo() -> Response:
    """The old address back, every session ended (this browser's too), the password void:
    the answer carries the token of the next step, the new password."""
    undone = container().account_recovery().undo(json_body(UndoBody).token)
    changed(undone.member_id)  # every process forgets the sign-ins it remembers
    return clear_session(jsonify({"email": undone.email, "change": undone.change,
                                  "password_token": undone.password_token}))


@attrs.frozen
class NewPasswordBody:
    token: str = attrs.field(validator=attrs.validators.max_len(200))
    password: str = attrs.field(validator=attrs.validators.max_len(1000))
    repeat: str = attrs.field(validator=attrs.validators.max_len(1000))


@blueprint.post("/api/undo/password")
@limits.limiter.limit(limits.TOKENS)
def set_password() -> Response:
    body = json_body(NewPasswordBody)
    container().account_recovery().set_password(body.token, body.password, body.repeat)
    return Response(status=204)
