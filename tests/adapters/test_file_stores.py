"""The file-store port's contract, held by both adapters: a local directory and an
S3 bucket (moto's server on loopback)."""

from __future__ import annotations

import io
import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Generator
from pathlib import Path

import pytest

from adapters.files.local import LocalFileStore
from adapters.files.names import CHUNK
from adapters.files.s3 import PRIVATE_URL_SECONDS, S3FileStore
from application.ports.photos import FileStore


@pytest.fixture(params=["local", "s3"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> FileStore:
    if request.param == "local":
        return LocalFileStore(tmp_path / "files")
    return S3FileStore(request.getfixturevalue("s3_bucket"),
                       endpoint_url=request.getfixturevalue("s3_endpoint"))


def test_put_get_size_and_delete(store: FileStore) -> None:
    store.put("photos/1/a.jpg", b"jpeg", "image/jpeg")
    store.put("photos/1/a_thumb.jpg", b"tiny", "image/jpeg")
    assert store.get("photos/1/a.jpg") == b"jpeg"
    assert store.size("photos/1/a.jpg") == 4
    store.put("photos/1/a.jpg", b"jpeg, again", "image/jpeg")  # replaced whole
    assert store.get("photos/1/a.jpg") == b"jpeg, again"
    assert sorted(store.names()) == ["photos/1/a.jpg", "photos/1/a_thumb.jpg"]
    store.delete("photos/1/a.jpg")
    assert (store.get("photos/1/a.jpg"), store.size("photos/1/a.jpg")) == (None, None)
    assert list(store.names()) == ["photos/1/a_thumb.jpg"]


def test_a_missing_file_is_none_and_deleting_it_is_harmless(store: FileStore) -> None:
    assert store.get("photos/9/none.jpg") is None
    assert store.size("photos/9/none.jpg") is None
    store.delete("photos/9/none.jpg")
    assert list(store.names()) == []


@pytest.mark.parametrize("name", ["../etc/passwd", "/abs", "a/../../b", "", "a//b"])
def test_unsafe_names_are_refused(store: FileStore, name: str) -> None:
    with pytest.raises(ValueError):
        store.put(name, b"x", "text/plain")
    assert store.get(name) is None
    assert store.size(name) is None


def test_a_large_file_goes_in_from_a_file_and_comes_out_a_piece_at_a_time(
        store: FileStore) -> None:
    """A member's data export: never whole in memory on its way in or out."""
    data = os.urandom(3 * CHUNK + 5)
    source = io.BytesIO(b"header" + data)
    source.seek(6)  # from where the file stands
    store.put_file("exports/a.zip", source, "application/zip")
    stream = store.stream("exports/a.zip")
    assert stream is not None and stream.size == len(data)
    pieces = list(stream.chunks)
    assert b"".join(pieces) == data and max(map(len, pieces)) <= CHUNK
    assert store.stream("exports/none.zip") is None
    opened = store.stream("exports/a.zip")
    assert opened is not None
    assert isinstance(opened.chunks, Generator)  # closable, as the port says
    next(opened.chunks)
    opened.chunks.close()  # a download broken off halfway
    store.delete("exports/a.zip")
    assert store.stream("exports/a.zip") is None and list(store.names()) == []
    with pytest.raises(ValueError):
        store.put_file("../a.zip", io.BytesIO(b"x"), "application/zip")
    assert store.stream("../a.zip") is None


def test_the_store_is_ready(store: FileStore) -> None:
    assert store.ready()


def test_local_files_are_served_by_the_app(tmp_path: Path) -> None:
    store = LocalFileStore(tmp_path)
    store.put("photos/1/a.jpg", b"jpeg", "image/jpeg")
    assert store.url_for("photos/1/a.jpg", public=True) is None
    assert not list((tmp_path / "photos" / "1").glob(".upload-*"))  # no temporaries left


def test_a_missing_bucket_is_not_ready(s3_endpoint: str) -> None:
    assert not S3FileStore("no-such-bucket", endpoint_url=s3_endpoint).ready()


def test_s3_keeps_the_content_type_for_signed_links(s3_endpoint: str, s3_bucket: str) -> None:
    store = S3FileStore(s3_bucket, endpoint_url=s3_endpoint, presign=True)
    store.put("photos/1/a.png", b"png!", "image/png")
    url = store.url_for("photos/1/a.png", public=False)
    assert url is not None
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    assert query["X-Amz-Expires"] == [str(PRIVATE_URL_SECONDS)]  # private: short-lived
    with urllib.request.urlopen(url) as answer:
        assert (answer.read(), answer.headers["Content-Type"]) == (b"png!", "image/png")
    with pytest.raises(urllib.error.HTTPError):  # the bucket itself is not public
        urllib.request.urlopen(url.split("?")[0])


def test_s3_public_photos_come_from_the_cdn_private_ones_never(s3_endpoint: str,
                                                                 s3_bucket: str) -> None:
    cdn = S3FileStore(s3_bucket, endpoint_url=s3_endpoint, public_url="https://cdn.example/")
    assert cdn.url_for("photos/1/a.jpg", public=True) == "https://cdn.example/photos/1/a.jpg"
    assert cdn.url_for("photos/1/a.jpg", public=False) is None  # through the app
    plain = S3FileStore(s3_bucket, endpoint_url=s3_endpoint)
    assert plain.url_for("photos/1/a.jpg", public=True) is None


def test_s3_takes_a_file_of_several_parts(s3_endpoint: str, s3_bucket: str) -> None:
    """A copy over 8 MiB goes up in parts (one at a time) and comes back whole, typed."""
    store = S3FileStore(s3_bucket, endpoint_url=s3_endpoint, presign=True)
    data = os.urandom(9 * 1024 * 1024)
    store.put_file("exports/big.zip", io.BytesIO(data), "application/zip")
    stream = store.stream("exports/big.zip")
    assert stream is not None and stream.size == len(data)
    assert b"".join(stream.chunks) == data
    url = store.url_for("exports/big.zip", public=False)
    assert url is not None
    with urllib.request.urlopen(url) as answer:
        assert answer.headers["Content-Type"] == "application/zip"


def test_a_local_copy_that_fails_halfway_leaves_nothing(tmp_path: Path) -> None:
    store = LocalFileStore(tmp_path)
    store.put("exports/a.zip", b"the old copy", "application/zip")

    class Broken(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            if self.tell():
                raise OSError("the disk went away")
            return super().read(size)

    with pytest.raises(OSError):
        store.put_file("exports/a.zip", Broken(os.urandom(2 * CHUNK)), "application/zip")
    assert store.get("exports/a.zip") == b"the old copy"  # never half a file
    assert not list((tmp_path / "exports").glob(".upload-*"))
