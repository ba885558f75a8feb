"""A member's privacy controls (issue 21): appealing a ban from the ban page and
downloading one's data. Each view parses, calls one use case and renders."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, Response, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body, site_host
from adapters.http.session import require_member, session_token, visitor

blueprint = Blueprint("privacy", __name__)


@attrs.frozen
class AppealBody:
    """A banned member has no session: the address and password say who appeals."""

    email: str = attrs.field(validator=attrs.validators.max_len(300))
    password: str = attrs.field(validator=attrs.validators.max_len(1000))
    text: str = attrs.field(validator=attrs.validators.max_len(20000))


@attrs.frozen
class PasswordBody:
    password: str = attrs.field(validator=attrs.validators.max_len(1000))


@blueprint.post("/api/account/confirm")
@blueprint.post("/api/export/confirm")  # the export's own name for it, from before 33.5
@limits.password_checks
def confirm_password() -> Response:
    """The password again, within the session (the step-up, issue 33.5): opens the data
    export, an e-mail change, the direct-debit mandate, two-factor and passkey changes
    for 10 minutes."""
    member = require_member()
    container().step_up().confirm_password(member.id, session_token() or "",
                                           json_body(PasswordBody).password, visitor().ip)
    return Response(status=204)


@blueprint.get("/api/export")
@limits.limiter.limit(limits.EXPORTS, key_func=limits.per_member)
def export() -> tuple[dict[str, Any], int]:
    """Every copy is built by a job and mailed as a link (never in the request)."""
    member = require_member()
    return render(container().data_export().request(member, session_token() or "")), 202


@blueprint.get("/api/export/download")
@limits.limiter.limit(limits.TOKENS)
def download() -> Response:
    """The mailed link: works once; the copy is sent a piece at a time."""
    copy = container().data_export().claim(request.args.get("token", ""))
    return Response(copy.chunks, mimetype="application/zip", direct_passthrough=True, headers={
        "Content-Disposition": f'attachment; filename="{copy.filename}"',
        "Content-Length": str(copy.size), "Cache-Control": "no-store"})


@attrs.frozen
class ContestBody:
    text: str = attrs.field(validator=attrs.validators.max_len(20000))


@blueprint.post("/api/decisions/<int:decision_id>/appeal")
@limits.limiter.limit(limits.APPEALS, key_func=limits.per_member)
def contest(decision_id: int) -> tuple[dict[str, Any], int]:
    """A member contests one of their own decisions (issue 30.3)."""
    member = require_member()
    body = json_body(ContestBody)
    return render(container().appeals().contest(member, decision_id, body.text)), 201


@blueprint.post("/api/appeals")
@limits.limiter.limit(limits.LOGIN)
def appeal() -> tuple[dict[str, Any], int]:
    body = json_body(AppealBody)
    filed = container().appeals().file(site_host(), body.email, body.password, body.text,
                                       visitor())
    return render(filed), 201
