"""What each notification tells a member (application.notifications delivers it): its
kind, the values its mail and push texts fill in, the screen it opens, and what its
delivery keys count by. A notification about something gone meanwhile (a member
erased, an order not paid) tells nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import attrs

from application.ports.jobs import (
    LikeNotice,
    MatchNotice,
    MessageNotice,
    Notification,
    ReceiptNotice,
    UnreadReminder,
    WeeklyUpdate,
)
from application.ports.receipts import ReceiptView
from application.ports.units import NoticesUnit
from application.shared.mail_brand import TemplateValues
from application.shared.receipts import receipt_view
from domain.members import Member
from domain.notifications import Kind


@attrs.frozen
class Delivery:
    """What to say to one member about one thing."""

    kind: Kind
    values: TemplateValues
    target: str  # the screen the mail's button and the push open
    mail_subject: int  # what mail keys count by (conversation, order, ...)
    push_subject: int  # what push keys count by (the message, the like, ...)
    receipt: ReceiptView | None = None  # a payment's, sent along as a PDF


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
