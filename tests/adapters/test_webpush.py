"""Web push end to end: WebPushSender signs (VAPID) and encrypts (aes128gcm) a push, and a
local push service checks the headers, verifies the signature and decrypts the payload
with the subscriber's keys, as a browser vendor's push service and the browser would."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import http_ece
import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid
from pywebpush import WebPushException
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

from adapters.push.webpush import TTL, WebPushSender, public_key, vapid_key
from application.ports.notifications import PushSubscription

CONTACT = "support@amora.test"


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Subscriber:
    """A browser's side of a subscription: its key pair and auth secret."""

    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self, endpoint: str) -> PushSubscription:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return PushSubscription(id=1, member_id=7, endpoint=endpoint, p256dh=_b64url(point),
                                auth=_b64url(self.auth))


@dataclass
class PushService:
    """A push service on 127.0.0.1: /push/ok accepts (201), /push/gone answers 410 Gone
    once and then accepts, /push/missing answers 404, /push/broken answers 500,
    /push/moved redirects (307) to /push/ok."""

    subscriber: Subscriber
    expected_key: str  # the VAPID public key (k=) every request must carry
    base: str = ""
    received: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    gone_answered: bool = False

    def _check(self, request: Request) -> dict[str, Any]:
        authorization = request.headers.get("Authorization", "")
        scheme, _, params = authorization.partition(" ")
        assert scheme == "vapid", authorization
        parts = dict(part.split("=", 1) for part in params.split(","))
        assert set(parts) == {"t", "k"}, parts
        assert parts["k"] == self.expected_key
        assert Vapid.verify(authorization), "the VAPID signature does not verify"
        claims = json.loads(_b64url_decode(parts["t"].split(".")[1]))
        assert claims["aud"] == self.base, claims
        assert claims["sub"] == f"mailto:{CONTACT}", claims
        assert request.headers.get("TTL") == str(TTL)
        assert request.headers.get("Content-Encoding") == "aes128gcm"
        assert request.headers.get("Urgency") == "high"
        plain = http_ece.decrypt(request.get_data(), private_key=self.subscriber.private_key,
                                 auth_secret=self.subscriber.auth, version="aes128gcm")
        return {"path": request.path, "topic": request.headers.get("Topic"),
                "payload": json.loads(plain)}

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        request = Request(environ)
        try:
            if request.method != "POST":
                raise AssertionError(f"unexpected {request.method}")
            push = self._check(request)
        except Exception as error:  # noqa: BLE001 - reported to the test, answered 400
            self.problems.append(f"{request.path}: {error!r}")
            return Response("bad push", status=400)(environ, start_response)
        if request.path == "/push/missing":
            status = 404
        elif request.path == "/push/broken":
            status = 500
        elif request.path == "/push/moved":
            return Response("", status=307, headers={"Location": f"{self.base}/push/ok"})(
                environ, start_response)
        elif request.path == "/push/gone" and not self.gone_answered:
            self.gone_answered, status = True, 410
        else:
            self.received.append(push)
            status = 201
        return Response("", status=status)(environ, start_response)


@pytest.fixture
def key(tmp_path: Path) -> Vapid:
    return vapid_key(None, tmp_path / "var")


@pytest.fixture
def subscriber() -> Subscriber:
    return Subscriber()


@contextmanager
def _serving(service: PushService) -> Iterator[PushService]:
    server = make_server("127.0.0.1", 0, service, threaded=True)
    service.base = f"http://127.0.0.1:{server.port}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        thread.join(5)


@pytest.fixture
def service(key: Vapid, subscriber: Subscriber) -> Iterator[PushService]:
    with _serving(PushService(subscriber, public_key(key))) as service:
        yield service
    assert service.problems == []


def test_a_push_arrives_signed_and_decryptable(key: Vapid, subscriber: Subscriber,
                                               service: PushService) -> None:
    sender = WebPushSender(key, CONTACT)
    payload = {"title": "Eva", "body": "Hoi! Zin in een drankje? 🍷", "url": "/chat/12"}
    assert sender.send(subscriber.subscription(f"{service.base}/push/ok"), payload,
                       "message-12") is True
    assert service.received == [{"path": "/push/ok", "topic": "message-12",
                                 "payload": payload}]


def test_a_gone_subscription_answers_false_then_true(key: Vapid, subscriber: Subscriber,
                                                     service: PushService) -> None:
    sender = WebPushSender(key, CONTACT)
    subscription = subscriber.subscription(f"{service.base}/push/gone")
    assert sender.send(subscription, {"n": 1}, "reminder") is False
    assert service.received == []
    assert sender.send(subscription, {"n": 2}, "reminder") is True
    assert [push["payload"] for push in service.received] == [{"n": 2}]


def test_a_missing_subscription_answers_false(key: Vapid, subscriber: Subscriber,
                                              service: PushService) -> None:
    sender = WebPushSender(key, CONTACT)
    assert sender.send(subscriber.subscription(f"{service.base}/push/missing"), {"n": 1},
                       "reminder") is False


