"""A member's privacy controls (issue 21): appealing a ban from the ban page and
downloading one's data. Each view parses, calls one use case and renders."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body, site_host
from adapters.http.session import visitor

blueprint = Blueprint("privacy", __name__)


@attrs.frozen
class AppealBody:
    """A banned member has no session: the address and password say who appeals."""

    email: str = attrs.field(validator=attrs.validators.max_len(300))
    password: str = attrs.field(validator=attrs.validators.max_len(1000))
    text: str = attrs.field(validator=attrs.validators.max_len(20000))


@blueprint.post("/api/appeals")
@limits.limiter.limit(limits.LOGIN)
def appeal() -> tuple[dict[str, Any], int]:
    body = json_body(AppealBody)
    filed = container().appeals().file(site_host(), body.email, body.password, body.text,
                                       visitor())
    return render(filed), 201
