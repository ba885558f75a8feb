"""Landing pages, complaints and the installed app's manifest (issue 9)."""

from __future__ import annotations

import re
from typing import Any

import attrs
from flask import Blueprint, Response, jsonify, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body, language, query_int, site_host
from adapters.http.session import current_member
from adapters.images.app_icon import app_icon_png
from application.landers import Place
from domain.complaints import ComplaintForm
from domain.errors import DomainError

blueprint = Blueprint("landers", __name__)
_CODE = re.compile(r"[A-Z]{2}")
_REGION = re.compile(r"[A-Z]{2}-[A-Z0-9]{1,3}")


def _upper(value: str | None) -> str | None:
    return None if value is None else value.upper()


@blueprint.get("/api/lander-members")
def lander_members() -> dict[str, Any]:
    # A parameter sent empty is invalid, as the contract says (only `limit` may be empty).
    gender = request.args.get("gender")
    if gender not in (None, "male", "female"):
        raise DomainError("invalid_request", detail="gender")
    country = _upper(request.args.get("country"))
    region = _upper(request.args.get("region"))
    if country == "" or region == "":
        raise DomainError("invalid_request", detail="country" if country == "" else "region")
    if (country and not _CODE.fullmatch(country)) or (region and not _REGION.fullmatch(region)) \
            or (region and not country):
        raise DomainError("invalid_request", detail="region" if region else "country")
    near = Place(country, region) if country else None
    return render(container().landers().members(site_host(), query_int("limit", 24), gender,
                                                 current_member(), near))


@blueprint.get("/api/members/<int:member_id>/lander")
def lander_member(member_id: int) -> dict[str, Any]:
    return {"profile": render(container().landers().member(site_host(), member_id))}


@attrs.frozen
class VisitBody:
    lander: str
    source: str | None = None


@blueprint.post("/api/lander-visits")
@limits.limiter.limit(limits.TOKENS)
def lander_visit() -> tuple[dict[str, Any], int]:
    body = json_body(VisitBody)
    return render(container().landers().visit(site_host(), body.lander, body.source)), 201


@blueprint.post("/api/lander-visits/<key>/engaged")
def lander_engaged(key: str) -> Response:
    container().landers().engaged(key)
    return Response(status=204)


@attrs.frozen
class ComplaintBody:
    category: str
    text: str
    email: str | None = None
    member_id: int | None = None
    message_id: int | None = None
    message_ids: list[int] = attrs.field(factory=list,
                                         validator=attrs.validators.max_len(100))
    # The notice (issue 30.4): the exact item, a visitor's name, the good-faith statement
    # and the language to answer in (else the page's).
    item_kind: str | None = None
    item_id: int | None = None
    name: str | None = None
    good_faith: bool = False
    language: str | None = None


@blueprint.post("/api/complaints")
@limits.limiter.limit(limits.SIGNUP)
def complain() -> tuple[dict[str, Any], int]:
    body = json_body(ComplaintBody)
    reporter = current_member()
    # A member is answered in their account's language unless the form names one.
    form = ComplaintForm(category=body.category, text=body.text, email=body.email,
                         member_id=body.member_id, message_id=body.message_id,
                         message_ids=tuple(body.message_ids), item_kind=body.item_kind,
                         item_id=body.item_id, name=body.name, good_faith=body.good_faith,
                         language=body.language or (None if reporter else language()))
    return render(container().complaints().file(site_host(), reporter, form)), 201


@blueprint.get("/manifest.webmanifest")
def manifest() -> Response:
    """The installed app of the site asked for: its name, colours and icons."""
    settings = container().site_queries().settings(site_host(), None, None)
    name = settings.name
    body = {
        "name": name, "short_name": name[:12], "lang": settings.domain_language or "en",
        "description": settings.description or name,
        "start_url": "/members?source=app", "scope": "/", "display": "standalone",
        "background_color": "#fdf8f4", "theme_color": "#0f9d8a",  # as index.html
        "icons": [{"src": f"/icons/app-{size}.png", "sizes": f"{size}x{size}",
                   "type": "image/png", "purpose": "any maskable"} for size in (192, 512)],
    }
    response = jsonify(body)
    response.mimetype = "application/manifest+json"
    response.cache_control.max_age = 3600
    return response


@blueprint.get("/icons/app-<int:size>.png")
def app_icon(size: int) -> Response:
    if size not in (192, 512):
        raise DomainError("invalid_request", detail="size")
    response = Response(app_icon_png(size), mimetype="image/png")
    response.cache_control.public = True
    response.cache_control.max_age = 86_400
    return response
