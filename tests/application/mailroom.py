"""A site's mail room in memory: notification settings and the notifier over in-memory
ports, a mailer and a push service that remember what they sent, and a worker that runs
the notify jobs written so far (the notification tests start here)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from adapters.security.signing import SecretSigner
from application.notification_settings import BrowserSubscription, NotificationSettings
from application.notifications import Notifier
from application.ports.jobs import NOTIFICATIONS
from application.ports.notifications import Attachment, PushPayload, PushSubscription
from application.shared.mail_brand import ComposedMail, TemplateValues
from domain.members import Member
from tests.application.memory import CountingSecrets, FixedClock, MemoryStore
from tests.application.people import add_member, factory, new_store

FCM = "https://fcm.googleapis.com/fcm/send/"


class Texts:
    def compose(self, kind: str, language: str, values: TemplateValues) -> ComposedMail:
        return ComposedMail(f"{kind}:{language}", str(values.get("link")), "")

    def push(self, kind: str, language: str, values: TemplateValues) -> dict[str, str]:
        return {"title": f"{kind}:{language}"}

    def preference_name(self, key: str, language: str) -> str:
        return key


@attrs.define
class Outbox:
    sent: list[dict[str, Any]] = attrs.Factory(list)

    def send(self, to: str, subject: str, text: str, html: str | None = None,
             sender_name: str | None = None, headers: dict[str, str] | None = None,
             message_id: str | None = None, attachments: Sequence[Attachment] = ()) -> None:
        self.sent.append({"to": to, "subject": subject, "text": text, "message_id": message_id,
                          "headers": headers, "attachments": list(attachments)})


@attrs.define
class Pushes:
    """A push service: delivers, says a subscription is gone, or fails for a while."""

    delivered: list[tuple[str, PushPayload]] = attrs.Factory(list)
    gone: set[str] = attrs.Factory(set)
    failing: set[str] = attrs.Factory(set)

    def send(self, subscription: PushSubscription, payload: PushPayload, topic: str) -> bool:
        if subscription.endpoint in self.failing:
            raise ConnectionError("push service down")
        if subscription.endpoint in self.gone:
            return False
        self.delivered.append((subscription.endpoint, payload))
        return True


@attrs.define
class Post:
    store: MemoryStore
    clock: FixedClock
    settings: NotificationSettings
    notifier: Notifier
    outbox: Outbox
    pushes: Pushes
    ann: Member
    bob: Member

    def run(self) -> None:
        """The worker: every notification written so far (at least once)."""
        jobs, self.store.jobs = self.store.jobs, []
        for job in jobs:
            assert isinstance(job, NOTIFICATIONS)
            self.notifier.notify(job)


def post(**site: object) -> Post:
    store, clock = new_store(**site), FixedClock()
    signer = SecretSigner("test")
    settings_ = NotificationSettings(factory(store), clock, signer)
    outbox, pushes = Outbox(), Pushes()
    notifier = Notifier(factory(store), clock, CountingSecrets(), signer, Texts(), outbox,
                        pushes, base_url="https://{domain}")
    return Post(store, clock, settings_, notifier, outbox, pushes, add_member(store, "Ann"),
                add_member(store, "Bob", gender="male"))


def subscribe(p: Post, member: Member, name: str) -> None:
    p.settings.subscribe_push(member, BrowserSubscription(FCM + name, "key", "auth"), None)
