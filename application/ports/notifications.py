"""Notification preferences, mail and web push."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

import attrs


class NotificationRepository(Protocol):
    def preferences(self, member_id: int) -> tuple[dict[str, bool], str | None]:
        """The member's changed preferences and the mail-off reason (or None)."""
        ...
    def save_preferences(self, member_id: int, values: dict[str, bool]) -> None: ...
    def set_mail_off(self, member_id: int, reason: str | None, at: datetime) -> None: ...
    def record_marketing_choice(self, member_id: int, given: bool, via: str,
                                at: datetime) -> None:
        """The member's last word on marketing mail: consent given or withdrawn."""
        ...
    def marketing_consent(self, member_id: int) -> MarketingConsent | None:
        """That last word, or None when the member never gave one."""
        ...
    def add_push(self, member_id: int, endpoint: str, p256dh: str, auth: str,
                 at: datetime) -> None:
        """Store a subscription, moving it to this member if another had it."""
        ...
    def remove_push(self, endpoint: str, member_id: int | None = None) -> None: ...
    def pushes_of(self, member_id: int) -> list[PushSubscription]: ...
    def was_sent(self, key: str) -> bool: ...
    def mark_sent(self, key: str, member_id: int, kind: str, at: datetime) -> bool:
        """Record a delivery; False when the key was recorded before."""
        ...
    def purge_sent_before(self, before: datetime) -> int: ...


class NotificationQueries(Protocol):
    """Read only: what the reminder and weekly-update jobs look up."""

    def message_count(self, conversation_id: int) -> int: ...
    def unread_to_remind(self, older_than: datetime, limit: int) -> list[tuple[int, int]]:
        """(member, unread count) of members with a message unread since before then."""
        ...
    def weekly_figures(self, member_id: int, since: datetime) -> dict[str, int]:
        """likes, messages (unread) and new_members of the member's site since then."""
        ...
    def opted_in(self, preference: str, after_id: int, limit: int) -> list[int]:
        """Active real members past ``after_id`` who turned ``preference`` on and whose
        e-mail is not off, by id: who a marketing mail may go to."""
        ...


@attrs.frozen
class Attachment:
    """A file sent with a mail (a receipt's PDF)."""

    filename: str
    content_type: str  # "application/pdf"
    content: bytes = attrs.field(repr=lambda content: f"<{len(content)} bytes>")


class Mailer(Protocol):
    def send(self, to: str, subject: str, text: str, html: str | None = None,
             sender_name: str | None = None, headers: dict[str, str] | None = None,
             message_id: str | None = None,
             attachments: Sequence[Attachment] = ()) -> None:
        """``message_id`` makes a resent mail the same mail (jobs run at least once)."""
        ...


@attrs.frozen
class MarketingConsent:
    given: bool  # False: withdrawn
    at: datetime
    via: str  # domain.notifications.MarketingVia


@attrs.frozen
class PushSubscription:
    id: int
    member_id: int
    endpoint: str
    p256dh: str
    auth: str


# What a push says (its texts, the screen it opens, its badge), sent as JSON.
PushPayload = Mapping[str, str | int]


class PushSender(Protocol):
    def send(self, subscription: PushSubscription, payload: PushPayload, topic: str) -> bool:
        """Deliver one push; False when the push service says the subscription is gone
        (404 or 410). A resend with the same ``topic`` replaces an undelivered one."""
        ...
