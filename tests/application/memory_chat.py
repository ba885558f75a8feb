"""In-memory conversations and messages: the SQL adapters' rules (one conversation per
pair, unread counters, what a deleted chat still shows, the chat list's order) over plain
rows. tests/adapters/test_memory_contract.py runs the same scenarios on both."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.chat import ChatSummary, Conversation, Message, SendFacts
from application.shared.outbox import message_notice
from domain.decisions import DecisionStatus, Restriction
from domain.members import AccountStatus
from domain.removals import is_removed
from tests.application.memory_social import blocked_either_way, card
from tests.application.memory_store import Duplicate, MemoryStore, Row

CHATS_LIMIT = 500  # as adapters/sql/chats.py


@attrs.define
class ConversationRow(Row):
    conversation: Conversation
    last_message_at: datetime


@attrs.frozen
class MessageRow:
    message: Message
    cost: int
    free: bool
    key: str | None


@attrs.define
class MemberInChat(Row):
    unread: int = 0
    hidden_before: int | None = None


def delivered_to(message: Message, member_id: int) -> bool:
    """All but another's message waiting behind the scam shield (adapters/sql/chats.py)."""
    return not message.held or message.sender_id == member_id


class MemoryChats:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def send_facts(self, sender: int, recipient: int, key: str | None = None,
                   lock: bool = False) -> SendFacts:
        store = self.store
        member = store.members.get(recipient)
        return SendFacts(
            recipient=member,
            conversation=self.between(sender, recipient),
            blocked_either_way=blocked_either_way(store, sender, recipient),
            conversations_started=self.started_by(sender),
            free_messages_used=self.free_messages_used(sender),
            balance=store.balances.get(sender, 0),
            held=any(decision.member_id == sender
                     and decision.restriction is Restriction.ACCOUNT_HELD
                     and decision.item_id == str(sender)
                     and decision.status is DecisionStatus.IN_FORCE
                     for decision in store.decisions.values()),
            recipient_unread=sum(seat.unread for (_, who), seat in store.in_chat.items()
                                 if who == recipient),
            sent_with_key=key is not None and self.sent_with_key(sender, key),
            sender_status=store.members[sender].status)

    def between(self, one: int, other: int) -> Conversation | None:
        low, high = sorted((one, other))
        return next((row.conversation for row in self.store.conversations.values()
                     if (row.conversation.member_low, row.conversation.member_high)
                     == (low, high)), None)

    def get(self, conversation_id: int) -> Conversation | None:
        row = self.store.conversations.get(conversation_id)
        return row.conversation if row else None

    def start(self, starter: int, other: int, at: datetime) -> int:
        existing = self.between(starter, other)
        if existing is not None:
            return existing.id
        low, high = sorted((starter, other))
        conversation = Conversation(len(self.store.conversations) + 1, low, high, starter)
        self.store.conversations[conversation.id] = ConversationRow(conversation, at)
        for member_id in (starter, other):
            self.store.in_chat[conversation.id, member_id] = MemberInChat()
        return conversation.id

    def started_by(self, member_id: int) -> int:
        return sum(1 for row in self.store.conversations.values()
                   if row.conversation.started_by == member_id)

    def free_messages_used(self, member_id: int) -> int:
        return sum(1 for row in self.store.messages
                   if row.message.sender_id == member_id and row.free)

    def sent_with_key(self, sender: int, key: str) -> bool:
        return any(row.message.sender_id == sender and row.key == key
                   for row in self.store.messages)

    def add_message(self, conversation_id: int, sender: int, text: str, at: datetime,
                    cost: int, free: bool, gift: str | None = None,
                    key: str | None = None, flags: tuple[str, ...] = (),
                    held: bool = False, notify: int | None = None) -> Message:
        if key is not None and self.sent_with_key(sender, key):
            raise Duplicate("uq_messages_client_key")
        message = Message(len(self.store.messages) + 1, conversation_id, sender, text, at, gift,
                          flags=flags, held=held)
        self.store.messages.append(MessageRow(message, cost, free, key))
        self.store.conversations[conversation_id].last_message_at = at
        if not held:
            self._count_unread(conversation_id, sender, 1)
        if notify is not None:  # into the unit's outbox, as its `jobs` writes
            from tests.application.memory import MemoryJobs

            MemoryJobs(self.store.jobs).add(message_notice(notify, message))
        return message

    def _count_unread(self, conversation_id: int, sender: int, count: int) -> None:
        for (chat, member_id), row in self.store.in_chat.items():
            if chat == conversation_id and member_id != sender:
                row.unread += count

    def flags_sent_since(self, sender: int, since: datetime) -> list[tuple[str, ...]]:
        return [row.message.flags for row in self.store.messages
                if row.message.sender_id == sender and row.message.flags
                and row.message.created_at >= since]

    def release_held(self, sender: int) -> list[Message]:
        released = []
        for index, row in enumerate(self.store.messages):
            if row.message.sender_id == sender and row.message.held:
                message = attrs.evolve(row.message, held=False)
                self.store.messages[index] = attrs.evolve(row, message=message)
                self._count_unread(message.conversation_id, sender, 1)
                released.append(message)
        return released

    def has_written(self, conversation_id: int, member_id: int) -> bool:
        return any(row.message.conversation_id == conversation_id
                   and row.message.sender_id == member_id for row in self.store.messages)

    def message(self, message_id: int) -> Message | None:
        return next((row.message for row in self.store.messages
                     if row.message.id == message_id), None)

    def set_content(self, message_id: int, text: str, gift: str | None) -> None:
        for index, row in enumerate(self.store.messages):
            if row.message.id == message_id:
                message = attrs.evolve(row.message, text=text, gift=gift,
                                       removed=is_removed(text, gift))
                self.store.messages[index] = attrs.evolve(row, message=message)

    def mark_read(self, conversation_id: int, member_id: int) -> None:
        row = self.store.in_chat.get((conversation_id, member_id))
        if row is not None:
            row.unread = 0

    def unlocked(self, member_id: int) -> set[int]:
        return {photo for member, photo in self.store.unlocks if member == member_id}

    def unlock(self, member_id: int, photo_id: int, at: datetime) -> None:
        self.store.unlocks.add((member_id, photo_id))

    def page_hidden(self, member_id: int, at: datetime) -> None:
        self.store.presence[member_id] = at

    def hide(self, conversation_id: int, member_id: int) -> None:
        row = self.store.in_chat.get((conversation_id, member_id))
        if row is not None:
            ids = [r.message.id for r in self.store.messages
                   if r.message.conversation_id == conversation_id]
            row.unread, row.hidden_before = 0, max(ids, default=0)


