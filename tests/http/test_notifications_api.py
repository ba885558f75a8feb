"""Notifications over HTTP: preferences, one-click unsubscribe, push subscriptions, the
notify job's mails and pushes (idempotent), and mail login links."""

from __future__ import annotations

import email
import email.policy
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from dependency_injector import providers
from flask import Flask

from adapters.container import Container
from application.ports.jobs import LikeNotice, MatchNotice, MessageNotice
from application.ports.notifications import PushSubscription
from domain.members import AccountStatus
from domain.notifications import DEFAULTS
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up
from tests.lookups import found
from tests.mails import plain_text, read_mail

SUBSCRIPTION: dict[str, Any] = {"endpoint": "https://fcm.googleapis.com/fcm/send/abc",
                "keys": {"p256dh": "BNcR" + "a" * 83, "auth": "tBHItJI5svbpez7KI4CCXg"},
                "expirationTime": None}


class RecordingPush:
    """Answers like a push service: 410 for endpoints listed in ``gone``."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any], str]] = []
        self.gone: set[str] = set()

    def send(self, subscription: PushSubscription, payload: dict[str, Any],
             topic: str) -> bool:
        if subscription.endpoint in self.gone:
            return False
        self.sent.append((subscription.endpoint, payload, topic))
        return True


@pytest.fixture
def push(container: Container) -> RecordingPush:
    recording = RecordingPush()
    container.push_sender.override(providers.Object(recording))
    return recording


def mails(container: Container, to: str) -> list[email.message.EmailMessage]:
    folder: Path = container.config().mail_dir
    found = [read_mail(p)
             for p in sorted(folder.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns)]
    return [m for m in found if m["To"] == to]


def text_of(message: email.message.EmailMessage) -> str:
    return plain_text(message)


def test_preferences_change_one_at_a_time(client: ApiClient, app: Flask) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    assert client.get("/api/notifications").status_code == 403
    view = ann.get("/api/notifications").json
    assert view["mail_off"] is None and view["email"] == "ann@example.com"
    # Marketing (issue 29.7) is off until the member opts in; the rest is on.
    assert view["preferences"] == DEFAULTS and len(view["preferences"]) == 8
    changed = ann.put("/api/notifications", json={"preferences": {"like": False, "news": True},
                                                  "language": "de"}).json
    assert changed["preferences"]["like"] is False and changed["preferences"]["news"] is True
    assert changed["language"] == "de"
    for bad in ({"preferences": {"spam": False}}, {"language": "xx"},
                {"preferences": {"like": "no"}}, {"mail_on": False, "extra": 1},
                {"mail_on": False, "language": "da"}):  # only true, as the contract says
        answer = ann.put("/api/notifications", json=bad)
        assert answer.status_code == 400, bad
    assert ann.get("/api/notifications").json == changed  # nothing half-applied


def test_a_like_mails_and_pushes_once_with_unsubscribe_headers(
        app: Flask, container: Container, push: RecordingPush, client: ApiClient) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    assert ann.post("/api/user?push=1", json={"subscription": SUBSCRIPTION}).status_code == 204
    bob.post(f"/api/members/{ann_id}/like")
    for _ in range(3):  # the job may be delivered more than once
        container.notifier().notify(LikeNotice(ann_id, bob_id))
    [mail] = mails(container, "ann@example.com")
    assert mail["Subject"] == "Bob vindt je leuk"  # Ann signed up in Dutch
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "Keizersgracht 100" in text_of(mail)  # the company's address in the footer
    [(endpoint, payload, _)] = push.sent
    assert endpoint == SUBSCRIPTION["endpoint"]
    assert payload["kind"] == "like" and payload["url"] == f"/likes/m/{bob_id}"
    assert payload["body"] == "Bob vindt je leuk" and payload["badge"] == 1

    # One click in the mail program: likes are off, nothing else.
    one_click = re.search(r"<https?://[^/]+(/api/unsubscribe\?token=[^>]+)>",
                          mail["List-Unsubscribe"])
    assert one_click
    done = client.post(one_click.group(1), data={"List-Unsubscribe": "One-Click"})
    assert done.json == {"preference": "like", "all": False}
    assert ann.get("/api/notifications").json["preferences"]["like"] is False
    assert client.post("/api/unsubscribe?token=forged").json["error"] == "unsubscribe_invalid"


def test_unsubscribing_from_everything_stops_mail_until_turned_back_on(
        app: Flask, container: Container, push: RecordingPush, client: ApiClient) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    container.notifier().notify(MatchNotice(ann_id, bob_id))
    [mail] = mails(container, "ann@example.com")
    link = re.search(r"/unsubscribe\?token=(\S+)", text_of(mail))
    assert link
    answer = client.post(f"/api/unsubscribe?token={link.group(1)}&all=true")
    assert answer.json == {"preference": "like", "all": True}
    assert ann.get("/api/user").json["user"]["notifications_disabled"] == ["unsubscribed"]
    assert ann.get("/api/notifications").json["mail_off"] == "unsubscribed"
    _, cas_id = signed_up(app, "Cas", "male", "female")
    container.notifier().notify(MatchNotice(ann_id, cas_id))
    assert len(mails(container, "ann@example.com")) == 1  # no more mail
    back = ann.put("/api/notifications", json={"mail_on": True}).json
    assert back["mail_off"] is None
    container.notifier().notify(LikeNotice(ann_id, cas_id))
    assert len(mails(container, "ann@example.com")) == 2


def test_a_bounce_is_shown_and_stops_even_account_mails(
        app: Flask, container: Container, push: RecordingPush) -> None:
    from domain.notifications import MailOff

    ann, ann_id = signed_up(app, "Ann", "female", "male")
    container.notification_settings().set_mail_off(ann_id, MailOff.BOUNCE, "pytest")
    assert ann.get("/api/user").json["user"]["notifications_disabled"] == ["bounce"]
    container.account_mails().send("password_reset", ann_id)
    assert mails(container, "ann@example.com") == []


def test_push_subscriptions_move_with_the_login_and_gone_ones_are_removed(
        app: Flask, container: Container, push: RecordingPush) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    assert ann.post("/api/user?push=1", json={"subscription": SUBSCRIPTION}).status_code == 204
    # The same browser, now logged in as Bob: the subscription is Bob's.
    assert bob.post("/api/user?push=1", json={"subscription": SUBSCRIPTION}).status_code == 204
    with container.unit_of_work() as work:
        assert work.notifications.pushes_of(ann_id) == []
        assert [s.endpoint for s in work.notifications.pushes_of(bob_id)] == \
            [SUBSCRIPTION["endpoint"]]
    for bad in ({"subscription": {"endpoint": "http://insecure.test/x", "keys": SUBSCRIPTION[
            "keys"]}}, {"subscription": {"endpoint": "https://x.test"}}, {"subscription": 5}):
        assert bob.post("/api/user?push=1", json=bad).status_code == 400, bad
    push.gone.add(SUBSCRIPTION["endpoint"])
    container.notifier().notify(LikeNotice(bob_id, ann_id))
    with container.unit_of_work() as work:
        assert work.notifications.pushes_of(bob_id) == []  # 410: forgotten
    assert bob.post("/api/user?push=1", json={"subscription": None,
                                              "endpoint": "https://nowhere"}).status_code == 204


def test_a_message_mail_logs_in_once_into_the_conversation(
        app: Flask, container: Container, push: RecordingPush, client: ApiClient) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    sent = bob.post(f"/api/members/{ann_id}/messages", json={"text": "Hoi Ann"})  # free
    assert sent.status_code == 201, sent.json
    message = sent.json["message"]
    container.notifier().notify(MessageNotice(ann_id, bob_id, message["conversation_id"],
                                              message["id"]))
    [mail] = mails(container, "ann@example.com")
    # The first message: a new conversation.
    assert mail["Subject"] == "Bob heeft je een bericht gestuurd op Amora"
    token = re.search(r"http://127\.0\.0\.1:8000/([\w-]{20,})\s", text_of(mail))
    assert token, text_of(mail)
    # A link on another site of the deployment does not work.
    other = client.post("/api/login-link", json={"token": token.group(1)},
                        headers={"Host": "flirt.test"})
    assert other.status_code == 400 and other.json["error"] == "login_link_invalid"
    visitor = ApiClient(app)
    used = visitor.post("/api/login-link", json={"token": token.group(1)})
    assert used.status_code == 200, used.json
    assert used.json["next"] == f"/chats/{message['conversation_id']}"
    assert visitor.get("/api/user").json["user"]["id"] == ann_id
    again = ApiClient(app).post("/api/login-link", json={"token": token.group(1)})
    assert again.status_code == 400 and again.json["error"] == "login_link_invalid"


def test_login_links_refuse_closed_accounts_and_can_be_turned_off(
        app: Flask, container: Container, push: RecordingPush) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    for _ in range(2):
        container.notifier().notify(LikeNotice(ann_id, bob_id))
    [mail] = mails(container, "ann@example.com")
    token = re.search(r"http://127\.0\.0\.1:8000/([\w-]{20,})\s", text_of(mail))
    assert token
    with container.unit_of_work() as work:
        member = found(work.members.get(ann_id))
        work.members.save(member, attrs.evolve(member, status=AccountStatus.BANNED))
        work.commit()
    banned = ApiClient(app).post("/api/login-link", json={"token": token.group(1)})
    assert banned.status_code == 403 and banned.json["error"] == "account_banned"
    container.site_administration().set("amora.test", "login_links", "off", "pytest")
    off = ApiClient(app).post("/api/login-link", json={"token": token.group(1)})
    assert off.status_code == 403 and off.json["error"] == "login_links_disabled"
    assert ApiClient(app).post("/api/login-link", json={"token": "x" * 500}).status_code == 400


def test_live_events_become_notify_jobs(app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    before = len(container.tasks().waiting())
    bob.post(f"/api/members/{ann_id}/like")
    ann.post(f"/api/members/{bob_id}/like")  # a match (Ann sees it on screen at once)
    jobs = container.tasks().waiting()[before:]
    assert jobs == [LikeNotice(ann_id, bob_id), MatchNotice(bob_id, ann_id)]