def test_a_push_service_error_raises_for_a_retry(key: Vapid, subscriber: Subscriber,
                                                 service: PushService) -> None:
    sender = WebPushSender(key, CONTACT)
    with pytest.raises(WebPushException) as failed:
        sender.send(subscriber.subscription(f"{service.base}/push/broken"), {"n": 1}, "x")
    assert failed.value.response is not None and failed.value.response.status_code == 500
    assert service.received == []


def test_an_unreachable_push_service_raises(key: Vapid, subscriber: Subscriber) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(Exception) as failed:  # requests' ConnectionError, worth a retry
        WebPushSender(key, CONTACT, timeout=2).send(
            subscriber.subscription(f"http://127.0.0.1:{port}/push/ok"), {"n": 1}, "x")
    assert isinstance(failed.value, OSError)


def test_a_redirect_is_not_followed(key: Vapid, subscriber: Subscriber,
                                    service: PushService) -> None:
    """A push goes to the endpoint's push service, never where an answer points on to."""
    with pytest.raises(requests.TooManyRedirects):
        WebPushSender(key, CONTACT).send(
            subscriber.subscription(f"{service.base}/push/moved"), {"n": 1}, "x")
    assert service.received == []


def test_a_push_service_that_does_not_answer_times_out(key: Vapid,
                                                       subscriber: Subscriber) -> None:
    """Connected, but no answer: the read timeout ends the wait (the job retries)."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()  # the kernel accepts the connection; nobody ever answers
        port = silent.getsockname()[1]
        with pytest.raises(requests.ReadTimeout):
            WebPushSender(key, CONTACT, timeout=(5, 0.2)).send(
                subscriber.subscription(f"http://127.0.0.1:{port}/push/ok"), {"n": 1}, "x")


def test_vapid_key_is_made_once_and_reused(tmp_path: Path) -> None:
    var_dir = tmp_path / "var"
    first = vapid_key(None, var_dir)
    path = var_dir / "vapid_private.pem"
    assert path.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")
    assert path.stat().st_mode & 0o777 == 0o600
    kept = path.read_bytes()
    second = vapid_key(None, var_dir)
    assert public_key(second) == public_key(first)
    assert path.read_bytes() == kept
    assert public_key(vapid_key(None, tmp_path / "elsewhere")) != public_key(first)


def test_public_key_is_the_uncompressed_point(key: Vapid) -> None:
    raw = _b64url_decode(public_key(key))
    assert len(raw) == 65 and raw[0] == 4
    assert "=" not in public_key(key)
    assert ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw).public_numbers() \
        == key.public_key.public_numbers()


@pytest.mark.parametrize("form", [serialization.PrivateFormat.PKCS8,
                                  serialization.PrivateFormat.TraditionalOpenSSL])
def test_a_configured_pem_is_used_as_is(tmp_path: Path, form: serialization.PrivateFormat,
                                        subscriber: Subscriber) -> None:
    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(serialization.Encoding.PEM, form,
                                serialization.NoEncryption()).decode()
    var_dir = tmp_path / "var"
    key = vapid_key(pem, var_dir)
    point = private.public_key().public_bytes(serialization.Encoding.X962,
                                              serialization.PublicFormat.UncompressedPoint)
    assert public_key(key) == _b64url(point)
    assert not (var_dir / "vapid_private.pem").exists()  # nothing made when configured
    # ... and it signs what a push service accepts.
    with _serving(PushService(subscriber, public_key(key))) as service:
        assert WebPushSender(key, CONTACT).send(
            subscriber.subscription(f"{service.base}/push/ok"), {"ok": True}, "t") is True
    assert service.problems == []
    assert [push["payload"] for push in service.received] == [{"ok": True}]


def test_the_push_service_refuses_a_push_signed_with_another_key(
        tmp_path: Path, key: Vapid, subscriber: Subscriber) -> None:
    """The receiver's checks bite: a push signed by another deployment's key is refused."""
    other = vapid_key(None, tmp_path / "other")
    with (_serving(PushService(subscriber, public_key(key))) as service,
          pytest.raises(WebPushException)):
        WebPushSender(other, CONTACT).send(
            subscriber.subscription(f"{service.base}/push/ok"), {"n": 1}, "t")
    assert service.received == []
    assert len(service.problems) == 1 and "/push/ok" in service.problems[0]


def test_the_vapid_key_is_made_once_however_many_start_at_once(tmp_path: Path) -> None:
    """Twenty first requests at once (found by tests/bench/bench_server.py): none reads a
    half-written key file, and all end with the same key."""
    from concurrent.futures import ThreadPoolExecutor

    from adapters.push.webpush import public_key, vapid_key

    start = threading.Barrier(20)

    def make(_: int) -> str:
        start.wait(30)
        return public_key(vapid_key(None, tmp_path))

    with ThreadPoolExecutor(20) as pool:
        keys = set(pool.map(make, range(20)))
    assert len(keys) == 1 and [p.name for p in tmp_path.iterdir()] == ["vapid_private.pem"]
