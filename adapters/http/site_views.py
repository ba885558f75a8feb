"""GET /api/settings and /api/companyinfo: thin views over the site queries."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import geoip_country, language, site_host

blueprint = Blueprint("sites", __name__)


def _visitor_country() -> str | None:
    return geoip_country(container().config().geoip_header)


@blueprint.get("/api/settings")
def settings() -> dict[str, Any]:
    return render(container().site_queries().settings(site_host(), language(),
                                                      _visitor_country()))


@blueprint.get("/api/companyinfo")
def company_info() -> dict[str, Any]:
    return render(container().site_queries().company_info(site_host(), _visitor_country()))
