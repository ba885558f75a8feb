"""In-memory blocks, search, likes, swipes and chats: the SQL adapters' rules (which
members a list may show, orders, uniqueness, what a hidden chat still shows) over plain
rows. tests/adapters/test_memory_contract.py runs the same scenarios on both."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.chat import ChatSummary, Conversation, Message
from application.ports.discovery import CandidateCard, MemberCard, SearchQuery
from application.ports.likes import GivenLike, LikeRecord, ReceivedLike
from application.ports.photos import CardImage
from domain.discovery import Listing, listing_of
from domain.members import AccountStatus, Member, ProfileStatus
from domain.photos import PhotoStatus
from tests.application.memory_store import Duplicate, MemoryStore, Row

LIST_LIMIT = 1000  # as adapters/sql/likes.py
CHATS_LIMIT = 500  # as adapters/sql/chats.py


@attrs.define
class LikeRow(Row):
    at: datetime
    is_new: bool = True
    modal_shown: bool = False
    match_seen: bool = False


@attrs.define
class MemberInChat(Row):
    unread: int = 0
    hidden_before: int | None = None


@attrs.frozen
class MessageRow:
    message: Message
    cost: int
    free: bool
    key: str | None


@attrs.define
class ConversationRow(Row):
    conversation: Conversation
    last_message_at: datetime


def card(store: MemoryStore, member: Member) -> MemberCard:
    """A member with their active main photo, as every list shows them."""
    main = next((p for p in store.photos if p.member_id == member.id and p.is_main
                 and p.status is PhotoStatus.ACTIVE), None)
    profile = member.profile
    return MemberCard(id=member.id, name=profile.name, gender=profile.gender,
                      birth_date=profile.birth_date, country=profile.country,
                      region=profile.region, city=profile.city,
                      is_fictional=member.is_fictional,
                      main_image=CardImage(main.filename, main.thumb_filename) if main else None)


def blocked_either_way(store: MemoryStore, one: int, other: int) -> bool:
    return (one, other) in store.blocks or (other, one) in store.blocks


def listable(store: MemoryStore, member: Member, viewer_id: int) -> bool:
    """Lists show a member who is active, or unconfirmed with an active profile (never
    banned or deleted), and never across a block."""
    shown = member.status is AccountStatus.ACTIVE or (
        member.status is AccountStatus.NOT_CONFIRMED
        and member.profile.status is ProfileStatus.ACTIVE)
    return shown and not blocked_either_way(store, member.id, viewer_id)


class MemoryDiscovery:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _found(self, query: SearchQuery) -> list[Member]:
        """domain.discovery.findable's rules plus the filters, newest first."""
        store, viewer = self.store, query.viewer_id

        def matches(member: Member) -> bool:
            profile = member.profile
            return (member.site_id in query.site_ids and not member.invisible
                    and listable(store, member, viewer if viewer is not None else -1)
                    and query.born_from <= profile.birth_date <= query.born_until
                    and member.id != viewer
                    and (query.before_id is None or member.id < query.before_id)
                    and member.id not in query.exclude
                    and not (query.not_liked and viewer is not None
                             and (viewer, member.id) in store.likes)
                    and not (query.not_swiped and viewer is not None
                             and (viewer, member.id) in store.swipes)
                    and query.listing in (None, self._listing(member))
                    and all(not wanted or wanted == value for wanted, value in (
                        (query.gender, profile.gender), (query.country, profile.country),
                        (query.region, profile.region))))
        return sorted(filter(matches, store.members.values()), key=lambda m: -m.id)

    def _listing(self, member: Member) -> Listing:
        return listing_of(card(self.store, member).main_image is not None)

    def listing(self, member_id: int) -> Listing | None:
        member = self.store.members.get(member_id)
        return None if member is None else self._listing(member)

    def search(self, query: SearchQuery, limit: int, offset: int) -> list[MemberCard]:
        return [card(self.store, m) for m in self._found(query)[offset:offset + limit]]

    def count(self, query: SearchQuery, at_most: int) -> int:
        return min(len(self._found(query)), at_most)

    def candidates(self, query: SearchQuery, limit: int) -> list[CandidateCard]:
        return [CandidateCard(**attrs.asdict(card(self.store, m), recurse=False),
                              sexuality=m.profile.sexuality, interests=m.profile.interests)
                for m in self._found(query)[:limit]]

    def blocks(self, blocker: int, blocked: int) -> bool:
        return (blocker, blocked) in self.store.blocks

    def block(self, blocker: int, blocked: int, at: datetime) -> None:
        self.store.blocks.add((blocker, blocked))

    def unblock(self, blocker: int, blocked: int) -> None:
        self.store.blocks.discard((blocker, blocked))


