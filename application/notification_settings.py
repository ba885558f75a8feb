"""A member's notification settings (issue 8): which notifications reach them, their
language, e-mail on again after a bounce, the browsers that get pushes, and the
one-click unsubscribe from a mail; operators turn e-mail off for a bounce or a spam
complaint. What is delivered, and how: application.notifications."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.security import Signer
from application.ports.transaction import UnitFactory
from application.ports.units import NoticesUnit
from application.shared.lookups import existing_member
from application.shared.marketing import change_preferences
from application.shared.notice_preferences import (
    ALL,
    UNSUBSCRIBE,
    preferences_and_mail_off,
    sign_unsubscribe,
)
from domain.errors import DomainError
from domain.locales import is_locale
from domain.members import Member
from domain.notifications import PREFERENCE_KEYS, MailOff, MarketingVia, PushPolicy


@attrs.frozen
class BrowserSubscription:
    """A browser's push subscription, as its Push API hands it over."""

    endpoint: str
    p256dh: str
    auth: str


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
            preferences, off = preferences_and_mail_off(uow, member.id)
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
            _, off = preferences_and_mail_off(uow, member_id)
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
        return sign_unsubscribe(self.signer, member_id, preference)

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

