"""Photos out of the file store at /media/<name> (the sites' default cdn_prefix)."""

from __future__ import annotations

import mimetypes

from flask import Blueprint, Response, current_app
from werkzeug.exceptions import NotFound

from adapters.http.session import current_member

blueprint = Blueprint("media", __name__)


@blueprint.get("/media/<path:name>")
def media(name: str) -> Response:
    container = current_app.extensions["amora"]
    viewer = current_member()
    if not container.photos().visible_file(name, viewer.id if viewer else None):
        raise NotFound()  # pending and rejected photos exist only for their owner
    data = container.files().get(name)
    if data is None:
        raise NotFound()
    response = Response(data, mimetype=mimetypes.guess_type(name)[0] or "application/octet-stream")
    response.cache_control.private = True  # an approval or deletion must not linger in caches
    response.cache_control.max_age = 3600
    return response
