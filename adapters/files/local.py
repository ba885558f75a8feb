"""The file-store port on a local directory (embedded default)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from adapters.files.names import checked_name

_TEMPORARY = ".upload-"


class LocalFileStore:
    def __init__(self, root: Path) -> None:
        self._root = root

    def _path(self, name: str) -> Path:
        return self._root / checked_name(name)

    def put(self, name: str, data: bytes, content_type: str) -> None:
        path = self._path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename, so a reader never sees half a photo.
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=_TEMPORARY)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)  # mkstemp makes 0600; the web server may be another user
        os.replace(temporary, path)

    def get(self, name: str) -> bytes | None:
        try:
            return self._path(name).read_bytes()
        except (FileNotFoundError, ValueError):
            return None

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
