"""Notifications (issue 8): telling members what happened by e-mail and web push, as
their preferences allow (which they set: application.notification_settings; what each
notification says: application.shared.deliveries).

Use cases write the notification a live event (message, like, match, payment) calls for
into the unit of work that causes it (application.shared.outbox.notify_later): one record
per kind (application.ports.jobs), run as a job, so nothing in a request waits for a mail
server or a push service. A job runs at least once: each delivery records a key
when it is done and is skipped when its key is there, and a mail keeps the same
Message-ID and a push the same topic when sent again.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

import attrs

from application.ports.clock import Clock
from application.ports.jobs import Job, Notification, UnreadReminder, WeeklyUpdate
from application.ports.notifications import Attachment, Mailer, PushSender
from application.ports.receipts import ReceiptPrinter
from application.ports.security import Secrets, Signer
from application.ports.transaction import UnitFactory
from application.ports.units import NoticesUnit
from application.shared.deliveries import DESCRIBE, Delivery
from application.shared.lookups import site_of_member
from application.shared.mail_brand import ComposedMail, TemplateValues, brand_values
from application.shared.notice_preferences import (
    ALL,
    preferences_and_mail_off,
    sign_unsubscribe,
)
from application.shared.receipts import pdf_name
from domain.members import AccountStatus, Member
from domain.notifications import (
    LOGIN_LINK_LIFETIME,
    PREFERENCE_OF,
    REMINDER_AFTER,
    Kind,
    PushPolicy,
    delivery_key,
    may_mail,
    may_push,
)
from domain.sites import Site

SENT_KEPT = timedelta(days=90)
BATCH = 500


class NotificationTexts(Protocol):
    """Mails and push texts in the member's language (adapters/mail/texts)."""

    def compose(self, kind: str, language: str, values: TemplateValues) -> ComposedMail: ...
    def push(self, kind: str, language: str, values: TemplateValues) -> dict[str, str]: ...
    def preference_name(self, key: str, language: str) -> str: ...


