"""The outbox of live events: the notification (mail, push) an event calls for, written in
the transaction that causes the event, so it runs even if the process dies after the
commit (application.notifications delivers it)."""

from __future__ import annotations

from application.ports.chat import Message
from application.ports.events import Event, NewLike, NewMatch, NewMessage, PaymentSettled
from application.ports.jobs import (
    LikeNotice,
    MatchNotice,
    MessageNotice,
    Notification,
    ReceiptNotice,
)
from application.ports.units import CoreUnit
from domain.orders import OrderStatus


def notification_for(channel: str, event: Event) -> Notification | None:
    """The notification a live event calls for, if any (only on the member's own channel)."""
    if not channel.startswith("member:"):
        return None
    member_id = int(channel.split(":", 1)[1])
    match event:
        case NewMessage(message=message) if message.sender_id != member_id:
            return message_notice(member_id, message)
        case NewLike(member=liker):
            return LikeNotice(member_id, liker)
        case NewMatch(profile=profile):
            return MatchNotice(member_id, profile.id)
        case PaymentSettled(order=order, status=OrderStatus.PAID):
            return ReceiptNotice(member_id, order)
    return None


def message_notice(member_id: int, message: Message) -> MessageNotice:
    """The notification of a message (or gift) for ``member_id``, who received it."""
    return MessageNotice(member_id, message.sender_id, message.conversation_id, message.id,
                         message.gift)


def notify_later(uow: CoreUnit, channel: str, event: Event) -> None:
    """Write the notification (mail, push) a live event calls for into the unit of work
    that causes the event, so it runs even if the process dies after the commit; the
    live event itself goes out after the commit, to whoever is connected."""
    notification = notification_for(channel, event)
    if notification is not None:
        uow.jobs.add(notification)
