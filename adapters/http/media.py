"""Photos out of the file store at /media/<name> (the sites' default cdn_prefix)."""

from __future__ import annotations

import mimetypes

from flask import Blueprint, Response, redirect, request
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as BaseResponse

from adapters.http.composition import container
from adapters.http.session import current_member

blueprint = Blueprint("media", __name__)


@blueprint.get("/media/<path:name>")
def media(name: str) -> BaseResponse:  # a redirect, or the file
    photos = container().photos()
    public = photos.visible_file(name, None)  # active: anyone who has the name may see it
    if not public and not photos.previewable(name, request.args.get("preview")):
        viewer = current_member()
        if viewer is None or not photos.visible_file(name, viewer.id):
            raise NotFound()  # pending and rejected photos exist for their owner (and an
            # operator's signed preview link from `amora photos pending`)
    files = container().files()
    url = files.url_for(name, public)  # a CDN or a short-lived signed link, if configured
    if url is not None:
        response = redirect(url, 302)
        response.cache_control.private = True
        response.cache_control.max_age = 60  # well within a signed link's life
        return response
    data = files.get(name)
    if data is None:
        raise NotFound()
    response = Response(data, mimetype=mimetypes.guess_type(name)[0] or "application/octet-stream")
    response.cache_control.private = True  # an approval or deletion must not linger in caches
    response.cache_control.max_age = 3600
    return response