@attrs.frozen
class Notifier:
    """The jobs: one notification, reminders, weekly updates, pushes."""

    uow: UnitFactory[NoticesUnit]
    clock: Clock
    secrets: Secrets
    signer: Signer  # the unsubscribe links'
    texts: NotificationTexts
    mailer: Mailer
    push: PushSender
    base_url: str
    receipts: ReceiptPrinter | None = None  # the payment mail's PDF and method names
    # The push services the settings accept subscriptions for (the same as theirs).
    push_policy: PushPolicy = attrs.field(factory=PushPolicy)

    def notify(self, notification: Notification) -> None:
        now = self.clock.now()
        with self.uow() as uow:
            member = uow.members.get(notification.member_id)
            if member is None or member.is_fictional or member.status not in (
                    AccountStatus.ACTIVE, AccountStatus.NOT_CONFIRMED):
                return
            site = site_of_member(uow, member)
            delivery = DESCRIBE[type(notification)](uow, member, notification, now)
            if delivery is None:
                return
            preferences, off = preferences_and_mail_off(uow, member.id)
            # Who it is from and to, for mail and push alike: read once.
            brand: dict[str, str | int] = {
                **brand_values(site, uow.companies.get(site.company_id), member),
                "refund_days": site.refund_days}
            delivery = attrs.evolve(delivery, values={**brand, **delivery.values})
        if delivery.receipt is not None and self.receipts is not None:
            # "Credit card", not "creditcard": the method as the member's language says it.
            delivery = attrs.evolve(delivery, values={**delivery.values, "method": (
                self.receipts.method_name(delivery.receipt.method, member.language))})
        failed = self._push(member, delivery, now) if may_push(delivery.kind, preferences) \
            else None
        # Mail only reaches confirmed addresses.
        if member.status is AccountStatus.ACTIVE and may_mail(delivery.kind, preferences, off):
            self._mail(member, site, delivery, now)
        if failed is not None:
            raise failed  # the job's retry sends to the failed subscriptions only

    def _mail(self, member: Member, site: Site, delivery: Delivery, now: datetime) -> None:
        key = delivery_key(delivery.kind, member.id, delivery.mail_subject, now)
        with self.uow() as uow:
            if uow.notifications.was_sent(f"mail:{key}"):
                return
            link = self._link(uow, member, site, delivery.target, now)
            uow.commit()
        base = self.base_url.format(domain=site.domain)
        preference = _preference_key(delivery.kind)
        token = sign_unsubscribe(self.signer, member.id, preference)
        values = {**delivery.values, "link": link,
                  "unsubscribe": f"{base}/unsubscribe?token={token}",
                  "settings_link": f"{base}/notifications",
                  "preference": self.texts.preference_name(preference, member.language),
                  "login_link": site.login_links}
        mail = self.texts.compose(delivery.kind.value, member.language, values)
        domain = site.domain
        self.mailer.send(
            member.email, mail.subject, mail.text, mail.html,
            sender_name=site.mail_name or site.name,
            headers={"List-Unsubscribe": f"<{base}/api/unsubscribe?token={token}>",
                     "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
            message_id=f"<{key.replace(':', '.')}@{domain}>",
            attachments=self._attachments(delivery))
        with self.uow() as uow:
            uow.notifications.mark_sent(f"mail:{key}", member.id, delivery.kind.value, now)
            uow.commit()

    def _attachments(self, delivery: Delivery) -> tuple[Attachment, ...]:
        """The payment mail's receipt as a PDF (issue 34.4)."""
        if delivery.receipt is None or self.receipts is None:
            return ()
        return (Attachment(pdf_name(delivery.receipt), "application/pdf",
                           self.receipts.pdf(delivery.receipt)),)

    def _link(self, uow: NoticesUnit, member: Member, site: Site, target: str,
              now: datetime) -> str:
        """The mail's button: a single-use login link into the target, where allowed."""
        base = self.base_url.format(domain=site.domain)
        if not site.login_links:
            return base + target
        token = self.secrets.token()
        uow.tokens.add(member.id, "login", self.secrets.digest(token), now,
                       now + LOGIN_LINK_LIFETIME, target=target)
        return f"{base}/{token}"

    def _push(self, member: Member, delivery: Delivery, now: datetime) -> Exception | None:
        """Each subscription records its own delivery, so a job run again for one that
        failed does not push the others twice. Answers the first failure, if any."""
        key = f"push:{delivery.kind.value}:{member.id}:{delivery.push_subject}"
        with self.uow() as uow:
            if uow.notifications.was_sent(key):
                return None
            subscriptions = [s for s in uow.notifications.pushes_of(member.id)
                             if not uow.notifications.was_sent(f"{key}:{s.id}")]
            badge = uow.chat_queries.unread_total(member.id) + uow.like_queries.new_likes(member.id)
        text = self.texts.push(delivery.kind.value, member.language,
                               delivery.values)
        payload = {**text, "url": delivery.target, "kind": delivery.kind.value,
                   "tag": f"{delivery.kind.value}-{delivery.mail_subject}", "badge": badge}
        failed: Exception | None = None
        for subscription in subscriptions:
            # Checked again right before sending: stored before the rule, or the
            # deployment's push services changed since.
            allowed = self.push_policy.allows(subscription.endpoint)
            try:
                delivered = allowed and self.push.send(subscription, payload,
                                                       topic=key.replace(":", "-")[:32])
            except Exception as error:  # noqa: BLE001 - the others still get theirs
                failed = failed or error
                continue
            with self.uow() as uow:
                if delivered:
                    uow.notifications.mark_sent(f"{key}:{subscription.id}", member.id,
                                                delivery.kind.value, now)
                else:  # 404 or 410: the browser dropped it; or a host we never send to
                    uow.notifications.remove_push(subscription.endpoint)
                uow.commit()
        if failed is None:
            with self.uow() as uow:
                uow.notifications.mark_sent(key, member.id, delivery.kind.value, now)
                uow.commit()
        return failed

    # --- scheduled -----------------------------------------------------------------

    def remind_unread(self, enqueue: Callable[[Job], None]) -> int:
        """Members with messages unread for a day get one reminder a day at most."""
        with self.uow() as uow:
            waiting = uow.notification_queries.unread_to_remind(
                self.clock.now() - REMINDER_AFTER, BATCH * 10)
        for member_id, count in waiting:
            enqueue(UnreadReminder(member_id, count))
        return len(waiting)

    def weekly_updates(self, enqueue: Callable[[Job], None]) -> int:
        """Everyone active who opted in, once per ISO week (the key makes later runs
        skip them)."""
        after, total = 0, 0
        while True:
            with self.uow() as uow:
                batch = uow.notification_queries.opted_in("weekly_updates", after, BATCH)
            for member_id in batch:
                enqueue(WeeklyUpdate(member_id))
            total += len(batch)
            if len(batch) < BATCH:
                return total
            after = batch[-1]

    def purge(self) -> int:
        with self.uow() as uow:
            removed = uow.notifications.purge_sent_before(self.clock.now() - SENT_KEPT)
            uow.commit()
        return removed


def _preference_key(kind: Kind) -> str:
    return PREFERENCE_OF[kind] or ALL
