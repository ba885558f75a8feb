"""Conversations and messages in SQL. The chat list is one query: the other member's
card, the unread count and the last message of every visible conversation."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import (
    JSON,
    Connection,
    Integer,
    Text,
    and_,
    bindparam,
    cast,
    func,
    insert,
    literal,
    literal_column,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from adapters.jobs.codec import job_json
from adapters.sql import tables as t
from adapters.sql.chat_sends import send_facts
from adapters.sql.discovery import _blocked_either_way, _card
from adapters.sql.outbox import SqlOutbox
from adapters.sql.outbox import now as outbox_now
from adapters.sql.upsert import insert_unless_exists, upsert
from application.ports.chat import ChatSummary, Conversation, Message, SendFacts
from application.shared.outbox import message_notice
from domain.removals import is_removed
from domain.shield import flags_of, flags_text

m, p, ph = t.members, t.profiles, t.photos
cv, cm, msg = t.conversations, t.conversation_members, t.messages


def message_of(row: Any) -> Message:
    return Message(id=row.id, conversation_id=row.conversation_id, sender_id=row.sender_id,
                   text=row.text, created_at=row.created_at, gift=row.gift,
                   removed=is_removed(row.text, row.gift), flags=flags_of(row.flags),
                   held=row.held)


def _conversation(row: Any) -> Conversation:
    return Conversation(id=row.id, member_low=row.member_low, member_high=row.member_high,
                        started_by=row.started_by)


def _visible_after(member_id: int) -> Any:
    """Messages a member still sees (those before a 'delete chat' are gone for them)."""
    return and_(or_(cm.c.hidden_before.is_(None), msg.c.id > cm.c.hidden_before),
                delivered_to(member_id))


def delivered_to(member_id: int) -> Any:
    """Messages a member may see: all but another's waiting behind the scam shield."""
    return or_(msg.c.held.is_(False), msg.c.sender_id == member_id)


def _bound(name: str, column: Any) -> Any:
    return bindparam(name, type_=column.type)


# A message's writes, built once with every value a bound parameter (issue 36.3): built
# per message, their constructs and cache keys cost more CPU than running them. SQLite
# runs them one by one; PostgreSQL as data-modifying WITHs of one statement.
_STORED = insert(msg).values(
    conversation_id=_bound("conversation", msg.c.conversation_id),
    sender_id=_bound("sender", msg.c.sender_id), text=_bound("text", msg.c.text),
    created_at=_bound("at", msg.c.created_at), cost=_bound("cost", msg.c.cost),
    free=_bound("free", msg.c.free), gift=_bound("gift", msg.c.gift),
    client_key=_bound("key", msg.c.client_key), flags=_bound("flags", msg.c.flags),
    held=_bound("held", msg.c.held)).returning(msg.c.id)
_TOUCHED = (update(cv).where(cv.c.id == _bound("conversation", cv.c.id))
            .values(last_message_at=_bound("at", cv.c.last_message_at)))
# The recipient's unread counter, by "count" messages (a waiting one counts on release).
_UNREAD_PLUS = (update(cm).where(
    cm.c.conversation_id == _bound("conversation", cm.c.conversation_id),
    cm.c.member_id != _bound("sender", cm.c.member_id))
    .values(unread=cm.c.unread + _bound("count", cm.c.unread)))


def _added(counted: bool, noticed: bool = False) -> Any:
    new = _STORED.cte("new")
    query = select(new.c.id).add_cte(_TOUCHED.returning(cv.c.id).cte("touched"))
    if counted:
        query = query.add_cte(_UNREAD_PLUS.returning(cm.c.member_id).cte("counted"))
    if noticed:
        # The recipient's notice in the outbox (SqlOutbox.add's row), its fields as the
        # codec writes them with the new message's id set in.
        fields = func.jsonb_set(cast(bindparam("notice", type_=Text), JSONB),
                                literal_column("'{message}'::text[]"), func.to_jsonb(new.c.id))
        query = query.add_cte(insert(t.outbox).from_select(
            ["name", "args", "created_at", "run_after", "attempts"],
            select(_bound("notice_name", t.outbox.c.name), cast(fields, JSON),
                   _bound("noticed_at", t.outbox.c.created_at),
                   _bound("noticed_at", t.outbox.c.run_after), literal(0, Integer))
            .select_from(new)).returning(t.outbox.c.id).cte("noticed"))
    return query


