"""GET /api/settings and /api/companyinfo: thin views over the site queries; and the
redirect from a renamed site's former domain."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, request
from werkzeug.urls import iri_to_uri
from werkzeug.wrappers import Response

from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import geoip_country, language, site_host

blueprint = Blueprint("sites", __name__)

# How long a browser may keep a former domain's redirect without asking again: a day,
# so that renaming a site back (the former domain its own again) reaches everyone soon.
MOVED_MAX_AGE = 24 * 3600
_KEEPS_METHOD = frozenset({"GET", "HEAD"})


@blueprint.before_app_request
def former_domain() -> Response | None:
    """A request to a renamed site's former domain (`amora sites rename`, issue 32.5)
    goes to the same path and query on the site's domain: 301 Moved Permanently for GET
    and HEAD, 308 Permanent Redirect for the rest (a form or an API call keeps its method
    and body). The Host header decides, never ?_force_domain; the port stays."""
    moved = container().site_directory().moved(request.host)
    if moved is None:
        return None
    _, colon, port = request.host.rpartition(":")
    host = moved.domain + (f":{port}" if colon and port.isdigit() else "")
    query = request.query_string.decode("latin-1")
    location = f"{request.scheme}://{host}{iri_to_uri(request.path)}" + (
        f"?{query}" if query else "")
    answer = redirect(location, 301 if request.method in _KEEPS_METHOD else 308)
    answer.headers["Cache-Control"] = f"public, max-age={MOVED_MAX_AGE}"
    return answer


def _visitor_country() -> str | None:
    return geoip_country(container().config().geoip_header)


@blueprint.get("/api/settings")
def settings() -> dict[str, Any]:
    return render(container().site_queries().settings(site_host(), language(),
                                                      _visitor_country()))


@blueprint.get("/api/companyinfo")
def company_info() -> dict[str, Any]:
    return render(container().site_queries().company_info(site_host(), _visitor_country()))
