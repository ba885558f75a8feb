"""Photos with STORAGE_BACKEND=s3 (moto's server): uploaded through the API, read back
through the app under the same rule as local files; a CDN or signed links when set."""

from __future__ import annotations

import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest

from adapters.container import Container, build_container
from adapters.files.s3 import PRIVATE_URL_SECONDS
from tests.adapters.test_images import picture
from tests.api_client import ApiClient
from tests.conftest import make_config
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_photos_api import upload


@pytest.fixture
def s3_settings() -> dict[str, str]:
    return {}


@pytest.fixture
def container(tmp_path: Path, database_url: str, s3_endpoint: str, s3_bucket: str,
              s3_settings: dict[str, str]) -> Iterator[Container]:
    built = build_container(make_config(
        tmp_path, DATABASE_URL=database_url, WEB_DIST=str(tmp_path / "dist"),
        STORAGE_BACKEND="s3", S3_BUCKET=s3_bucket, S3_ENDPOINT_URL=s3_endpoint, **s3_settings))
    yield built
    built.engine().dispose()


def test_an_upload_lands_in_the_bucket_and_reads_back_through_the_app(
        client: ApiClient, container: Container, s3_endpoint: str, s3_bucket: str) -> None:
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    photo = upload(client, picture()).json["photo"]
    key = photo["filename"].partition("?")[0]  # the answer's is a link signed for the owner
    stored = boto3.client("s3", endpoint_url=s3_endpoint).get_object(Bucket=s3_bucket, Key=key)
    assert stored["ContentType"] == "image/jpeg"
    body = stored["Body"].read()
    answer = client.get(f"/media/{photo['filename']}")  # pending: its owner only
    assert (answer.status_code, answer.mimetype, answer.data) == (200, "image/jpeg", body)
    assert not (Path(container.config().files_dir) / key).exists()
    client.post("/api/logout")
    assert client.get(f"/media/{photo['filename']}").status_code == 404
    container.photos().review(photo["id"], approve=True, actor="ops")
    assert client.get(f"/media/{photo['thumb_filename']}").status_code == 200


@pytest.mark.parametrize("s3_settings", [{"S3_PUBLIC_URL": "https://cdn.example/amora",
                                          "S3_PRESIGN": "on"}])
def test_public_photos_go_to_the_cdn_private_ones_to_a_short_signed_link(
        client: ApiClient, container: Container) -> None:
    client.post("/api/signup", json=SIGNUP)
    photo, second = (upload(client, picture()).json["photo"] for _ in range(2))
    key, second_key = (p["filename"].partition("?")[0] for p in (photo, second))

    def private_link(name: str) -> str:
        answer = client.get(f"/media/{name}")
        assert answer.status_code == 302
        link = answer.headers["Location"]
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
        assert query["X-Amz-Expires"] == [str(PRIVATE_URL_SECONDS)]  # never the CDN
        return link

    with urllib.request.urlopen(private_link(photo["filename"])) as signed:
        assert signed.read() == container.files().get(key)
    container.photos().review_many([photo["id"], second["id"]], approve=True, actor="ops")
    # Approved but not the main photo: locked to free members, so never the CDN's.
    profile: Any = client.get("/api/profile").json
    [_, own] = profile["profile"]["photos"]
    private_link(own["filename"])
    assert client.get(f"/media/{second_key}").status_code == 404
    client.post("/api/logout")
    assert client.get(f"/media/{own['filename']}").status_code == 404  # no link for others
    public = client.get(f"/media/{key}")
    assert (public.status_code, public.headers["Location"]) == (
        302, f"https://cdn.example/amora/{key}")
