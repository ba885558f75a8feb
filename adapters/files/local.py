"""The file-store port on a local directory (embedded default)."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$")


class LocalFileStore:
    def __init__(self, root: Path) -> None:
        self._root = root

    def _path(self, name: str) -> Path:
        if not _SAFE_NAME.match(name) or ".." in name or "//" in name:
            raise ValueError(f"unsafe file name: {name!r}")
        return self._root / name

    def put(self, name: str, data: bytes, content_type: str) -> None:
        path = self._path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename, so a reader never sees half a photo.
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
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
