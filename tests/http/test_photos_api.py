"""Photo upload, limits, visibility and deletion through the API."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.container import Container
from tests.adapters.test_images import picture
from tests.api_client import ApiClient, ApiResponse
from tests.http.test_accounts_api import SIGNUP


def upload(client: ApiClient, data: bytes, name: str = "me.jpg") -> ApiResponse:
    from io import BytesIO

    return client.post("/api/photos", data={"file": (BytesIO(data), name)},
                       content_type="multipart/form-data")


def test_upload_limit_main_and_delete(client: ApiClient, container: Container) -> None:
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    first = upload(client, picture()).json["photo"]
    assert (first["status"], first["is_main"]) == ("pending", True)
    second = upload(client, picture("PNG")).json["photo"]
    upload(client, picture("WEBP"))
    full = upload(client, picture())
    assert (full.status_code, full.json) == (400, {"error": "photo_limit_reached",
                                                   "params": {"max": 3}})
    container.photos().review(second["id"], approve=True, actor="ops")
    assert client.put(f"/api/photos/{second['id']}/main").status_code == 204
    photos = client.get("/api/profile").json["profile"]["photos"]
    assert photos[0]["id"] == second["id"] and photos[0]["is_main"]
    assert client.get(f"/media/{first['filename']}").status_code == 200  # the owner sees it
    assert client.delete(f"/api/photos/{second['id']}").status_code == 204
    # The files go by a background job (retried until the store answers).
    container.tasks().drain()
    assert container.files().get(second["filename"].partition("?")[0]) is None
    remaining = client.get("/api/profile").json["profile"]["photos"]
    assert len(remaining) == 2 and remaining[0]["is_main"]


def test_a_photo_under_review_cannot_be_made_the_main_one(
        client: ApiClient, container: Container) -> None:
    """The photos manager offered "Set as main" on a photo under review and the server
    took it: the profile's face became a photo nobody else may see (issue 29.7)."""
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    first = upload(client, picture()).json["photo"]
    container.photos().review(first["id"], approve=True, actor="ops")
    waiting = upload(client, picture("PNG")).json["photo"]
    answer = client.put(f"/api/photos/{waiting['id']}/main")
    assert (answer.status_code, answer.json) == (400, {"error": "photo_pending", "params": {}})
    photos = client.get("/api/profile").json["profile"]["photos"]
    assert [(p["id"], p["is_main"]) for p in photos] == [(first["id"], True),
                                                         (waiting["id"], False)]
    container.photos().review(waiting["id"], approve=True, actor="ops")
    assert client.put(f"/api/photos/{waiting['id']}/main").status_code == 204


def test_others_see_only_approved_photos(client: ApiClient, container: Container) -> None:
    client.post("/api/signup", json=SIGNUP)
    photo = upload(client, picture()).json["photo"]
    client.post("/api/logout")
    assert client.get(f"/media/{photo['filename']}").status_code == 404
    container.photos().review(photo["id"], approve=True, actor="ops")
    assert client.get(f"/media/{photo['filename']}").status_code == 200
    assert client.get(f"/media/{photo['thumb_filename']}").status_code == 200


def test_another_members_photo_is_not_found(client: ApiClient) -> None:
    client.post("/api/signup", json=SIGNUP)
    photo = upload(client, picture()).json["photo"]
    client.post("/api/logout")
    client.post("/api/signup", json={**SIGNUP, "email": "bo@example.com", "name": "Bo"})
    for answer in (client.delete(f"/api/photos/{photo['id']}"),
                   client.put(f"/api/photos/{photo['id']}/main")):
        assert (answer.status_code, answer.json["error"]) == (404, "photo_not_found")
    assert client.delete("/api/photos/999999").json["error"] == "photo_not_found"


def test_malformed_uploads(client: ApiClient) -> None:
    assert upload(client, picture()).status_code == 403  # visitors cannot upload
    client.post("/api/signup", json=SIGNUP)
    assert upload(client, b"%PDF-1.4 not a photo", "cv.pdf").json["error"] == "photo_invalid"
    assert upload(client, picture()[:1500]).json["error"] == "photo_invalid"
    assert client.post("/api/photos", data={}, content_type="multipart/form-data").json[
        "error"] == "photo_invalid"
    assert client.post("/api/photos", json={"file": "x"}).json["error"] == "photo_invalid"
    assert client.get("/api/profile").json["profile"]["photos"] == []


def test_a_pixel_flood_is_refused(client: ApiClient) -> None:
    from tests.adapters.test_images import pixel_flood

    client.post("/api/signup", json=SIGNUP)
    answer = upload(client, pixel_flood(), "flood.png")
    assert (answer.status_code, answer.json["error"]) == (400, "photo_too_many_pixels")
    assert client.get("/api/profile").json["profile"]["photos"] == []


def test_the_photo_limit_is_checked_before_any_decoding(client: ApiClient,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image, ImageFile

    from tests.adapters.test_images import pixel_flood

    client.post("/api/signup", json=SIGNUP)
    for _ in range(3):
        assert upload(client, picture()).status_code == 201

    def no_decoding(self: ImageFile.ImageFile) -> None:
        raise AssertionError("pixels decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    monkeypatch.setattr(Image, "open", no_decoding)
    for data in (picture(), pixel_flood()):
        answer = upload(client, data)
        assert (answer.status_code, answer.json["error"]) == (400, "photo_limit_reached")


def test_uploads_are_rate_limited_per_member(tmp_path: Path, database_url: str) -> None:
    from adapters.container import build_container
    from adapters.http.app import create_app
    from adapters.http.limits import PHOTO_UPLOADS
    from tests.conftest import make_config, seed_default_site

    container = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                            RATE_LIMITS="on"))
    seed_default_site(container)
    app = create_app(container)
    allowed = int(PHOTO_UPLOADS.split()[0])
    first, second = ApiClient(app), ApiClient(app)  # one address, two members
    first.post("/api/signup", json=SIGNUP)
    second.post("/api/signup", json={**SIGNUP, "email": "bo@example.com", "name": "Bo"})
    answers = [upload(first, b"not a photo").status_code for _ in range(allowed + 1)]
    assert answers == [400] * allowed + [429]
    assert upload(first, picture()).json["error"] == "too_many_requests"
    assert upload(second, b"not a photo").json["error"] == "photo_invalid"
    container.engine().dispose()
