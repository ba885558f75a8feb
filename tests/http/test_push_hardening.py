"""Web push hardening (issue 15): only browsers' push services are stored and sent to,
one failing subscription does not push the others twice, and push subscriptions have
their own rate-limit bucket."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from flask import Flask
from limits import parse

from adapters.container import Container, build_container
from adapters.http import limits
from adapters.http.app import create_app
from application.ports.jobs import LikeNotice
from application.ports.notifications import PushSubscription
from tests.api_client import ApiClient
from tests.conftest import make_config, seed_default_site
from tests.http.test_likes_api import signed_up
from tests.http.test_notifications_api import SUBSCRIPTION, mails

KEYS = SUBSCRIPTION["keys"]
FCM = "https://fcm.googleapis.com/fcm/send/"


class PushServiceError(Exception):
    """What the sender raises for a push service's 5xx (the job is retried)."""


class FlakyPush:
    """Answers like push services; endpoints in ``fail_once`` answer 500 the first time."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.fail_once: set[str] = set()

    def send(self, subscription: PushSubscription, payload: dict[str, Any],
             topic: str) -> bool:
        if subscription.endpoint in self.fail_once:
            self.fail_once.discard(subscription.endpoint)
            raise PushServiceError("500 Internal Server Error")
        self.sent.append(subscription.endpoint)
        return True


@pytest.fixture
def push(container: Container) -> FlakyPush:
    flaky = FlakyPush()
    container.push_sender.override(providers.Object(flaky))
    return flaky


def _subscribe(client: Any, endpoint: str) -> Any:
    return client.post("/api/user?push=1",
                       json={"subscription": {"endpoint": endpoint, "keys": KEYS}})


def _endpoints(container: Container, member_id: int) -> list[str]:
    with container.unit_of_work() as work:
        return [s.endpoint for s in work.notifications.pushes_of(member_id)]


SSRF = ["https://169.254.169.254/latest/meta-data/", "https://10.0.0.5/", "https://[::1]/x",
        "http://127.0.0.1:6379/", "https://localhost/x", "https://internal.example/push",
        "https://fcm.googleapis.com:8443/x", "https://u:p@fcm.googleapis.com/x",
        "https://fcm.googleapis.com.evil.test/x", "http://fcm.googleapis.com/fcm/send/x"]


def test_only_browsers_push_services_are_stored(app: Flask, container: Container,
                                                push: FlakyPush) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    for endpoint in SSRF:
        answer = _subscribe(ann, endpoint)
        assert answer.status_code == 400, endpoint
        assert answer.json == {"error": "push_endpoint_invalid", "params": {}}, endpoint
    assert _endpoints(container, ann_id) == []
    browsers = [FCM + "a", "https://updates.push.services.mozilla.com/wpush/v2/b",
                "https://web.push.apple.com/c", "https://db5p.notify.windows.com/w/?token=d"]
    for endpoint in browsers:
        assert _subscribe(ann, endpoint).status_code == 204, endpoint
    assert _endpoints(container, ann_id) == browsers


def test_a_stored_endpoint_elsewhere_is_never_pushed_to(app: Flask, container: Container,
                                                        push: FlakyPush) -> None:
    """Stored before the rule (or the allowed hosts changed): checked again at sending."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    assert _subscribe(ann, FCM + "ok").status_code == 204
    with container.unit_of_work() as work:
        work.notifications.add_push(ann_id, "https://169.254.169.254/latest/meta-data/",
                                    KEYS["p256dh"], KEYS["auth"], datetime.now(UTC))
        work.commit()
    container.notifier().notify(LikeNotice(ann_id, bob_id))
    assert push.sent == [FCM + "ok"]
    assert _endpoints(container, ann_id) == [FCM + "ok"]  # the other one is forgotten


def test_a_local_push_service_only_by_setting(tmp_path: Path, database_url: str) -> None:
    local = "http://127.0.0.1:8123/push/1"
    for allowed, name, status in (("0", "Ann", 400), ("1", "Eva", 204)):
        built = build_container(make_config(tmp_path / allowed, DATABASE_URL=database_url,
                                            PUSH_ALLOW_LOOPBACK=allowed))
        if allowed == "0":
            seed_default_site(built)
        member, _ = signed_up(create_app(built), name, "female", "male")
        assert _subscribe(member, local).status_code == status
        built.engine().dispose()


def test_a_failing_subscription_is_retried_alone(app: Flask, container: Container,
                                                 push: FlakyPush) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    phones = [FCM + "one", FCM + "two", FCM + "three"]
    for endpoint in phones:
        assert _subscribe(ann, endpoint).status_code == 204
    push.fail_once.add(phones[1])
    with pytest.raises(PushServiceError):  # the job fails, so the queue runs it again
        container.notifier().notify(LikeNotice(ann_id, bob_id))
    assert push.sent == [phones[0], phones[2]]  # the third was not held up by the second
    container.notifier().notify(LikeNotice(ann_id, bob_id))  # the retry
    container.notifier().notify(LikeNotice(ann_id, bob_id))  # and a duplicate
    assert sorted(push.sent) == sorted(phones)  # each exactly once
    assert len(mails(container, "ann@example.com")) == 1


@pytest.fixture
def limited(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    built = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                        RATE_LIMITS="on"))
    seed_default_site(built)
    yield create_app(built)
    built.engine().dispose()


def _use_up(call: Any, limit: str) -> None:
    answers = [call().status_code for _ in range(parse(limit).amount + 1)]
    assert answers[-1] == 429


def _log_in(app: Flask) -> int:
    return ApiClient(app).post("/api/user", json={"email": "ann@example.com",
                                                     "password": "wrong password"}).status_code


def test_push_subscriptions_do_not_use_up_logins(limited: Flask) -> None:
    ann, _ = signed_up(limited, "Ann", "female", "male")
    _use_up(lambda: _subscribe(ann, FCM + "a"), limits.PUSH)
    assert _log_in(limited) != 429


def test_logins_do_not_use_up_push_subscriptions(limited: Flask) -> None:
    ann, _ = signed_up(limited, "Ann", "female", "male")
    _use_up(lambda: ApiClient(limited).post(
        "/api/user", json={"email": "ann@example.com", "password": "wrong password"}),
        limits.LOGIN)
    assert _subscribe(ann, FCM + "a").status_code == 204
