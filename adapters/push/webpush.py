"""Web push with pywebpush (VAPID, aes128gcm). The deployment's VAPID key pair is made
on first run and kept under var/ (or given as VAPID_PRIVATE_KEY), like the secret key."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from py_vapid.utils import b64urlencode
from pywebpush import WebPushException, webpush

from application.ports import PushSubscription

GONE = (404, 410)  # the push service no longer knows this subscription
TTL = 24 * 3600  # an undelivered push older than a day says nothing useful


def vapid_key(private_pem: str | None, var_dir: Path) -> Vapid:
    """The key pair: from configuration, else var/vapid_private.pem (made once)."""
    if private_pem:
        return Vapid.from_pem(private_pem.encode())
    path = var_dir / "vapid_private.pem"
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        key = Vapid()
        key.generate_keys()
        key.save_key(str(path))
        path.chmod(0o600)
    return Vapid.from_file(str(path))


def public_key(key: Vapid) -> str:
    """The applicationServerKey browsers subscribe with (uncompressed point, base64url)."""
    raw = key.public_key.public_bytes(serialization.Encoding.X962,
                                      serialization.PublicFormat.UncompressedPoint)
    return b64urlencode(raw)  # type: ignore[no-any-return]


class WebPushSender:
    def __init__(self, key: Vapid, contact: str, timeout: float = 10) -> None:
        self._key, self._contact, self._timeout = key, contact, timeout

    def send(self, subscription: PushSubscription, payload: dict[str, Any],
             topic: str) -> bool:
        info = {"endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
        try:
            webpush(info, json.dumps(payload), vapid_private_key=self._key,
                    vapid_claims={"sub": f"mailto:{self._contact}"}, ttl=TTL,
                    timeout=self._timeout, headers={"Topic": topic, "Urgency": "high"})
        except WebPushException as error:
            if error.response is not None and error.response.status_code in GONE:
                return False
            raise  # anything else is worth a retry (the job backs off)
        return True
