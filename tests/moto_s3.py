"""A real S3 API on loopback: moto in server mode, one per test session, with throwaway
credentials so boto3 never looks further (no profiles, no instance metadata)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import boto3
import pytest
from moto.server import ThreadedMotoServer

S3_CREDENTIALS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
                  "AWS_DEFAULT_REGION": "us-east-1", "AWS_CONFIG_FILE": "/dev/null",
                  "AWS_SHARED_CREDENTIALS_FILE": "/dev/null", "AWS_EC2_METADATA_DISABLED": "true"}


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    with pytest.MonkeyPatch.context() as patch:
        for name, value in S3_CREDENTIALS.items():
            patch.setenv(name, value)
        patch.delenv("AWS_SESSION_TOKEN", raising=False)
        patch.delenv("AWS_PROFILE", raising=False)
        server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
        server.start()
        host, port = server.get_host_and_port()
        yield f"http://{host}:{port}"
        server.stop()


@pytest.fixture
def s3_bucket(s3_endpoint: str) -> str:
    """A fresh, empty bucket for one test."""
    name = f"amora-{uuid.uuid4().hex[:12]}"
    boto3.client("s3", endpoint_url=s3_endpoint).create_bucket(Bucket=name)
    return name
