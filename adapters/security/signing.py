"""Signed tokens for links that work without a login (one-click unsubscribe), and bare
signatures for links that carry their data in the clear (photo links), with itsdangerous
(Flask's own signer) under the deployment's secret key."""

from __future__ import annotations

import hashlib
from typing import Any

from itsdangerous import BadSignature, Signer, URLSafeSerializer


class SecretSigner:
    def __init__(self, secret_key: str) -> None:
        self._secret = secret_key

    def sign(self, purpose: str, data: list[Any]) -> str:
        return URLSafeSerializer(self._secret, salt=purpose).dumps(data)

    def unsign(self, purpose: str, token: str) -> list[Any] | None:
        try:
            data = URLSafeSerializer(self._secret, salt=purpose).loads(token)
        except BadSignature:
            return None
        return data if isinstance(data, list) else None

    def mac(self, purpose: str, text: str) -> str:
        # HMAC-SHA256 under a key derived for the purpose: 43 URL-safe characters.
        signer = Signer(self._secret, salt=purpose, digest_method=hashlib.sha256)
        return signer.get_signature(text).decode("ascii")
