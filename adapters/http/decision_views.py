"""Decisions as the member reads them (issue 30.2): their own, in the Decisions section,
and a banned member's ban on the ban page (no session: address and password). Each view
parses, calls one use case and renders."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render_value
from adapters.http.requests import json_body, site_host
from adapters.http.session import require_member, visitor
from domain.errors import DomainError
from domain.locales import is_locale

blueprint = Blueprint("decisions", __name__)


def _language(language: str) -> str:
    if not is_locale(language):
        raise DomainError("invalid_request", detail="language")
    return language


@attrs.frozen
class BanDecisionBody:
    """A banned member has no session: the address and password say whose ban it is."""

    email: str = attrs.field(validator=attrs.validators.max_len(300))
    password: str = attrs.field(validator=attrs.validators.max_len(1000))
    language: str = attrs.field(default="", validator=attrs.validators.max_len(10))


@blueprint.get("/api/decisions")
def decisions() -> dict[str, Any]:
    """The member's own decisions, newest first, in ?language= or the member's."""
    member = require_member()
    language = _language(request.args.get("language", member.language))
    return {"decisions": render_value(container().member_decisions().of(member, language))}


@blueprint.post("/api/decisions/ban")
@limits.limiter.limit(limits.LOGIN)
def ban_decision() -> dict[str, Any]:
    body = json_body(BanDecisionBody)
    found = container().member_decisions().of_ban(
        site_host(), body.email, body.password, _language(body.language or "en"), visitor())
    return {"decision": render_value(found)}
