"""Own photos: upload (multipart field `file`), delete, make main (issue 4)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.session import require_member
from application.photos import Photos
from domain.errors import DomainError

blueprint = Blueprint("photos", __name__)


def _photos() -> Photos:
    return container().photos()


@blueprint.post("/api/photos")
@limits.limiter.limit(limits.PHOTO_UPLOADS, key_func=limits.per_member)
def upload() -> tuple[dict[str, Any], int]:
    member = require_member()
    upload = request.files.get("file")
    if upload is None:
        raise DomainError("photo_invalid")
    return {"photo": render(_photos().upload(member.id, upload.read()))}, 201


@blueprint.delete("/api/photos/<int:photo_id>")
def delete(photo_id: int) -> Response:
    _photos().delete(require_member().id, photo_id)
    return Response(status=204)


@blueprint.put("/api/photos/<int:photo_id>/main")
def make_main(photo_id: int) -> Response:
    _photos().set_main(require_member().id, photo_id)
    return Response(status=204)
