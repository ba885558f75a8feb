"""Signed tokens for links that work without a login (one-click unsubscribe), with
itsdangerous (Flask's own signer) under the deployment's secret key."""

from __future__ import annotations

from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer


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
