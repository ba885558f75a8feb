"""File names both stores accept: relative, no way out of the store's root; and the
piece a large file is copied or read in."""

from __future__ import annotations

import re

CHUNK = 256 * 1024  # a data export is read and copied this much at a time
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$")


def checked_name(name: str) -> str:
    if not _SAFE_NAME.match(name) or ".." in name or "//" in name:
        raise ValueError(f"unsafe file name: {name!r}")
    return name
