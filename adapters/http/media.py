"""Photos out of the file store at /media/<name> (the sites' default cdn_prefix)."""

from __future__ import annotations

import mimetypes

from flask import Blueprint, Response, current_app
from werkzeug.exceptions import NotFound

blueprint = Blueprint("media", __name__)


@blueprint.get("/media/<path:name>")
def media(name: str) -> Response:
    data = current_app.extensions["amora"].files().get(name)
    if data is None:
        raise NotFound()
    response = Response(data, mimetype=mimetypes.guess_type(name)[0] or "application/octet-stream")
    response.cache_control.public = True
    response.cache_control.max_age = 86_400
    return response
