"""Secrets, password hashes and signed links."""

from __future__ import annotations

from typing import Any, Protocol


class Secrets(Protocol):
    """Unguessable tokens (CSPRNG) and the one-way digest under which they are stored."""

    def token(self) -> str: ...
    def code(self, length: int) -> str: ...
    def digest(self, token: str) -> str: ...


class PasswordHasher(Protocol):
    def hash(self, password: str) -> str: ...
    def verify(self, password_hash: str, password: str) -> bool: ...


class Signer(Protocol):
    """Tamper-proof tokens for links that need no login (one-click unsubscribe)."""

    def sign(self, purpose: str, data: list[Any]) -> str: ...
    def unsign(self, purpose: str, token: str) -> list[Any] | None: ...
    def mac(self, purpose: str, text: str) -> str:
        """A URL-safe signature of ``text`` alone, for links that carry their data in the
        clear (a photo's name and expiry, application.shared.photo_links)."""
        ...
