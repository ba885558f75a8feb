"""File names both stores accept: relative, no way out of the store's root."""

from __future__ import annotations

import re

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$")


def checked_name(name: str) -> str:
    if not _SAFE_NAME.match(name) or ".." in name or "//" in name:
        raise ValueError(f"unsafe file name: {name!r}")
    return name
