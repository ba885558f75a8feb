"""The file-store port on an S3-compatible bucket (AWS S3, MinIO, R2; moto in tests).
Credentials come from boto3's own chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
profiles, instance roles."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import IO, Any

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config as BotoConfig
from botocore.exceptions import BotoCoreError, ClientError

from adapters.files.names import CHUNK, checked_name
from application.ports.photos import FileStream

log = logging.getLogger(__name__)

# A signed link to a pending or locked photo outlives a page load, not much more.
PRIVATE_URL_SECONDS = 300
PUBLIC_URL_SECONDS = 3600
_MISSING = {"404", "NoSuchKey", "NotFound"}
# A large file goes up in parts of 8 MiB, one at a time: boto3's default sends ten at once
# from ten threads, each part held in memory.
_UPLOADS = TransferConfig(use_threads=False)


def _chunks(body: Any) -> Iterator[bytes]:
    try:
        yield from body.iter_chunks(CHUNK)
    finally:
        body.close()


def _missing(error: ClientError) -> bool:
    return error.response.get("Error", {}).get("Code") in _MISSING


class S3FileStore:
    def __init__(self, bucket: str, endpoint_url: str | None = None, region: str | None = None,
                 public_url: str | None = None, presign: bool = False) -> None:
        self._bucket = bucket
        self._public_url = public_url.rstrip("/") if public_url else None
        self._presign = presign
        # Creating a client connects to nothing; it is thread-safe and reused.
        self._client: Any = boto3.client(
            "s3", endpoint_url=endpoint_url or None, region_name=region or None,
            config=BotoConfig(
                signature_version="s3v4", connect_timeout=5, read_timeout=30,
                retries={"mode": "standard", "max_attempts": 3},
                # MinIO, moto and IP endpoints have no per-bucket host names.
                s3={"addressing_style": "path" if endpoint_url else "auto"},
            ),
        )

    def put(self, name: str, data: bytes, content_type: str) -> None:
        self._client.put_object(Bucket=self._bucket, Key=checked_name(name), Body=data,
                                ContentType=content_type)

    def put_file(self, name: str, file: IO[bytes], content_type: str) -> None:
        self._client.upload_fileobj(file, self._bucket, checked_name(name),
                                    ExtraArgs={"ContentType": content_type}, Config=_UPLOADS)

    def get(self, name: str) -> bytes | None:
        answer = self._get(name)
        return None if answer is None else answer["Body"].read()

    def stream(self, name: str) -> FileStream | None:
        answer = self._get(name)
        if answer is None:
            return None
        return FileStream(int(answer["ContentLength"]), _chunks(answer["Body"]))

    def _get(self, name: str) -> Any:
        try:
            return self._client.get_object(Bucket=self._bucket, Key=checked_name(name))
        except ValueError:
            return None
        except ClientError as error:
            if _missing(error):
                return None
            raise

    def delete(self, name: str) -> None:
        self._client.delete_object(Bucket=self._bucket, Key=checked_name(name))

    def size(self, name: str) -> int | None:
        try:
            answer = self._client.head_object(Bucket=self._bucket, Key=checked_name(name))
        except ValueError:
            return None
        except ClientError as error:
            if _missing(error):
                return None
            raise
        return int(answer["ContentLength"])

    def names(self) -> Iterator[str]:
        for page in self._client.get_paginator("list_objects_v2").paginate(Bucket=self._bucket):
            for item in page.get("Contents", []):
                yield item["Key"]

    def url_for(self, name: str, public: bool) -> str | None:
        if public and self._public_url:
            return f"{self._public_url}/{checked_name(name)}"
        if not self._presign:
            return None  # the bucket may be unreachable for browsers: the app streams it
        return self._client.generate_presigned_url(  # type: ignore[no-any-return]
            "get_object", Params={"Bucket": self._bucket, "Key": checked_name(name)},
            ExpiresIn=PUBLIC_URL_SECONDS if public else PRIVATE_URL_SECONDS)

    def ready(self) -> bool:
        try:
            self._client.head_bucket(Bucket=self._bucket)
        except (BotoCoreError, ClientError) as error:
            log.warning("photo storage not ready: bucket %s: %s", self._bucket, error)
            return False
        return True