_ADD_COUNTED, _ADD_HELD = _added(counted=True), _added(counted=False)
_ADD_NOTICED = _added(counted=True, noticed=True)


def _seats(maker: Any) -> Any:
    """Both members' seats in a new conversation, as an INSERT of a SELECT of their rows:
    a multi-row VALUES has no cache key, so SQLAlchemy compiled it for every opener."""
    members = select(_bound("conversation", cm.c.conversation_id), t.members.c.id,
                     literal(0, Integer)).where(
        or_(t.members.c.id == _bound("one", t.members.c.id),
            t.members.c.id == _bound("other", t.members.c.id)))
    return maker(cm).from_select(["conversation_id", "member_id", "unread"],
                                 members).on_conflict_do_nothing()


_SEATS, _SQLITE_SEATS = _seats(pg_insert), _seats(sqlite_insert)


@attrs.define
class SqlChats:
    connection: Connection

    def send_facts(self, sender: int, recipient: int, key: str | None = None,
                   lock: bool = False) -> SendFacts:
        return send_facts(self.connection, sender, recipient, key, lock)

    def between(self, one: int, other: int) -> Conversation | None:
        low, high = sorted((one, other))
        row = self.connection.execute(select(cv).where(
            cv.c.member_low == low, cv.c.member_high == high)).first()
        return _conversation(row) if row else None

    def get(self, conversation_id: int) -> Conversation | None:
        row = self.connection.execute(select(cv).where(cv.c.id == conversation_id)).first()
        return _conversation(row) if row else None

    def start(self, starter: int, other: int, at: datetime) -> int:
        """The pair's conversation, created unless a concurrent request just did."""
        low, high = sorted((starter, other))
        insert_unless_exists(self.connection, cv, member_low=low, member_high=high,
                             started_by=starter, created_at=at, last_message_at=at)
        conversation_id = int(self.connection.execute(select(cv.c.id).where(
            cv.c.member_low == low, cv.c.member_high == high)).scalar_one())
        # Both members' seats in one statement.
        seats = _SEATS if self.connection.dialect.name == "postgresql" else _SQLITE_SEATS
        self.connection.execute(seats, {"conversation": conversation_id, "one": starter,
                                        "other": other})
        return conversation_id

    def started_by(self, member_id: int) -> int:
        return int(self.connection.execute(select(func.count()).select_from(cv).where(
            cv.c.started_by == member_id)).scalar_one())

    def free_messages_used(self, member_id: int) -> int:
        return int(self.connection.execute(select(func.count()).select_from(msg).where(
            msg.c.sender_id == member_id, msg.c.free.is_(True))).scalar_one())

    def sent_with_key(self, sender: int, key: str) -> bool:
        return self.connection.execute(select(msg.c.id).where(
            msg.c.sender_id == sender, msg.c.client_key == key)).first() is not None

    def add_message(self, conversation_id: int, sender: int, text: str, at: datetime,
                    cost: int, free: bool, gift: str | None = None,
                    key: str | None = None, flags: tuple[str, ...] = (),
                    held: bool = False, notify: int | None = None) -> Message:
        values: dict[str, Any] = {
            "conversation": conversation_id, "sender": sender, "text": text, "at": at,
            "cost": cost, "free": free, "gift": gift, "key": key, "flags": flags_text(flags),
            "held": held, "count": 1}
        message = Message(id=0, conversation_id=conversation_id, sender_id=sender, text=text,
                          created_at=at, gift=gift, flags=flags, held=held)
        if self.connection.dialect.name == "postgresql":
            # One round trip (issue 36.3): PostgreSQL runs every data-modifying WITH, the
            # notice's too.
            if notify is not None:
                name, fields = job_json(message_notice(notify, message))
                values.update(notice_name=name, notice=json.dumps(fields),
                              noticed_at=outbox_now())
            query = _ADD_HELD if held else _ADD_NOTICED if notify is not None else _ADD_COUNTED
            message = attrs.evolve(message, id=int(self.connection.execute(query, values)
                                                   .scalar_one()))
        else:
            message = attrs.evolve(message, id=int(self.connection.execute(_STORED, values)
                                                   .scalar_one()))
            self.connection.execute(_TOUCHED, values)
            if not held:
                self.connection.execute(_UNREAD_PLUS, values)
            if notify is not None:
                SqlOutbox(self.connection, outbox_now).add(message_notice(notify, message))
        return message

    def _count_unread(self, conversation_id: int, sender: int, count: int) -> None:
        self.connection.execute(_UNREAD_PLUS, {"conversation": conversation_id,
                                               "sender": sender, "count": count})

    def flags_sent_since(self, sender: int, since: datetime) -> list[tuple[str, ...]]:
        return [flags_of(flags) for flags in self.connection.execute(select(msg.c.flags).where(
            msg.c.sender_id == sender, msg.c.flags.is_not(None),
            msg.c.created_at >= since)).scalars()]

    def release_held(self, sender: int) -> list[Message]:
        waiting = [message_of(row) for row in self.connection.execute(
            select(msg).where(msg.c.sender_id == sender, msg.c.held.is_(True))
            .order_by(msg.c.id))]
        if not waiting:
            return []
        self.connection.execute(update(msg).where(msg.c.id.in_([w.id for w in waiting]))
                                .values(held=False))
        per_conversation: dict[int, int] = {}
        for message in waiting:
            per_conversation[message.conversation_id] = \
                per_conversation.get(message.conversation_id, 0) + 1
        for conversation_id, count in per_conversation.items():
            self._count_unread(conversation_id, sender, count)
        return [attrs.evolve(message, held=False) for message in waiting]

    def has_written(self, conversation_id: int, member_id: int) -> bool:
        return self.connection.execute(select(msg.c.id).where(
            msg.c.conversation_id == conversation_id, msg.c.sender_id == member_id)
            .limit(1)).first() is not None

    def message(self, message_id: int) -> Message | None:
        row = self.connection.execute(select(msg).where(msg.c.id == message_id)).first()
        return message_of(row) if row else None

    def set_content(self, message_id: int, text: str, gift: str | None) -> None:
        self.connection.execute(update(msg).where(msg.c.id == message_id)
                                .values(text=text, gift=gift))

    def mark_read(self, conversation_id: int, member_id: int) -> None:
        self.connection.execute(update(cm).where(cm.c.conversation_id == conversation_id,
                                                 cm.c.member_id == member_id).values(unread=0))

    def unlocked(self, member_id: int) -> set[int]:
        """Photos the member unlocked with credits."""
        return set(self.connection.execute(select(t.photo_unlocks.c.photo_id).where(
            t.photo_unlocks.c.member_id == member_id)).scalars())

    def unlock(self, member_id: int, photo_id: int, at: datetime) -> None:
        insert_unless_exists(self.connection, t.photo_unlocks, member_id=member_id,
                             photo_id=photo_id, created_at=at)

    def page_hidden(self, member_id: int, at: datetime) -> None:
        upsert(self.connection, t.presence, {"member_id": member_id, "hidden_at": at},
               keys=["member_id"], update=["hidden_at"])

    def hide(self, conversation_id: int, member_id: int) -> None:
        newest = self.connection.execute(select(func.max(msg.c.id)).where(
            msg.c.conversation_id == conversation_id)).scalar()
        self.connection.execute(update(cm).where(cm.c.conversation_id == conversation_id,
                                                 cm.c.member_id == member_id)
                                .values(unread=0, hidden_before=newest or 0))


