"""Web push with pywebpush (VAPID, aes128gcm). The deployment's VAPID key pair is made
on first run and kept under var/ (or given as VAPID_PRIVATE_KEY), like the secret key."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any

import requests
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from py_vapid.utils import b64urlencode

from adapters import metrics
from application.ports.notifications import PushPayload, PushSubscription

GONE = (404, 410)  # the push service no longer knows this subscription
TTL = 24 * 3600  # an undelivered push older than a day says nothing useful
TIMEOUT = (5.0, 10.0)  # seconds to connect, and to wait for the answer


class _PushSession(requests.Session):
    """The push goes to the endpoint's push service and no further (a redirect is an
    error, retried later), and answers in time or fails."""

    def __init__(self, timeout: float | tuple[float, float]) -> None:
        super().__init__()
        self.max_redirects = 0
        self._timeout = timeout

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["timeout"] = self._timeout
        return super().request(*args, **kwargs)


def vapid_key(private_pem: str | None, var_dir: Path) -> Vapid:
    """The key pair: from configuration, else var/vapid_private.pem (made once)."""
    if private_pem:
        return Vapid.from_pem(private_pem.encode())
    path = var_dir / "vapid_private.pem"
    if not path.exists():
        # Written aside, then linked into place: several threads or server processes may
        # start at once, and none may read a half-written key or replace the winner's.
        var_dir.mkdir(parents=True, exist_ok=True)
        key = Vapid()
        key.generate_keys()
        draft = var_dir / f".vapid-{os.getpid()}-{threading.get_ident()}.pem"
        key.save_key(str(draft))
        draft.chmod(0o600)
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)
        draft.unlink()
    return Vapid.from_file(str(path))


def public_key(key: Vapid) -> str:
    """The applicationServerKey browsers subscribe with (uncompressed point, base64url)."""
    raw = key.public_key.public_bytes(serialization.Encoding.X962,
                                      serialization.PublicFormat.UncompressedPoint)
    return b64urlencode(raw)  # type: ignore[no-any-return]


class WebPushSender:
    def __init__(self, key: Vapid, contact: str,
                 timeout: float | tuple[float, float] = TIMEOUT) -> None:
        self._key, self._contact, self._timeout = key, contact, timeout

    def send(self, subscription: PushSubscription, payload: PushPayload, topic: str) -> bool:
        # pywebpush brings aiohttp, whose import makes an SSL context (80 ms): paid by the
        # first push, not by every worker's first notification (issue 36.4).
        from pywebpush import WebPushException, webpush

        info = {"endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
        with _PushSession(self._timeout) as session:
            try:
                webpush(info, json.dumps(payload), vapid_private_key=self._key,
                        vapid_claims={"sub": f"mailto:{self._contact}"}, ttl=TTL,
                        requests_session=session,
                        headers={"Topic": topic, "Urgency": "high"})
            except WebPushException as error:
                if error.response is not None and error.response.status_code in GONE:
                    metrics.push_sent(delivered=False)
                    return False
                raise  # anything else is worth a retry (the job backs off)
        metrics.push_sent(delivered=True)
        return True
