"""The scam shield's hold on a sender (issue 31.2), as the chat, complaints, block lists and
undoing use it: held or not, hold, end the hold (what waited is delivered), and what the
chat's send asks of the shield (MessageShield). The operator's release is
application.shield.

A hold is a decision (Restriction.ACCOUNT_HELD, taken by the shield, automated): it is in
force exactly while the member is held, so the decision is the hold's record. While held,
the member's messages are stored but wait undelivered; nothing is dropped."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs

from application.ports.chat import Message
from application.ports.events import NewMessage, member_channel
from application.ports.shared_units import DecidingUnit, ShieldUnit
from application.ports.shield import ShieldTexts
from application.ports.units import SafetyUnit
from application.shared.decisions import is_held, record_decision
from application.shared.lookups import existing_member, site_of_member
from application.shared.outbox import notify_later
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


def hold_sender(uow: DecidingUnit, member: Member, facts: str, ground: Ground, now: datetime,
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


def end_hold(uow: ShieldUnit, member_id: int) -> list[Message]:
    """What waited is delivered now: counted unread and notified (push, mail) like any
    message; returns the messages for the live events after the commit."""
    delivered = uow.chats.release_held(member_id)
    for message in delivered:
        recipient = recipient_of(uow, message)
        notify_later(uow, member_channel(recipient), NewMessage(
            message, unread=uow.chat_queries.unread_total(recipient)))
    return delivered


def recipient_of(uow: ShieldUnit, message: Message) -> int:
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

    def held(self, uow: ShieldUnit, sender: Member, flags: tuple[str, ...],
             now: datetime, held_already: bool | None = None) -> bool:
        """Whether the message about to be stored waits: its sender is held, or this
        flagged send is one too many and holds them now. ``held_already``: whether the
        sender is held, when the caller read it already (SendFacts)."""
        if is_held(uow, sender.id) if held_already is None else held_already:
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

    def on_notice(self, uow: SafetyUnit, notice_id: int, message: Message,
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
