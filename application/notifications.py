"""Notifications (issue 8): the member's preferences, and telling members what happened
by e-mail and web push.

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
from typing import Any, Protocol

import attrs

from application.ports.clock import Clock
from application.ports.jobs import (
    Job,
    LikeNotice,
    MatchNotice,
    MessageNotice,
    Notification,
    ReceiptNotice,
    UnreadReminder,
    WeeklyUpdate,
)
from application.ports.notifications import Attachment, Mailer, PushSender
from application.ports.receipts import ReceiptPrinter, ReceiptView
from application.ports.security import Secrets, Signer
from application.ports.transaction import UnitFactory
from application.ports.units import NoticesUnit
from application.shared.lookups import existing_member, site_of_member
from application.shared.mail_brand import ComposedMail, TemplateValues, brand_values
from application.shared.marketing import change_preferences
from application.shared.receipts import pdf_name, receipt_view
from domain.errors import DomainError
from domain.locales import is_locale
from domain.members import AccountStatus, Member
from domain.notifications import (
    LOGIN_LINK_LIFETIME,
    PREFERENCE_KEYS,
    PREFERENCE_OF,
    REMINDER_AFTER,
    Kind,
    MailOff,
    MarketingVia,
    Preferences,
    PushPolicy,
    delivery_key,
    may_mail,
    may_push,
)
from domain.sites import Site

UNSUBSCRIBE = "unsubscribe"
ALL = "all"  # the unsubscribe token of account mails: every e-mail
SENT_KEPT = timedelta(days=90)
BATCH = 500




@attrs.frozen
class BrowserSubscription:
    """A browser's push subscription, as its Push API hands it over."""

    endpoint: str
    p256dh: str
    auth: str


class NotificationTexts(Protocol):
    """Mails and push texts in the member's language (adapters/mail/texts)."""

    def compose(self, kind: str, language: str, values: TemplateValues) -> ComposedMail: ...
    def push(self, kind: str, language: str, values: TemplateValues) -> dict[str, str]: ...
    def preference_name(self, key: str, language: str) -> str: ...


def _preferences(uow: NoticesUnit, member_id: int) -> tuple[Preferences, MailOff | None]:
    values, off = uow.notifications.preferences(member_id)
    return Preferences().changed(values), MailOff(off) if off else None


@attrs.frozen
class NotificationView:
    """The member's notification settings page."""

    preferences: dict[str, bool]
    language: str
    email: str
    mail_off: MailOff | None  # why no e-mail is sent at all, if none is


@attrs.frozen
class Unsubscribed:
    preference: str  # the mail's preference, or "all"
    all: bool  # every e-mail is off now


@attrs.frozen
class NotificationSettings:
    """GET/PUT /api/notifications, push subscriptions and one-click unsubscribe."""

    uow: UnitFactory[NoticesUnit]
    clock: Clock
    signer: Signer
    push_policy: PushPolicy = attrs.field(factory=PushPolicy)

    def view(self, member: Member) -> NotificationView:
        with self.uow() as uow:
            member = existing_member(uow, member.id)
            preferences, off = _preferences(uow, member.id)
        return NotificationView(preferences=dict(preferences.values), language=member.language,
                                email=member.email, mail_off=off)

    def update(self, member: Member, changes: dict[str, bool] | None, language: str | None,
               mail_on: bool) -> NotificationView:
        if language is not None and not is_locale(language):
            raise DomainError("invalid_request", detail="language")
        now = self.clock.now()
        with self.uow() as uow:
            current = existing_member(uow, member.id)
            if changes:
                change_preferences(uow, member.id, changes, MarketingVia.SETTINGS, now)
            if mail_on:  # the member asks for mail again, whatever stopped it
                uow.notifications.set_mail_off(member.id, None, now)
            if language is not None:
                uow.members.save(current, current.with_preferences(language=language))
            uow.commit()
        return self.view(member)

    def mail_off_reasons(self, member_id: int) -> list[str]:
        with self.uow() as uow:
            _, off = _preferences(uow, member_id)
        return [off.value] if off else []

    def subscribe_push(self, member: Member, subscription: BrowserSubscription | None,
                       endpoint: str | None) -> None:
        with self.uow() as uow:
            if subscription is None:
                if endpoint:
                    uow.notifications.remove_push(endpoint, member.id)
            else:
                if not self.push_policy.allows(subscription.endpoint):
                    raise DomainError("push_endpoint_invalid")
                uow.notifications.add_push(member.id, subscription.endpoint,
                                           subscription.p256dh, subscription.auth,
                                           self.clock.now())
            uow.commit()

    def unsubscribe_token(self, member_id: int, preference: str) -> str:
        return self.signer.sign(UNSUBSCRIBE, [member_id, preference])

    def unsubscribe(self, token: str, everything: bool) -> Unsubscribed:
        """One click from a mail, no login: that mail's preference off, or all mail."""
        data = self.signer.unsign(UNSUBSCRIBE, token)
        if not data or len(data) != 2 or data[1] not in (*PREFERENCE_KEYS, ALL):
            raise DomainError("unsubscribe_invalid")
        member_id, preference = int(data[0]), str(data[1])
        everything = everything or preference == ALL
        with self.uow() as uow:
            if uow.members.get(member_id) is None:
                raise DomainError("unsubscribe_invalid")
            if everything:
                uow.notifications.set_mail_off(member_id, MailOff.UNSUBSCRIBED.value,
                                               self.clock.now())
            else:
                change_preferences(uow, member_id, {preference: False},
                                   MarketingVia.UNSUBSCRIBE, self.clock.now())
            uow.commit()
        return Unsubscribed(preference=preference, all=everything)

    def set_mail_off(self, member_id: int, reason: MailOff | None, actor: str) -> None:
        """Operators (or the mail provider's reports): a bounce or a spam complaint."""
        now = self.clock.now()
        with self.uow() as uow:
            existing_member(uow, member_id)
            uow.notifications.set_mail_off(member_id, reason.value if reason else None, now)
            uow.audit.record(now, actor, "members.mail_off", str(member_id),
                             {"reason": reason.value if reason else None})
            uow.commit()


