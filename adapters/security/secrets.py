"""The secrets port: 256-bit tokens from the OS CSPRNG, stored as SHA-256 digests."""

from __future__ import annotations

import hashlib
import secrets


class TokenSecrets:
    def token(self) -> str:
        return secrets.token_urlsafe(32)

    def code(self, length: int) -> str:
        """A numeric code (SMS), every digit from the CSPRNG."""
        return "".join(str(secrets.randbelow(10)) for _ in range(length))

    def digest(self, token: str) -> str:
        return hashlib.sha256(token.encode("utf-8")).hexdigest()
