"""The photo review sheet (issue 32.3, application/photo_sheet.py) as a server-rendered
page: `amora photos sheet` prints a link to /review/photos/<token>, which shows the next
60 photos waiting for review in a grid a moderator judges at a glance, on a phone or a
desktop, and composes the approve and reject commands for what they ticked.

Plain HTML from a Jinja template (autoescaped: every member text is escaped), no member
session: the signed token is the only authority, and a made-up, altered or expired one
shows nothing but why. Never indexed, cached or passed on as a referrer; the little
script (ticking photos, copying commands) is a file of this origin, as the content
security policy wants, and reads and writes only ids and text (textContent)."""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import Blueprint, Response, render_template

from adapters.http import limits
from adapters.http.composition import container
from application.photo_sheet import Sheet
from application.shared.own_photos import HeldBecause
from domain.errors import DomainError

blueprint = Blueprint("review", __name__, template_folder="templates")

# A moderator reloads the sheet after each batch; strangers guessing tokens get nowhere
# anyway (an HMAC), this only keeps them from costing the database much.
SHEET_LOADS = "120 per hour"
_PRIVATE = {
    "X-Robots-Tag": "noindex, nofollow, noarchive",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the token is in the path
}


def _private(response: Response) -> Response:
    response.headers.update(_PRIVATE)
    return response


@blueprint.get("/review/photos/<token>")
@limits.limiter.limit(SHEET_LOADS)
def photo_sheet(token: str) -> Response:
    try:
        sheet = container().photo_sheets().open(token)
    except DomainError as refused:
        expired = refused.code == "sheet_link_expired"
        page = render_template("review_refused.html", expired=expired)
        return _private(Response(page, status=410 if expired else 404,
                                 mimetype="text/html"))
    page = render_template("photo_sheet.html", sheet=sheet, since=_since, held=_held,
                           site_option=_site_option(sheet), expires=_moment(sheet.expires))
    return _private(Response(page, mimetype="text/html"))


@blueprint.get("/review/photo-sheet.js")
def photo_sheet_script() -> Response:
    response = Response(render_template("photo_sheet.js"), mimetype="text/javascript")
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def _site_option(sheet: Sheet) -> str:
    return f" --site {sheet.site}" if sheet.site else ""


def _moment(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M UTC")


def _since(age: timedelta) -> str:
    """How long ago, in the largest whole unit: 40 min, 5 h, 3 d, 7 mo, 2 y."""
    minutes = max(0, int(age.total_seconds() // 60))
    for size, unit in ((525_600, "y"), (43_200, "mo"), (1440, "d"), (60, "h")):
        if minutes >= size:
            return f"{minutes // size} {unit}"
    return f"{minutes} min"


def _held(held: HeldBecause) -> str:
    """Why the shield holds a photo, as `amora photos pending` says it."""
    if held.entry_id is not None:
        found = f"matches block-list entry {held.entry_id}"
    elif held.photo_id is not None:
        found = f"like photo {held.photo_id} of member {held.member_id}"
    else:
        found = "held"
    return f"{found} (decision {held.decision_id})"
