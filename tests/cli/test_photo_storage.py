"""`amora photos migrate-storage`: local photo files into the S3 bucket (moto's server)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest
from typer.testing import CliRunner

from adapters.files.local import LocalFileStore
from cli import context
from cli.main import app
from tests.cli.conftest import Amora

runner = CliRunner()


@pytest.fixture
def amora(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, s3_endpoint: str,
          s3_bucket: str) -> Iterator[Amora]:
    for name, value in {"VAR_DIR": str(tmp_path), "STORAGE_BACKEND": "s3", "S3_BUCKET": s3_bucket,
                        "S3_ENDPOINT_URL": s3_endpoint, "SECRET_KEY": "test"}.items():
        monkeypatch.setenv(name, value)
    context.container.cache_clear()
    yield lambda *args: runner.invoke(app, ["photos", "migrate-storage", *args])
    context.container.cache_clear()


def test_copies_resumes_and_deletes_local_files_only_once_copied(
        amora: Amora, tmp_path: Path, s3_endpoint: str, s3_bucket: str) -> None:
    local = LocalFileStore(tmp_path / "files")
    local.put("photos/1/a.jpg", b"\xff\xd8a", "image/jpeg")
    local.put("photos/1/a_thumb.jpg", b"\xff\xd8", "image/jpeg")
    bucket = boto3.client("s3", endpoint_url=s3_endpoint)

    def in_bucket() -> dict[str, str]:
        listed = bucket.list_objects_v2(Bucket=s3_bucket).get("Contents", [])
        return {item["Key"]: bucket.head_object(Bucket=s3_bucket, Key=item["Key"])["ContentType"]
                for item in listed}

    dry = amora("--dry-run", "--delete-local")
    assert dry.exit_code == 0, dry.output
    assert "to copy" in dry.output and "2 (0.0 MB)" in dry.output and in_bucket() == {}
    copied = amora()
    assert copied.exit_code == 0 and "copied" in copied.output
    assert in_bucket() == {"photos/1/a.jpg": "image/jpeg", "photos/1/a_thumb.jpg": "image/jpeg"}
    assert sorted(local.names()) == ["photos/1/a.jpg", "photos/1/a_thumb.jpg"]
    local.put("photos/2/b.jpg", b"\xff\xd8b", "image/jpeg")  # uploaded meanwhile
    finished = amora("--delete-local")
    assert finished.exit_code == 0
    rows = {line.strip("│ ").split("│")[0].strip(): line.split("│")[2].strip()
            for line in finished.output.splitlines() if line.count("│") == 3}
    assert (rows["copied"], rows["already in the bucket"], rows["deleted locally"]) == (
        "1 (0.0 MB)", "2", "3")
    assert list(local.names()) == [] and len(in_bucket()) == 3


def test_needs_the_s3_backend(amora: Amora, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STORAGE_BACKEND", "local")
    refused = amora()
    assert refused.exit_code == 1 and "STORAGE_BACKEND=s3" in refused.output


def test_an_unreachable_bucket_is_refused(amora: Amora, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("S3_BUCKET", "no-such-bucket")
    refused = amora()
    assert refused.exit_code == 1 and "no-such-bucket is not reachable" in refused.output
