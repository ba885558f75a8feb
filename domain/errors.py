"""The one error type rules raise; adapters turn its code into a translated text."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A rule said no. ``code`` is stable and translated by the client."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class NotFound(DomainError):
    def __init__(self, what: str, **params: Any) -> None:
        super().__init__(f"{what}_not_found", **params)
