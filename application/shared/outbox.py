"""The outbox of live events: the notify job (mail, push) an event calls for, written in
the transaction that causes the event, so it runs even if the process dies after the
commit (application.notifications delivers it)."""

from __future__ import annotations

from collections.abc import Mapping

from application.ports.events import Event, NewLike, NewMatch, NewMessage, PaymentSettled
from application.ports.units import CoreUnit
from domain.notifications import Kind
from domain.orders import OrderStatus

# A notify job's references (member, conversation and message ids, a gift's key), as
# the job's JSON arguments keep them.
Refs = Mapping[str, int | str | None]


def notification_for(channel: str, event: Event) -> tuple[str, int, Refs] | None:
    """The notify job a live event calls for, if any (only on the member's own channel)."""
    if not channel.startswith("member:"):
        return None
    member_id = int(channel.split(":", 1)[1])
    match event:
        case NewMessage(message=message) if message.sender_id != member_id:
            return (Kind.NEW_MESSAGE.value, member_id,
                    {"sender": message.sender_id, "conversation": message.conversation_id,
                     "message": message.id, "gift": message.gift})
        case NewLike(member=liker):
            return Kind.LIKE.value, member_id, {"member": liker}
        case NewMatch(profile=profile):
            return Kind.MATCH.value, member_id, {"member": profile.id}
        case PaymentSettled(order=order, status=OrderStatus.PAID):
            return Kind.PAYMENT_RECEIPT.value, member_id, {"order": order}
    return None


def notify_later(uow: CoreUnit, channel: str, event: Event) -> None:
    """Write the notify job (mail, push) a live event calls for into the unit of work
    that causes the event, so it runs even if the process dies after the commit; the
    live event itself goes out after the commit, to whoever is connected."""
    job = notification_for(channel, event)
    if job is not None:
        uow.jobs.add("notify", *job)
