"""The scam shield's queue for operators (issue 31.4, `amora safety queue`): the members it
holds, with what waits and why, the messages sent despite the nudge, with who sent
them to whom, and the profiles whose name or about text was saved despite it, so an
operator releases a hold, bans, removes a text or clears its flags with the context at
hand."""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs

from application.ports.chat import Message
from application.ports.clock import Clock
from application.ports.decisions import DecisionFilter
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from domain.decisions import Decision, Restriction
from domain.profile_flags import api_name

WAITING_SHOWN = 5  # a held member's newest waiting messages shown with them
FLAGGED_SHOWN = 200
PROFILES_SHOWN = 200


@attrs.frozen
class Person:
    id: int
    name: str
    email: str


@attrs.frozen
class HeldMember:
    member: Person
    decision: Decision  # the hold: since when, facts, ground, notice
    waiting: list[Message]  # newest first, at most WAITING_SHOWN


@attrs.frozen
class FlaggedMessage:
    message: Message
    sender: Person
    recipient: Person | None


@attrs.frozen
class FlaggedText:
    field: str  # "name" or "about", as `amora members remove-text --field` takes it
    text: str
    reasons: tuple[str, ...]


@attrs.frozen
class FlaggedProfile:
    member: Person
    texts: list[FlaggedText]


@attrs.frozen
class SafetyQueueView:
    held: list[HeldMember]
    flagged: list[FlaggedMessage]
    profiles: list[FlaggedProfile] = attrs.Factory(list)  # newest members first


def _person(uow: SafetyUnit, member_id: int) -> Person | None:
    member = uow.members.get(member_id)
    return None if member is None else Person(member.id, member.profile.name, member.email)


def _recipient(uow: SafetyUnit, message: Message) -> Person | None:
    conversation = uow.chats.get(message.conversation_id)
    return None if conversation is None else _person(
        uow, conversation.other(message.sender_id))


@attrs.frozen
class SafetyQueue:
    uow: UnitFactory[SafetyUnit]
    clock: Clock

    def view(self, days: int = 7) -> SafetyQueueView:
        since = self.clock.now() - timedelta(days=days)
        with self.uow() as uow:
            return SafetyQueueView(held=self._held(uow), flagged=self._flagged(uow, since),
                                   profiles=self._profiles(uow))

    @staticmethod
    def _held(uow: SafetyUnit) -> list[HeldMember]:
        holds = [found for found in uow.decisions.find(DecisionFilter(
            restriction=Restriction.ACCOUNT_HELD, in_force_only=True, limit=1000))
            if found.member_id is not None]
        held = []
        for hold in sorted(holds, key=lambda found: found.decided_at):  # longest waiting first
            assert hold.member_id is not None
            person = _person(uow, hold.member_id)
            if person is not None:
                held.append(HeldMember(person, hold,
                                       uow.chat_queries.waiting_of(person.id, WAITING_SHOWN)))
        return held

    @staticmethod
    def _flagged(uow: SafetyUnit, since: datetime) -> list[FlaggedMessage]:
        flagged = []
        for message in uow.chat_queries.flagged_since(since, FLAGGED_SHOWN):
            sender = _person(uow, message.sender_id)
            if sender is not None:
                flagged.append(FlaggedMessage(message, sender, _recipient(uow, message)))
        return flagged

    @staticmethod
    def _profiles(uow: SafetyUnit) -> list[FlaggedProfile]:
        return [FlaggedProfile(
            Person(member.id, member.profile.name, member.email),
            [FlaggedText(api_name(field), getattr(member.profile, field),
                         member.profile.text_flags.of(field))
             for field in member.profile.text_flags.flagged_fields()])
            for member in uow.members.text_flagged(PROFILES_SHOWN)]
