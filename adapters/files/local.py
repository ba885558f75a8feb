"""The file-store port on a local directory (embedded default)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, BinaryIO

from adapters.files.names import CHUNK, checked_name
from application.ports.photos import FileStream

_TEMPORARY = ".upload-"


def _chunks(file: BinaryIO) -> Iterator[bytes]:
    with file:
        while chunk := file.read(CHUNK):
            yield chunk


class LocalFileStore:
    def __init__(self, root: Path) -> None:
        self._root = root

    def _path(self, name: str) -> Path:
        return self._root / checked_name(name)

    def put(self, name: str, data: bytes, content_type: str) -> None:
        self._write(name, lambda file: file.write(data))

    def put_file(self, name: str, file: IO[bytes], content_type: str) -> None:
        self._write(name, lambda target: shutil.copyfileobj(file, target, CHUNK))

    def _write(self, name: str, write: Callable[[BinaryIO], object]) -> None:
        path = self._path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename, so a reader never sees half a photo.
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=_TEMPORARY)
        try:
            with os.fdopen(handle, "wb") as file:
                write(file)
        except BaseException:
            os.unlink(temporary)  # a failed copy leaves nothing behind
            raise
        os.chmod(temporary, 0o644)  # mkstemp makes 0600; the web server may be another user
        os.replace(temporary, path)

    def get(self, name: str) -> bytes | None:
        try:
            return self._path(name).read_bytes()
        except (FileNotFoundError, ValueError):
            return None

    def stream(self, name: str) -> FileStream | None:
        try:
            file = self._path(name).open("rb")
        except (FileNotFoundError, ValueError):
            return None
        return FileStream(os.fstat(file.fileno()).st_size, _chunks(file))

    def delete(self, name: str) -> None:
        self._path(name).unlink(missing_ok=True)

    def size(self, name: str) -> int | None:
        try:
            return self._path(name).stat().st_size
        except (FileNotFoundError, ValueError):
            return None

    def names(self) -> Iterator[str]:
        for path in sorted(self._root.rglob("*")):
            if path.is_file() and not path.name.startswith(_TEMPORARY):  # half-written
                yield path.relative_to(self._root).as_posix()

    def url_for(self, name: str, public: bool) -> str | None:
        return None  # the app serves local files itself (adapters/http/media.py)

    def ready(self) -> bool:
        try:
            self._root.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        return os.access(self._root, os.W_OK)
