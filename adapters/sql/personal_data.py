"""A member's rows for their copy of their data (issue 21.1), as JSON values."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import attrs
from sqlalchemy import Connection, Select, and_, case, func, or_, select

from adapters.sql import tables as t
from application.ports.audit import JsonValue
from application.ports.personal_data import Record

msg, cm, cv, lk, p = t.messages, t.conversation_members, t.conversations, t.likes, t.profiles


def _json(value: Any) -> JsonValue:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value  # type: ignore[no-any-return]


def _records(rows: Iterable[Any]) -> list[Record]:
    return [{key: _json(value) for key, value in row.items()} for row in rows]


def _visible(member_id: int) -> Any:
    """The member's messages as their chat shows them (not before a deleted chat)."""
    return (msg.join(cm, and_(cm.c.conversation_id == msg.c.conversation_id,
                              cm.c.member_id == member_id)),
            or_(cm.c.hidden_before.is_(None), msg.c.id > cm.c.hidden_before))


@attrs.define
class SqlPersonalData:
    connection: Connection

    def _all(self, query: Select[Any]) -> list[Record]:
        return _records(self.connection.execute(query).mappings())

    def size(self, member_id: int) -> tuple[int, int]:
        photos = self.connection.execute(select(func.count()).select_from(t.photos).where(
            t.photos.c.member_id == member_id)).scalar_one()
        joined, visible = _visible(member_id)
        messages = self.connection.execute(
            select(func.count()).select_from(joined).where(visible)).scalar_one()
        return int(photos), int(messages)

    def photo_files(self, member_id: int) -> list[str]:
        return list(self.connection.execute(select(t.photos.c.filename).where(
            t.photos.c.member_id == member_id).order_by(t.photos.c.id)).scalars())

    def sections(self, member_id: int) -> dict[str, list[Record]]:
        m = t.members
        account = select(*[c for c in m.c if c.name not in ("password_hash", "erased_at")])
        joined, visible = _visible(member_id)
        other = cm.alias("other")
        back = lk.alias("back")
        return {
            "account": self._all(account.where(m.c.id == member_id)),
            "profile": self._all(select(p).where(p.c.member_id == member_id)),
            "photos": self._all(select(t.photos).where(t.photos.c.member_id == member_id)
                                .order_by(t.photos.c.id)),
            "likes_given": self._all(
                select(lk.c.liked_id.label("member"), lk.c.created_at)
                .where(lk.c.liker_id == member_id).order_by(lk.c.created_at)),
            "likes_received": self._all(
                select(lk.c.liker_id.label("member"), lk.c.created_at)
                .where(lk.c.liked_id == member_id).order_by(lk.c.created_at)),
            "matches": self._all(  # liked both ways; matched when the second like came
                select(lk.c.liked_id.label("member"),
                       case((lk.c.created_at > back.c.created_at, lk.c.created_at),
                            else_=back.c.created_at).label("matched_at"))
                .join(back, and_(back.c.liker_id == lk.c.liked_id,
                                 back.c.liked_id == member_id))
                .where(lk.c.liker_id == member_id).order_by(lk.c.liked_id)),
            "conversations": self._all(
                select(cv.c.id, other.c.member_id.label("with_member"),
                       p.c.name.label("with_name"), cv.c.created_at,
                       (cv.c.started_by == member_id).label("started_by_me"))
                .join(cm, and_(cm.c.conversation_id == cv.c.id, cm.c.member_id == member_id))
                .join(other, and_(other.c.conversation_id == cv.c.id,
                                  other.c.member_id != member_id))
                .outerjoin(p, p.c.member_id == other.c.member_id).order_by(cv.c.id)),
            "messages": self._all(
                select(msg.c.id, msg.c.conversation_id, msg.c.sender_id, msg.c.text,
                       msg.c.gift, msg.c.created_at, msg.c.cost)
                .select_from(joined).where(visible).order_by(msg.c.id)),
            "blocks": self._all(select(t.blocks.c.blocked_id.label("member"),
                                       t.blocks.c.created_at)
                                .where(t.blocks.c.blocker_id == member_id)),
            "orders": self._all(select(t.orders).where(t.orders.c.member_id == member_id)
                                .order_by(t.orders.c.id)),
            "credit_ledger": self._all(
                select(t.credit_ledger).where(t.credit_ledger.c.member_id == member_id)
                .order_by(t.credit_ledger.c.id)),
            "notification_preferences": self._all(
                select(t.notification_settings)
                .where(t.notification_settings.c.member_id == member_id)),
            "consents": self._consents(member_id),
            "complaints": self._all(select(t.complaints).where(
                t.complaints.c.reporter_id == member_id).order_by(t.complaints.c.id)),
            "appeals": self._all(select(t.appeals).where(t.appeals.c.member_id == member_id)
                                 .order_by(t.appeals.c.id)),
            "audit_log": self._all(select(t.audit_log).where(
                t.audit_log.c.subject == str(member_id)).order_by(t.audit_log.c.id)),
        }

    def _consents(self, member_id: int) -> list[Record]:
        """What the member agreed to, and when: the terms at signup, each direct-debit
        mandate and each browser's push subscription."""
        signup = self.connection.execute(select(t.members.c.created_at).where(
            t.members.c.id == member_id)).scalar_one()
        mandates = self._all(select(t.mandates).where(t.mandates.c.member_id == member_id))
        pushes = self._all(select(t.push_subscriptions.c.endpoint,
                                  t.push_subscriptions.c.created_at)
                           .where(t.push_subscriptions.c.member_id == member_id))
        return [{"consent": "terms_and_privacy", "given_at": _json(signup)},
                *({"consent": "direct_debit_mandate", "given_at": row["signed_at"],
                   "details": row} for row in mandates),
                *({"consent": "push_notifications", "given_at": row["created_at"],
                   "details": row} for row in pushes)]