@attrs.frozen
class Delivery:
    """What to say to one member about one thing."""

    kind: Kind
    values: TemplateValues
    target: str  # the screen the mail's button and the push open
    mail_subject: int  # what mail keys count by (conversation, order, ...)
    push_subject: int  # what push keys count by (the message, the like, ...)
    receipt: ReceiptView | None = None  # a payment's, sent along as a PDF


@attrs.frozen
class Notifier:
    """The jobs: one notification, reminders, weekly updates, pushes."""

    uow: UnitFactory[NoticesUnit]
    clock: Clock
    secrets: Secrets
    settings: NotificationSettings
    texts: NotificationTexts
    mailer: Mailer
    push: PushSender
    base_url: str
    receipts: ReceiptPrinter | None = None  # the payment mail's PDF and method names

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
            preferences, off = _preferences(uow, member.id)
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
        token = self.settings.unsubscribe_token(member.id, preference)
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
            allowed = self.settings.push_policy.allows(subscription.endpoint)
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


def _name(uow: NoticesUnit, member_id: int) -> str | None:
    other = uow.members.get(member_id)
    return other.profile.name if other else None


def _message(uow: NoticesUnit, member: Member, notice: MessageNotice,
             now: datetime) -> Delivery | None:
    sender = _name(uow, notice.sender)
    if sender is None:
        return None
    conversation = notice.conversation
    if notice.gift:
        kind = Kind.GIFT
    elif uow.notification_queries.message_count(conversation) <= 1:
        kind = Kind.NEW_CONVERSATION
    else:
        kind = Kind.NEW_MESSAGE
    return Delivery(kind, {"sender": sender}, f"/chats/{conversation}", conversation,
                    notice.message)


def _like(uow: NoticesUnit, member: Member, notice: LikeNotice,
          now: datetime) -> Delivery | None:
    liker_id = notice.liker
    liker = _name(uow, liker_id)
    return None if liker is None else Delivery(
        Kind.LIKE, {"liker": liker}, f"/likes/m/{liker_id}", liker_id, liker_id)


def _match(uow: NoticesUnit, member: Member, notice: MatchNotice,
           now: datetime) -> Delivery | None:
    other_id = notice.other
    other = _name(uow, other_id)
    return None if other is None else Delivery(
        Kind.MATCH, {"other": other}, f"/members/{other_id}/chat", other_id, other_id)


def _reminder(uow: NoticesUnit, member: Member, notice: UnreadReminder,
              now: datetime) -> Delivery | None:
    count = uow.chat_queries.unread_total(member.id)
    return None if count == 0 else Delivery(Kind.UNREAD_REMINDER, {"count": count}, "/chats",
                                            0, 0)


def _weekly(uow: NoticesUnit, member: Member, notice: WeeklyUpdate,
            now: datetime) -> Delivery | None:
    figures = uow.notification_queries.weekly_figures(member.id, now - timedelta(days=7))
    return Delivery(Kind.WEEKLY_UPDATE, figures, "/members", 0, 0)


def _receipt(uow: NoticesUnit, member: Member, notice: ReceiptNotice,
             now: datetime) -> Delivery | None:
    order = uow.orders.get(notice.order_id)
    if order is None or order.member_id != member.id or order.paid_at is None:
        return None
    amount = f"{order.currency} {order.amount / 100:.2f}"
    receipt = uow.receipts.of_order(order.id)  # issued as the order was paid
    return Delivery(Kind.PAYMENT_RECEIPT,
                    {"order": order.id, "credits": order.credits, "amount": amount,
                     "method": order.method, "date": order.paid_at.date(),
                     "receipt": receipt.number if receipt else ""},
                    f"/transactions/{order.id}", order.id, order.id,
                    receipt=receipt_view(uow, order, receipt, member) if receipt else None)


# What each notification says, by its record's type (a test holds it to NOTIFICATIONS).
DESCRIBE: dict[type[Notification], Callable[[NoticesUnit, Member, Any, datetime],
                                            Delivery | None]] = {
    MessageNotice: _message, LikeNotice: _like, MatchNotice: _match,
    UnreadReminder: _reminder, WeeklyUpdate: _weekly, ReceiptNotice: _receipt,
}
