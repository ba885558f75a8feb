"""Photos out of the file store at /media/<name> (the sites' default cdn_prefix).

Who gets which file is the photo rule's (application.photos.Photos.served): the main photo
to anyone, any other photo only by a link signed for the member signed in
(``?exp=…&sig=…``, application.shared.photo_links) or an operator's preview (``?preview=…``)."""

from __future__ import annotations

import mimetypes

from flask import Blueprint, Response, redirect, request
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as BaseResponse

from adapters.http.composition import container
from adapters.http.session import current_member
from application.photo_files import FileRequest

blueprint = Blueprint("media", __name__)


def _viewer() -> int | None:
    member = current_member()
    return member.id if member else None


@blueprint.get("/media/<path:name>")
def media(name: str) -> BaseResponse:  # a redirect, or the file
    asked = FileRequest(name, expires=request.args.get("exp"),
                        signature=request.args.get("sig"), preview=request.args.get("preview"))
    public = container().photos().served(asked, _viewer)
    if public is None:
        raise NotFound()  # no such photo, or not for this request: the same answer
    files = container().files()
    # A CDN only ever gets public names; the others a short-lived signed bucket link, if
    # configured, or the bytes from here.
    url = files.url_for(name, public)
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
    # A signed link is the same URL for a clock hour (application.shared.photo_links): the
    # browser keeps what it fetched about as long as it is given that URL.
    response.cache_control.max_age = 3600
    return response
