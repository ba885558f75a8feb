"""GET /api/settings and /api/companyinfo: thin views over the site queries."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app

from adapters.http.requests import geoip_country, language, site_host

blueprint = Blueprint("sites", __name__)


def _container() -> Any:
    return current_app.extensions["amora"]


@blueprint.get("/api/settings")
def settings() -> dict[str, Any]:
    container = _container()
    country = geoip_country(container.config().geoip_header)
    return container.site_queries().settings(site_host(), language(), country)  # type: ignore[no-any-return]


@blueprint.get("/api/companyinfo")
def company_info() -> dict[str, Any]:
    container = _container()
    country = geoip_country(container.config().geoip_header)
    return container.site_queries().company_info(site_host(), country)  # type: ignore[no-any-return]
