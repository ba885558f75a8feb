"""The scam shield where it acts on messages (issue 31.2): the nudge before a flagged
message goes out, the hold on a sender who keeps sending them (or whose flagged message is
reported), and the operator's release that delivers what waited.

A hold is a decision (Restriction.ACCOUNT_HELD, taken by the shield, automated): it is in
force exactly while the member is held, so the decision is the hold's record. While held,
the member's messages are stored but wait undelivered; nothing is dropped."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs

from application.notifications import notify_later
from application.ports.chat import Message
from application.ports.clock import Clock
from application.ports.events import EventBus, NewMessage, member_channel
from application.ports.shield import ShieldTexts
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from application.shared.decisions import lift_decision, record_decision
from application.shared.lookups import existing_member, site_of_member
from application.shared.screening import Screening
from domain.decisions import Decision, Ground, GroundKind, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.mass_openers import MASS_OPENER
from domain.members import Member
from domain.screening import CONTACT
from domain.shield import FLAGGED_WINDOW, SHIELD_ACTOR, holds_sender, nudge

# The clause a held sender broke, by what their messages asked for.
OFF_PLATFORM = Ground(kind=GroundKind.TERMS, code="off_platform_contact")
SCAM = Ground(kind=GroundKind.TERMS, code="scam")
SPAM = Ground(kind=GroundKind.TERMS, code="spam")


def held_since(uow: UnitOfWork, member_id: int) -> Decision | None:
    """The hold in force on the member, if any."""
    return uow.decisions.in_force(member_id, Restriction.ACCOUNT_HELD, str(member_id))


def is_held(uow: UnitOfWork, member_id: int) -> bool:
    return held_since(uow, member_id) is not None


def hold_sender(uow: UnitOfWork, member: Member, facts: str, ground: Ground, now: datetime,
                notice_id: int | None = None) -> Decision | None:
    """Holds the member (their messages wait from now on) with the shield's decision, which
    tells them why; None when they are held already (one hold, one decision)."""
    # One hold at a time: a report and a send (or two reports) may hold the same member
    # at once; the member's row serialises them, so the second sees the first's hold.
    uow.members.lock(member.id)
    if is_held(uow, member.id):
        return None
    return record_decision(uow, member, Restricting(
        restriction=Restriction.ACCOUNT_HELD, item_kind=ItemKind.ACCOUNT,
        item_id=str(member.id), facts=facts, ground=ground, detected_automatically=True,
        decided_automatically=True, notice_id=notice_id), SHIELD_ACTOR, now)


def end_hold(uow: UnitOfWork, member_id: int) -> list[Message]:
    """What waited is delivered now: counted unread and notified (push, mail) like any
    message; returns the messages for the live events after the commit."""
    delivered = uow.chats.release_held(member_id)
    for message in delivered:
        recipient = _recipient(uow, message)
        notify_later(uow, member_channel(recipient), NewMessage(
            message, unread=uow.chat_queries.unread_total(recipient)))
    return delivered


def _recipient(uow: UnitOfWork, message: Message) -> int:
    conversation = uow.chats.get(message.conversation_id)
    assert conversation is not None  # a message's conversation goes only with it
    return conversation.other(message.sender_id)


_CONTACT = frozenset(reason.value for reason in CONTACT)
_COPIED = MASS_OPENER


def ground_for(reasons: Sequence[str]) -> Ground:
    """Anything about money: a scam; contact details: moving members off the site; only
    the same opener to many: spam."""
    if any(reason not in _CONTACT and reason != _COPIED for reason in reasons):
        return SCAM
    return OFF_PLATFORM if any(reason in _CONTACT for reason in reasons) else SPAM


@attrs.frozen
class MessageShield:
    """What the chat's send asks of the shield, inside its unit of work."""

    screening: Screening
    texts: ShieldTexts

    def flags(self, text: str, confirmed: bool,
              also: Sequence[tuple[int, int, str]] = ()) -> tuple[str, ...]:
        """The reasons a message is flagged for; a flagged message not yet confirmed by its
        sender is refused with the nudge (409 message_flagged), so nothing is stored.
        `also`: findings beyond the screening's, as (start, end, reason) (the same opener
        to many members, application/opener_guard.py)."""
        result = self.screening.check(text)
        reasons = tuple(dict.fromkeys([*result.reasons, *(reason for *_, reason in also)]))
        if reasons and not confirmed:
            spans = sorted([*result.spans, *also], key=lambda span: (span[0], span[1]))
            raise DomainError("message_flagged", **nudge(text, reasons, spans).params())
        return reasons

    def held(self, uow: UnitOfWork, sender: Member, flags: tuple[str, ...],
             now: datetime) -> bool:
        """Whether the message about to be stored waits: its sender is held, or this
        flagged send is one too many and holds them now."""
        if is_held(uow, sender.id):
            return True
        if not flags:
            return False
        sent = [*uow.chats.flags_sent_since(sender.id, now - FLAGGED_WINDOW), flags]
        if not holds_sender(len(sent)):
            return False
        site = site_of_member(uow, sender)
        hold_sender(uow, sender, self.texts.facts(
            "flagged_sends", sender.language, count=len(sent), site=site.name),
            ground_for([reason for reasons in sent for reason in reasons]), now)
        return True

    def on_notice(self, uow: UnitOfWork, notice_id: int, message: Message,
                  now: datetime) -> None:
        """A member reported a message sent despite the nudge: its sender is held at once,
        the notice named in the decision."""
        if not message.flags:
            return  # an ordinary message: the operators judge the notice
        sender = existing_member(uow, message.sender_id)
        site = site_of_member(uow, sender)
        hold_sender(uow, sender, self.texts.facts(
            "reported_flagged", sender.language, site=site.name),
            ground_for(message.flags), now, notice_id=notice_id)


@attrs.frozen
class Released:
    member_id: int
    delivered: int  # messages that waited and are delivered now


@attrs.frozen
class ShieldHolds:
    """The operator's side: release a held member (`amora safety release`)."""

    uow: UnitOfWorkFactory
    clock: Clock
    events: EventBus

    def release(self, member_id: int, note: str, actor: str) -> Released:
        if not note.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            existing_member(uow, member_id)
            if lift_decision(uow, member_id, Restriction.ACCOUNT_HELD, str(member_id),
                             actor, now) is None:
                raise DomainError("not_held", id=member_id)
            delivered = end_hold(uow, member_id)
            uow.audit.record(now, actor, "safety.release", str(member_id),
                             {"note": note.strip(), "delivered": len(delivered)})
            arrivals = [(_recipient(uow, message), message) for message in delivered]
            unread = {recipient: uow.chat_queries.unread_total(recipient)
                      for recipient, _ in arrivals}
            uow.commit()
        for recipient, message in arrivals:
            self.events.publish(member_channel(recipient),
                                NewMessage(message, unread=unread[recipient]))
        return Released(member_id, len(delivered))
