"""Operators remove what a member wrote (issue 30.4; `amora members remove-text`,
`amora messages remove`). Each removal and its one decision (text_removed,
message_removed) are kept together in one transaction; the decision's `undo` holds what
was removed so lifting it on appeal (application/undoing.py) puts it back, and the member
is told why by mail. The audit log names the member and never repeats the text."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.audit import JsonValue
from application.ports.chat import Message
from application.ports.clock import Clock
from application.ports.events import EventBus, NewMessage, member_channel
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.concurrency import on_member_conflict
from application.shared.decisions import record_decision
from application.shared.listings import relist
from application.shared.lookups import existing_member
from domain.decisions import Decision, Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.members import Member
from domain.removals import ProfileText, message_undo, remove_texts


@attrs.frozen
class RemovedText:
    member: Member  # as others see them now
    fields: tuple[str, ...]
    decision: Decision


@attrs.frozen
class RemovedMessage:
    message: Message  # as both members see it now: removed
    recipient_id: int
    decision: Decision


@attrs.frozen
class Removals:
    uow: UnitFactory[SafetyUnit]
    clock: Clock
    events: EventBus

    @on_member_conflict
    def remove_text(self, member_id: int, fields: Sequence[ProfileText], actor: str, *,
                    ground: Ground, facts: str, notice_id: int | None = None,
                    reason: str | None = None) -> RemovedText:
        """The texts leave the profile (searches and cards too, by relisting); the old
        ones stay only in the decision, for an appeal. ``reason`` (`amora members
        clear-text`): the operator's, kept in the audit log; a blank one is refused."""
        if reason is not None and not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            # Two operators at once: the second reads what the first left (one decision).
            uow.members.lock(member_id)
            member = existing_member(uow, member_id)
            removal = remove_texts(member.profile, member.id, fields)
            changed = member.with_profile(removal.profile)
            uow.members.save(member, changed)
            relist(uow, member.id)
            details: dict[str, JsonValue] = {"fields": list(removal.item_id.split(","))}
            if reason is not None:
                details["reason"] = reason.strip()
            uow.audit.record(now, actor, "members.remove_text", str(member.id), details)
            made = record_decision(uow, member, Restricting(
                restriction=Restriction.TEXT_REMOVED, item_kind=ItemKind.PROFILE_TEXT,
                item_id=removal.item_id, facts=facts, ground=ground, notice_id=notice_id,
                undo=removal.undo), actor, now)
            uow.commit()
        return RemovedText(changed, tuple(removal.item_id.split(",")), made)

    def remove_message(self, message_id: int, actor: str, *, ground: Ground, facts: str,
                       notice_id: int | None = None) -> RemovedMessage:
        """The recipient no longer reads the message: both members' chats show it as
        removed by the moderators, at once on open pages. The decision is the sender's."""
        now = self.clock.now()
        with self.uow(reads_only=True) as uow:
            found = uow.chats.message(message_id)
        if found is None:
            raise DomainError("message_not_found", id=message_id)
        with self.uow() as uow:
            # The sender's removals one at a time (two operators at once make one
            # decision): the lock comes first, then the message as it stands now.
            uow.members.lock(found.sender_id)
            message = uow.chats.message(message_id)
            if message is None:
                raise DomainError("message_not_found", id=message_id)
            if message.removed:
                raise DomainError("message_already_removed", id=message_id)
            conversation = uow.chats.get(message.conversation_id)
            sender = existing_member(uow, message.sender_id)
            if conversation is None:  # a message always has its conversation
                raise DomainError("message_not_found", id=message_id)
            uow.chats.set_content(message.id, "", None)
            uow.audit.record(now, actor, "messages.remove", str(message.id),
                             {"member": sender.id, "conversation": conversation.id})
            made = record_decision(uow, sender, Restricting(
                restriction=Restriction.MESSAGE_REMOVED, item_kind=ItemKind.MESSAGE,
                item_id=str(message.id), facts=facts, ground=ground, notice_id=notice_id,
                undo=message_undo(message.text, message.gift, conversation.id)), actor, now)
            uow.commit()
        removed = attrs.evolve(message, text="", gift=None, removed=True)
        recipient_id = conversation.other(sender.id)
        for member in (recipient_id, sender.id):  # open chats show the removal at once
            self.events.publish(member_channel(member), NewMessage(removed))
        return RemovedMessage(removed, recipient_id, made)
