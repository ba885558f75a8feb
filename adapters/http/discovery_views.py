"""Member search, member profiles and blocks (issue 4)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import query_int, site_host
from adapters.http.session import current_member, require_member
from application.discovery import Discovery
from domain.discovery import Order, SearchFilters
from domain.errors import DomainError

blueprint = Blueprint("discovery", __name__)


def _discovery() -> Discovery:
    return container().discovery()


def _text(name: str, length: int) -> str | None:
    value = request.args.get(name, "").strip()
    if len(value) > length:
        raise DomainError("invalid_request", detail=name)
    return value.upper() if name in ("country", "region") and value else value or None


# Any of these in the query is the member's own choice; none: the defaults their profile
# gives (gender=any asks for both genders by choice, distance=any anywhere). The order
# is not a filter: it keeps the defaults.
_FILTERS = ("gender", "country", "region", "min_age", "max_age", "distance", "online",
            "everyone")


def _flag(name: str) -> bool:
    value = request.args.get(name, "0")
    if value not in ("0", "1", "true", "false"):
        raise DomainError("invalid_request", detail=name)
    return value in ("1", "true")


def _distance() -> int | None:
    if request.args.get("distance") in (None, "any"):
        return None
    return query_int("distance", None)


def _order() -> Order:
    try:
        return Order(request.args.get("order", Order.BEST.value))
    except ValueError:
        raise DomainError("invalid_request", detail="order") from None


@blueprint.get("/api/members")
def search() -> dict[str, Any]:
    # Absent or "any": no filter; anything else, an empty value included, is the
    # domain's to refuse unless it is a gender (the contract's enum).
    gender = request.args.get("gender")
    filters = SearchFilters(
        gender=None if gender in (None, "any") else gender, country=_text("country", 2),
        region=_text("region", 10),
        min_age=query_int("min_age", 18), max_age=query_int("max_age", 99),
        page=query_int("page", 1), after=query_int("after", None),
        distance_km=_distance(), order=_order(), online=_flag("online"),
        everyone=_flag("everyone"),
    )
    chosen = any(name in request.args for name in _FILTERS)
    return render(_discovery().search(site_host(), current_member(), filters,
                                      bool(request.args.get("network")), chosen=chosen))


@blueprint.get("/api/members/<int:member_id>")
def member(member_id: int) -> dict[str, Any]:
    return {"profile": render(_discovery().member(site_host(), current_member(), member_id,
                                                  bool(request.args.get("network"))))}


@blueprint.post("/api/members/<int:member_id>/block")
def block(member_id: int) -> Response:
    _discovery().block(require_member(), member_id, on=True)
    return Response(status=204)


@blueprint.delete("/api/members/<int:member_id>/block")
def unblock(member_id: int) -> Response:
    _discovery().block(require_member(), member_id, on=False)
    return Response(status=204)
