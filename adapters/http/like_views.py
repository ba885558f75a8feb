"""Likes, the like modal's auto-like, match celebrations and the matching games (issue 5)."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, Response, request

from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body, query_int
from adapters.http.session import require_member
from application.games import Games
from application.likes import Likes
from domain.errors import DomainError
from domain.matching import Wishes

blueprint = Blueprint("likes", __name__)


def _likes() -> Likes:
    return container().likes()


def _games() -> Games:
    return container().games()


@blueprint.post("/api/members/<int:member_id>/like")
def like(member_id: int) -> dict[str, Any]:
    return render(_likes().like(require_member(), member_id))


@blueprint.delete("/api/members/<int:member_id>/like")
def unlike(member_id: int) -> Response:
    _likes().unlike(require_member(), member_id)
    return Response(status=204)


@blueprint.get("/api/likes")
def likes() -> dict[str, Any]:
    return render(_likes().lists(require_member()))


@blueprint.get("/api/auto-like")
def auto_like() -> dict[str, Any] | Response:
    profile = _likes().auto_like(require_member())
    return render(profile) if profile is not None else Response(status=204)


@blueprint.post("/api/matches/<int:member_id>/seen")
def match_seen(member_id: int) -> Response:
    _likes().match_seen(require_member(), member_id)
    return Response(status=204)


@attrs.frozen
class SwipeRequest:
    profile: int
    like: bool


@blueprint.get("/api/swipe")
def swipe_deck() -> dict[str, Any]:
    return render(_games().swipe_deck(require_member()))


@blueprint.post("/api/swipe")
def swipe() -> dict[str, Any]:
    member = require_member()
    body = json_body(SwipeRequest)
    return render(_games().swipe(member, body.profile, body.like))


def _wishes() -> Wishes:
    """The match-finder's answers from the query: gender, ages, region, interests
    (gender=any: everyone, see ``match_finder``)."""
    args = request.args

    def text(name: str, length: int) -> str | None:
        value = args.get(name, "").strip().upper()
        if len(value) > length:
            raise DomainError("invalid_request", detail=name)
        return value or None

    interests = tuple(dict.fromkeys(i for i in args.get("interests", "").split(",") if i))
    gender = args.get("gender")  # sent empty: invalid (domain.matching.Wishes), as documented
    if gender == "any":
        gender = None
    return Wishes(gender=gender, min_age=query_int("min_age", 18), max_age=query_int("max_age", 99),
                  country=text("country", 2), region=text("region", 10), interests=interests)


@blueprint.get("/api/match-finder")
def match_finder() -> dict[str, Any]:
    member = require_member()
    # No gender: both, of those who would want the member; gender=any widens to
    # everyone on purpose, whatever they seek (issue 29.1).
    everyone = request.args.get("gender") == "any"
    return render(_games().match_finder(member, _wishes(), everyone=everyone))


@blueprint.get("/api/signup-matches")
def signup_matches() -> dict[str, Any]:
    return render(_games().signup_matches(require_member()))
