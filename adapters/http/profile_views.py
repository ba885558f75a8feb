"""Own profile, interests and regions (issue 4)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from adapters.http.composition import container
from adapters.http.rendering import render, render_value
from adapters.http.requests import language
from adapters.http.session import require_member
from application.profiles import Profiles
from domain.errors import DomainError

blueprint = Blueprint("profiles", __name__)
_FIELDS = {"name", "gender", "sexuality", "birth_date", "country", "region", "city", "about_me",
           "interests", "hair_colour", "eye_colour", "body_type", "relationship_status",
           "tattoos", "confirmed"}
_TEXT = {"name", "gender", "sexuality", "birth_date", "country", "about_me"}
_NULLABLE_TEXT = {"region", "city", "hair_colour", "eye_colour", "body_type",
                  "relationship_status", "tattoos"}


def _profiles() -> Profiles:
    return container().profiles()


def _changes() -> dict[str, Any]:
    """The JSON body as profile changes; unknown fields and wrong types are a 400."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise DomainError("invalid_json")
    unknown = set(body) - _FIELDS
    if unknown:
        raise DomainError("invalid_request", detail=f"unknown fields: {sorted(unknown)}")
    for field, value in body.items():
        wrong = (
            (field in _TEXT and not isinstance(value, str))
            or (field in _NULLABLE_TEXT and value is not None and not isinstance(value, str))
            or (field == "interests" and (not isinstance(value, list)
                                          or not all(isinstance(i, str) for i in value)))
            or (field == "confirmed" and not isinstance(value, bool))
        )
        if wrong:
            raise DomainError("invalid_request", detail=field)
    return body


@blueprint.get("/api/profile")
def own_profile() -> dict[str, Any]:
    return {"profile": render(_profiles().own(require_member().id, language()))}


@blueprint.put("/api/profile")
def update_profile() -> dict[str, Any]:
    member = require_member()
    changes = _changes()
    # Saved anyway after the scam shield's nudge (409 profile_text_flagged).
    confirmed = changes.pop("confirmed", False)
    return {"profile": render(_profiles().update(member.id, changes, language(), confirmed))}


@blueprint.get("/api/interests")
def interests() -> dict[str, Any]:
    return {"interests": _profiles().interests()}


@blueprint.get("/api/geocode")
def geocode() -> Response:
    try:
        lat, lon = float(request.args["lat"]), float(request.args["lon"])
    except (KeyError, ValueError):
        raise DomainError("invalid_coordinates") from None
    place = container().geocoding().place(lat, lon)
    return jsonify(render(place) if place else False)  # false: nowhere known (spec 7)


@blueprint.get("/api/regions")
def regions() -> dict[str, Any]:
    country = request.args.get("country", "")
    return {"regions": render_value(_profiles().regions_of(country, language() or "en"))}