class MemoryLikes:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def get(self, liker: int, liked: int) -> LikeRecord | None:
        row = self.store.likes.get((liker, liked))
        return None if row is None else LikeRecord(liker, liked, row.at, row.is_new,
                                                   row.modal_shown, row.match_seen)

    def add(self, liker: int, liked: int, at: datetime, match_seen: bool) -> None:
        self.store.likes.setdefault((liker, liked), LikeRow(at, match_seen=match_seen))

    def remove(self, liker: int, liked: int) -> None:
        self.store.likes.pop((liker, liked), None)

    def update(self, liker: int, liked: int, **flags: bool) -> None:
        row = self.store.likes.get((liker, liked))
        for name, value in flags.items():
            if row is not None:
                setattr(row, name, value)

    def swiped(self, member: int, target: int) -> bool:
        return (member, target) in self.store.swipes

    def swipe(self, member: int, target: int, liked: bool, at: datetime) -> None:
        if (member, target) in self.store.swipes:
            raise Duplicate("swipes")  # the primary key, as in SQL
        self.store.swipes[member, target] = (liked, at)

    def swipe_likes_between(self, member: int, start: datetime, end: datetime) -> int:
        return sum(1 for (who, _), (liked, at) in self.store.swipes.items()
                   if who == member and liked and start <= at < end)


class MemoryLikeQueries:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _received(self, member_id: int) -> list[tuple[Member, LikeRow]]:
        store = self.store
        found = [(store.members[liker], row) for (liker, liked), row in store.likes.items()
                 if liked == member_id and liker in store.members]
        return [(m, row) for m, row in found if listable(store, m, member_id)]

    def given(self, member_id: int) -> list[GivenLike]:
        store = self.store
        rows = []
        for (liker, liked), row in store.likes.items():
            member = store.members.get(liked)
            if liker != member_id or member is None or not listable(store, member, member_id):
                continue
            likes_me = (liked, liker) in store.likes
            if member.invisible and not likes_me:
                continue
            rows.append(GivenLike(card(store, member), row.at, likes_me, row.match_seen))
        rows.sort(key=lambda like: (like.liked_at, like.card.id), reverse=True)
        return rows[:LIST_LIMIT]

    def received(self, member_id: int) -> list[ReceivedLike]:
        rows = [ReceivedLike(card(self.store, m), row.at, row.is_new,
                             (member_id, m.id) in self.store.likes)
                for m, row in self._received(member_id)]
        rows.sort(key=lambda like: (like.like_new, like.liked_at, like.card.id), reverse=True)
        return rows[:LIST_LIMIT]

    def new_likes(self, member_id: int) -> int:
        return sum(1 for _, row in self._received(member_id) if row.is_new)

    def next_for_modal(self, member_id: int) -> MemberCard | None:
        waiting = [(row.at, m.id, m) for m, row in self._received(member_id)
                   if row.is_new and not row.modal_shown
                   and (member_id, m.id) not in self.store.likes]
        return card(self.store, max(waiting)[2]) if waiting else None


class MemoryChats:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

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
                    key: str | None = None) -> Message:
        if key is not None and self.sent_with_key(sender, key):
            raise Duplicate("uq_messages_client_key")
        message = Message(len(self.store.messages) + 1, conversation_id, sender, text, at, gift)
        self.store.messages.append(MessageRow(message, cost, free, key))
        self.store.conversations[conversation_id].last_message_at = at
        for (chat, member_id), row in self.store.in_chat.items():
            if chat == conversation_id and member_id != sender:
                row.unread += 1
        return message

    def has_written(self, conversation_id: int, member_id: int) -> bool:
        return any(row.message.conversation_id == conversation_id
                   and row.message.sender_id == member_id for row in self.store.messages)

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
            messages = self._of(chat)
            last = max(messages, key=lambda m: m.id) if messages else None
            found.append((row.last_message_at, chat, seat, ChatSummary(
                chat, seat.unread, card(store, other), last)))
        found.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)
        # Like the SQL: the limit counts hidden chats too, which are dropped afterwards.
        return [summary for _, _, seat, summary in found[:CHATS_LIMIT]
                if summary.last_message is not None and (
                    seat.hidden_before is None
                    or summary.last_message.id > seat.hidden_before)]

    def unread_total(self, member_id: int) -> int:
        return sum(seat.unread for (_, who), seat in self.store.in_chat.items()
                   if who == member_id)