@attrs.define
class SqlChatQueries:
    connection: Connection

    def history(self, conversation_id: int, member_id: int, before: int | None, limit: int,
                oldest: int | None) -> list[Message]:
        """Up to ``limit`` messages before message ``before`` (newest first), never older
        than message ``oldest`` (the site's history limit)."""
        query = (select(msg).join(cm, and_(cm.c.conversation_id == msg.c.conversation_id,
                                           cm.c.member_id == member_id))
                 .where(msg.c.conversation_id == conversation_id, _visible_after(member_id)))
        if before is not None:
            query = query.where(msg.c.id < before)
        if oldest is not None:
            query = query.where(msg.c.id >= oldest)
        rows = self.connection.execute(query.order_by(msg.c.id.desc()).limit(limit))
        return [message_of(row) for row in rows]

    def oldest_kept(self, conversation_id: int, keep: int) -> int | None:
        """The id of the oldest of the last ``keep`` messages (None: keep everything)."""
        if keep <= 0:
            return None
        return self.connection.execute(
            select(msg.c.id).where(msg.c.conversation_id == conversation_id)
            .order_by(msg.c.id.desc()).offset(keep - 1).limit(1)).scalar()

    def chats_of(self, member_id: int) -> list[ChatSummary]:
        """The member's conversations, latest first, with the other member's card."""
        other = cm.alias("other")
        last_id = (select(func.max(msg.c.id)).where(msg.c.conversation_id == cv.c.id,
                                                    delivered_to(member_id))
                   .scalar_subquery())
        query = (
            select(cv.c.id.label("conversation_id"), cm.c.unread, cm.c.hidden_before,
                   last_id.label("last_id"), m.c.id, m.c.is_fictional, p.c.name, p.c.gender,
                   p.c.birth_date, p.c.country, p.c.region, p.c.city, ph.c.filename,
                   ph.c.thumb_filename)
            .select_from(
                cv.join(cm, and_(cm.c.conversation_id == cv.c.id, cm.c.member_id == member_id))
                .join(other, and_(other.c.conversation_id == cv.c.id,
                                  other.c.member_id != member_id))
                .join(m, m.c.id == other.c.member_id).join(p, p.c.member_id == m.c.id)
                .outerjoin(ph, and_(ph.c.member_id == m.c.id, ph.c.is_main.is_(True),
                                    ph.c.status == "active")))
            .where(m.c.status.in_(("active", "not_confirmed")), ~_blocked_either_way(member_id))
            .order_by(cv.c.last_message_at.desc(), cv.c.id.desc()).limit(500)
        )
        rows = [row for row in self.connection.execute(query)
                if row.last_id is not None and (row.hidden_before is None
                                                or row.last_id > row.hidden_before)]
        last = self._messages([row.last_id for row in rows])
        return [ChatSummary(conversation_id=row.conversation_id, num_unread_messages=row.unread,
                            profile=_card(row), last_message=last.get(row.last_id))
                for row in rows]

    def _messages(self, ids: list[int]) -> dict[int, Message]:
        if not ids:
            return {}
        rows = self.connection.execute(select(msg).where(msg.c.id.in_(ids)))
        return {row.id: message_of(row) for row in rows}

    def flagged_since(self, since: datetime, limit: int) -> list[Message]:
        rows = self.connection.execute(select(msg).where(
            msg.c.flags.is_not(None), msg.c.created_at >= since)
            .order_by(msg.c.created_at.desc(), msg.c.id.desc()).limit(limit))
        return [message_of(row) for row in rows]

    def waiting_of(self, sender: int, limit: int) -> list[Message]:
        rows = self.connection.execute(select(msg).where(
            msg.c.sender_id == sender, msg.c.held.is_(True))
            .order_by(msg.c.id.desc()).limit(limit))
        return [message_of(row) for row in rows]

    def unread_total(self, member_id: int) -> int:
        return int(self.connection.execute(select(func.coalesce(func.sum(cm.c.unread), 0))
                                           .where(cm.c.member_id == member_id)).scalar_one())