class MemoryChatQueries:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _of(self, conversation_id: int) -> list[Message]:
        return [row.message for row in self.store.messages
                if row.message.conversation_id == conversation_id]

    def history(self, conversation_id: int, member_id: int, before: int | None, limit: int,
                oldest: int | None) -> list[Message]:
        seat = self.store.in_chat.get((conversation_id, member_id))
        if seat is None:
            return []
        page = [m for m in self._of(conversation_id)
                if (seat.hidden_before is None or m.id > seat.hidden_before)
                and delivered_to(m, member_id)
                and (before is None or m.id < before) and (oldest is None or m.id >= oldest)]
        return sorted(page, key=lambda m: -m.id)[:limit]

    def oldest_kept(self, conversation_id: int, keep: int) -> int | None:
        if keep <= 0:
            return None
        ids = sorted((m.id for m in self._of(conversation_id)), reverse=True)
        return ids[keep - 1] if len(ids) >= keep else None

    def chats_of(self, member_id: int) -> list[ChatSummary]:
        store, found = self.store, []
        for (chat, seat_of), seat in store.in_chat.items():
            row = store.conversations[chat]
            other = store.members.get(row.conversation.other(member_id))
            if seat_of != member_id or other is None or other.status not in (
                    AccountStatus.ACTIVE, AccountStatus.NOT_CONFIRMED) \
                    or blocked_either_way(store, member_id, other.id):
                continue
            messages = [m for m in self._of(chat) if delivered_to(m, member_id)]
            last = max(messages, key=lambda m: m.id) if messages else None
            found.append((row.last_message_at, chat, seat, ChatSummary(
                chat, seat.unread, card(store, other), last)))
        found.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)
        # Like the SQL: the limit counts hidden chats too, which are dropped afterwards.
        return [summary for _, _, seat, summary in found[:CHATS_LIMIT]
                if summary.last_message is not None and (
                    seat.hidden_before is None
                    or summary.last_message.id > seat.hidden_before)]

    def flagged_since(self, since: datetime, limit: int) -> list[Message]:
        found = [row.message for row in self.store.messages
                 if row.message.flags and row.message.created_at >= since]
        return sorted(found, key=lambda m: (m.created_at, m.id), reverse=True)[:limit]

    def waiting_of(self, sender: int, limit: int) -> list[Message]:
        found = [row.message for row in self.store.messages
                 if row.message.sender_id == sender and row.message.held]
        return sorted(found, key=lambda m: m.id, reverse=True)[:limit]

    def unread_total(self, member_id: int) -> int:
        return sum(seat.unread for (_, who), seat in self.store.in_chat.items()
                   if who == member_id)
