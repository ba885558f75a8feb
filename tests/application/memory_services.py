"""Stand-ins for the clock, the task queue, the file store, password hashing and secrets:
fast and predictable, for use-case tests."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import IO, Any

from application.ports.jobs import Job
from application.ports.photos import FileStream

CHUNK = 64 * 1024


class FixedClock:
    def __init__(self, now: datetime = datetime(2026, 11, 21, 12, tzinfo=UTC)) -> None:
        self.current = now

    def now(self) -> datetime:
        return self.current


class RecordingTasks:
    """The task-queue port that remembers what was enqueued (jobs run by the test)."""

    def __init__(self) -> None:
        self.jobs: list[Job] = []

    def enqueue(self, job: Job) -> None:
        self.jobs.append(job)


class MemoryFiles:
    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}

    def put(self, name: str, data: bytes, content_type: str) -> None:
        self.data[name] = data

    def put_file(self, name: str, file: IO[bytes], content_type: str) -> None:
        self.data[name] = b"".join(iter(lambda: file.read(CHUNK), b""))

    def get(self, name: str) -> bytes | None:
        return self.data.get(name)

    def stream(self, name: str) -> FileStream | None:
        data = self.data.get(name)
        if data is None:
            return None
        return FileStream(len(data), iter([data[at:at + CHUNK]
                                           for at in range(0, len(data), CHUNK)]))

    def delete(self, name: str) -> None:
        self.data.pop(name, None)

    def size(self, name: str) -> int | None:
        return len(self.data[name]) if name in self.data else None

    def names(self) -> list[str]:
        return sorted(self.data)

    def url_for(self, name: str, public: bool) -> str | None:
        return None

    def ready(self) -> bool:
        return True


class PlainPasswords:
    """A fast, reversible-free stand-in hasher for use-case tests (argon2 is tested apart)."""

    def hash(self, password: str) -> str:
        return "plain$" + password[::-1]

    def verify(self, password_hash: str, password: str) -> bool:
        return password_hash == self.hash(password)


class CountingSecrets:
    def __init__(self) -> None:
        self.issued = 0

    def token(self) -> str:
        self.issued += 1
        return f"token-{self.issued}"

    def code(self, length: int) -> str:
        return "1" * length

    def digest(self, token: str) -> str:
        return "sha:" + token


class PlainSigner:
    """Signs in the clear (purpose and data readable): use-case tests check who may open
    what, not the cryptography (adapters/security has its own tests)."""

    def sign(self, purpose: str, data: list[Any]) -> str:
        return json.dumps([purpose, data])

    def unsign(self, purpose: str, token: str) -> list[Any] | None:
        try:
            signed_for, data = json.loads(token)
        except ValueError:
            return None
        return list(data) if signed_for == purpose else None

    def mac(self, purpose: str, text: str) -> str:
        return f"{purpose}-{len(text)}-{sum(map(ord, text))}"
