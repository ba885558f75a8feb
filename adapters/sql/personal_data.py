"""A member's rows for their copy of their data (issue 21.1), as JSON values, read a
batch at a time: each batch is a query of its own that goes on after the last row of the
one before (keyset), so no section is ever held whole, no cursor stays open between
batches, and every query walks an index instead of sorting the member's rows anew."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import attrs
from sqlalchemy import ColumnElement, Connection, Select, Table, and_, case, or_, select

from adapters.sql import tables as t
from adapters.sql.chats import delivered_to
from application.ports.audit import JsonValue
from application.ports.personal_data import Record

msg, cm, cv, lk, p = t.messages, t.conversation_members, t.conversations, t.likes, t.profiles
BATCH = 250  # rows per query: a few hundred kilobytes of messages at most


def _json(value: Any) -> JsonValue:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value  # type: ignore[no-any-return]


def _record(row: Any) -> Record:
    return {key: _json(value) for key, value in row.items()}


def _after(keys: Sequence[ColumnElement[Any]], values: Sequence[Any]) -> ColumnElement[bool]:
    """Rows after ``values`` in the order of ``keys``: (a, b) > (x, y), spelled out, as
    SQLite and PostgreSQL both read it."""
    first, *rest = keys
    beyond: ColumnElement[bool] = first > values[0]
    return beyond if not rest else or_(beyond, and_(first == values[0],
                                                     _after(rest, values[1:])))


@attrs.define
class SqlPersonalData:
    connection: Connection

    def _batches(self, query: Select[Any], keys: Sequence[ColumnElement[Any]],
                 names: Sequence[str], after: Sequence[Any] | None = None
                 ) -> Iterator[Record]:
        """The rows of ``query`` in the order of ``keys`` (unique together, shown under
        ``names`` in each row), BATCH rows per query."""
        ordered = query.order_by(*keys).limit(BATCH)
        while True:
            rows = self.connection.execute(
                ordered if after is None else ordered.where(_after(keys, after))
            ).mappings().all()
            yield from map(_record, rows)
            if len(rows) < BATCH:
                return
            after = [rows[-1][name] for name in names]

    def _by_id(self, table: Table, *where: ColumnElement[bool]) -> Iterator[Record]:
        return self._batches(select(table).where(*where), [table.c.id], ["id"])

    def photo_files(self, member_id: int) -> list[str]:
        return list(self.connection.execute(select(t.photos.c.filename).where(
            t.photos.c.member_id == member_id).order_by(t.photos.c.id)).scalars())

    def sections(self, member_id: int) -> Iterator[tuple[str, Iterable[Record]]]:
        m = t.members
        account = select(*[c for c in m.c if c.name not in ("password_hash", "erased_at")])
        other = cm.alias("other")
        back = lk.alias("back")
        yield "account", self._batches(account.where(m.c.id == member_id), [m.c.id], ["id"])
        yield "profile", self._batches(select(p).where(p.c.member_id == member_id),
                                       [p.c.member_id], ["member_id"])
        yield "photos", self._by_id(t.photos, t.photos.c.member_id == member_id)
        yield "likes_given", self._batches(
            select(lk.c.liked_id.label("member"), lk.c.created_at)
            .where(lk.c.liker_id == member_id),
            [lk.c.created_at, lk.c.liked_id], ["created_at", "member"])
        yield "likes_received", self._batches(
            select(lk.c.liker_id.label("member"), lk.c.created_at)
            .where(lk.c.liked_id == member_id),
            [lk.c.created_at, lk.c.liker_id], ["created_at", "member"])
        yield "matches", self._batches(  # liked both ways; matched when the second like came
            select(lk.c.liked_id.label("member"),
                   case((lk.c.created_at > back.c.created_at, lk.c.created_at),
                        else_=back.c.created_at).label("matched_at"))
            .join(back, and_(back.c.liker_id == lk.c.liked_id, back.c.liked_id == member_id))
            .where(lk.c.liker_id == member_id), [lk.c.liked_id], ["member"])
        yield "conversations", self._batches(
            select(cv.c.id, other.c.member_id.label("with_member"),
                   p.c.name.label("with_name"), cv.c.created_at,
                   (cv.c.started_by == member_id).label("started_by_me"))
            .join(cm, and_(cm.c.conversation_id == cv.c.id, cm.c.member_id == member_id))
            .join(other, and_(other.c.conversation_id == cv.c.id,
                              other.c.member_id != member_id))
            .outerjoin(p, p.c.member_id == other.c.member_id), [cv.c.id], ["id"])
        yield "messages", self._messages(member_id)
        yield "blocks", self._batches(
            select(t.blocks.c.blocked_id.label("member"), t.blocks.c.created_at)
            .where(t.blocks.c.blocker_id == member_id),
            [t.blocks.c.created_at, t.blocks.c.blocked_id], ["created_at", "member"])
        # The member's passkeys as the settings show them (issue 33.1); their keys are the
        # authenticator's, of no use to anyone without the device.
        yield "passkeys", self._batches(
            select(t.passkeys.c.id, t.passkeys.c.name, t.passkeys.c.created_at,
                   t.passkeys.c.last_used_at).where(t.passkeys.c.member_id == member_id),
            [t.passkeys.c.id], ["id"])
        yield "orders", self._by_id(t.orders, t.orders.c.member_id == member_id)
        yield "credit_ledger", self._by_id(t.credit_ledger,
                                           t.credit_ledger.c.member_id == member_id)
        yield "notification_preferences", self._batches(
            select(t.notification_settings)
            .where(t.notification_settings.c.member_id == member_id),
            [t.notification_settings.c.member_id], ["member_id"])
        yield "consents", self._consents(member_id)
        yield "complaints", self._by_id(t.complaints, t.complaints.c.reporter_id == member_id)
        yield "decisions", self._decisions(member_id)
        yield "appeals", self._by_id(t.appeals, t.appeals.c.member_id == member_id)
        yield "audit_log", self._by_id(t.audit_log, t.audit_log.c.subject == str(member_id))

    def _decisions(self, member_id: int) -> Iterator[Record]:
        """The statements of reasons about the member (issue 30.1): what was restricted,
        the facts, the ground, automation, dates and status, and whether a notice led to
        it; not which operator decided or lifted it (theirs, not the member's), nor what
        lifting would need. Their appeals follow in appeals.json (decision_id)."""
        d = t.decisions
        shown = [d.c.id, d.c.restriction, d.c.item_kind, d.c.item_id, d.c.facts,
                 d.c.ground_kind, d.c.ground_code, d.c.detected_automatically,
                 d.c.decided_automatically, d.c.decided_at, d.c.contest_until, d.c.status,
                 d.c.lifted_at, d.c.notice_id.is_not(None).label("after_notice")]
        return self._batches(select(*shown).where(d.c.member_id == member_id), [d.c.id],
                             ["id"])

    def _messages(self, member_id: int) -> Iterator[Record]:
        """Conversation by conversation, each from where the member last deleted the chat
        (what their chat shows): the messages' (conversation, id) index read in order."""
        chats = self._batches(select(cm.c.conversation_id, cm.c.hidden_before)
                              .where(cm.c.member_id == member_id),
                              [cm.c.conversation_id], ["conversation_id"])
        for chat in chats:
            hidden_before = chat["hidden_before"]
            yield from self._batches(
                select(msg.c.id, msg.c.conversation_id, msg.c.sender_id, msg.c.text,
                       msg.c.gift, msg.c.created_at, msg.c.cost)
                .where(msg.c.conversation_id == chat["conversation_id"],
                       delivered_to(member_id)),
                [msg.c.id], ["id"], None if hidden_before is None else [hidden_before])

    def _consents(self, member_id: int) -> Iterator[Record]:
        """What the member agreed to, and when: the terms at signup, marketing mail (their
        last word on it: given or withdrawn), each direct-debit mandate and each browser's
        push subscription."""
        signup = self.connection.execute(select(t.members.c.created_at).where(
            t.members.c.id == member_id)).scalar_one()
        yield {"consent": "terms_and_privacy", "given_at": _json(signup)}
        ns = t.notification_settings
        marketing = self.connection.execute(
            select(ns.c.marketing_consent, ns.c.marketing_consent_at, ns.c.marketing_consent_via)
            .where(ns.c.member_id == member_id, ns.c.marketing_consent.is_not(None))).first()
        if marketing is not None:
            given = bool(marketing.marketing_consent)
            yield {"consent": "marketing_mail", "given": given,
                   "given_at" if given else "withdrawn_at":
                       _json(marketing.marketing_consent_at),
                   "details": {"via": marketing.marketing_consent_via}}
        for row in self._by_id(t.mandates, t.mandates.c.member_id == member_id):
            yield {"consent": "direct_debit_mandate", "given_at": row["signed_at"],
                   "details": row}
        pushes = t.push_subscriptions
        for row in self._batches(select(pushes.c.endpoint, pushes.c.created_at)
                                 .where(pushes.c.member_id == member_id),
                                 [pushes.c.created_at, pushes.c.endpoint],
                                 ["created_at", "endpoint"]):
            yield {"consent": "push_notifications", "given_at": row["created_at"],
                   "details": row}
