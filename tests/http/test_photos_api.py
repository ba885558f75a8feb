"""Photo upload, limits, visibility and deletion through the API."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.adapters.test_images import picture
from tests.http.test_accounts_api import SIGNUP


def upload(client: FlaskClient, data: bytes, name: str = "me.jpg"):  # type: ignore[no-untyped-def]
    from io import BytesIO

    return client.post("/api/photos", data={"file": (BytesIO(data), name)},
                       content_type="multipart/form-data")


def test_upload_limit_main_and_delete(client: FlaskClient, container) -> None:  # type: ignore[no-untyped-def]
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    first = upload(client, picture()).json["photo"]
    assert (first["status"], first["is_main"]) == ("pending", True)
    second = upload(client, picture("PNG")).json["photo"]
    upload(client, picture("WEBP"))
    full = upload(client, picture())
    assert (full.status_code, full.json) == (400, {"error": "photo_limit_reached",
                                                   "params": {"max": 3}})
    assert client.put(f"/api/photos/{second['id']}/main").status_code == 204
    photos = client.get("/api/profile").json["profile"]["photos"]
    assert photos[0]["id"] == second["id"] and photos[0]["is_main"]
    assert client.get(f"/media/{first['filename']}").status_code == 200  # the owner sees it
    assert client.delete(f"/api/photos/{second['id']}").status_code == 204
    # The files go by a background job (retried until the store answers).
    worker = container.tasks().worker(threads=1)
    worker.start()
    container.tasks().broker.join("default", timeout=10_000)
    worker.stop()
    assert container.files().get(second["filename"]) is None
    remaining = client.get("/api/profile").json["profile"]["photos"]
    assert len(remaining) == 2 and remaining[0]["is_main"]


def test_others_see_only_approved_photos(client: FlaskClient, container) -> None:  # type: ignore[no-untyped-def]
    client.post("/api/signup", json=SIGNUP)
    photo = upload(client, picture()).json["photo"]
    client.get("/api/logout")
    assert client.get(f"/media/{photo['filename']}").status_code == 404
    container.photos().review(photo["id"], approve=True, actor="ops")
    assert client.get(f"/media/{photo['filename']}").status_code == 200
    assert client.get(f"/media/{photo['thumb_filename']}").status_code == 200


def test_another_members_photo_is_not_found(client: FlaskClient) -> None:
    client.post("/api/signup", json=SIGNUP)
    photo = upload(client, picture()).json["photo"]
    client.get("/api/logout")
    client.post("/api/signup", json={**SIGNUP, "email": "bo@example.com", "name": "Bo"})
    for answer in (client.delete(f"/api/photos/{photo['id']}"),
                   client.put(f"/api/photos/{photo['id']}/main")):
        assert (answer.status_code, answer.json["error"]) == (404, "photo_not_found")
    assert client.delete("/api/photos/999999").json["error"] == "photo_not_found"


def test_malformed_uploads(client: FlaskClient) -> None:
    assert upload(client, picture()).status_code == 403  # visitors cannot upload
    client.post("/api/signup", json=SIGNUP)
    assert upload(client, b"%PDF-1.4 not a photo", "cv.pdf").json["error"] == "photo_invalid"
    assert upload(client, picture()[:1500]).json["error"] == "photo_invalid"
    assert client.post("/api/photos", data={}, content_type="multipart/form-data").json[
        "error"] == "photo_invalid"
    assert client.post("/api/photos", json={"file": "x"}).json["error"] == "photo_invalid"
    assert client.get("/api/profile").json["profile"]["photos"] == []
