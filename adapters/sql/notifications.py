"""Notification preferences, mail-off reasons, push subscriptions and delivered
notifications in SQL."""

from __future__ import annotations

from datetime import datetime

import attrs
from sqlalchemy import Connection, delete, func, select, update

from adapters.sql import account_writes
from adapters.sql import tables as t
from adapters.sql.upsert import upsert
from application.ports.notifications import MarketingConsent, PushSubscription
from domain.members import AccountStatus

ns, ps, sent = t.notification_settings, t.push_subscriptions, t.notifications_sent
cm, cv = t.conversation_members, t.conversations


@attrs.define
class SqlNotifications:
    connection: Connection

    def preferences(self, member_id: int) -> tuple[dict[str, bool], str | None]:
        row = self.connection.execute(select(ns.c.preferences, ns.c.mail_off)
                                      .where(ns.c.member_id == member_id)).first()
        return (dict(row.preferences), row.mail_off) if row else ({}, None)

    def _ensure(self, member_id: int) -> None:
        upsert(self.connection, ns, {"member_id": member_id, "preferences": {}},
               keys=["member_id"], update=[])

    def save_preferences(self, member_id: int, values: dict[str, bool]) -> None:
        self._ensure(member_id)
        self.connection.execute(update(ns).where(ns.c.member_id == member_id)
                                .values(preferences=values))

    def set_mail_off(self, member_id: int, reason: str | None, at: datetime) -> None:
        self._ensure(member_id)
        self.connection.execute(update(ns).where(ns.c.member_id == member_id)
                                .values(mail_off=reason, mail_off_at=at if reason else None))
        account_writes.note(self.connection, member_id)  # a sign-in shows it (issue 36.1)

    def record_marketing_choice(self, member_id: int, given: bool, via: str,
                                at: datetime) -> None:
        self._ensure(member_id)
        self.connection.execute(update(ns).where(ns.c.member_id == member_id).values(
            marketing_consent=given, marketing_consent_at=at, marketing_consent_via=via))

    def marketing_consent(self, member_id: int) -> MarketingConsent | None:
        row = self.connection.execute(
            select(ns.c.marketing_consent, ns.c.marketing_consent_at, ns.c.marketing_consent_via)
            .where(ns.c.member_id == member_id, ns.c.marketing_consent.is_not(None))).first()
        return None if row is None else MarketingConsent(
            given=row.marketing_consent, at=row.marketing_consent_at,
            via=row.marketing_consent_via)

    def add_push(self, member_id: int, endpoint: str, p256dh: str, auth: str,
                 at: datetime) -> None:
        upsert(self.connection, ps, {"member_id": member_id, "endpoint": endpoint,
                                     "p256dh": p256dh, "auth": auth, "created_at": at},
               keys=["endpoint"], update=["member_id", "p256dh", "auth", "created_at"])

    def remove_push(self, endpoint: str, member_id: int | None = None) -> None:
        query = delete(ps).where(ps.c.endpoint == endpoint)
        if member_id is not None:
            query = query.where(ps.c.member_id == member_id)
        self.connection.execute(query)

    def pushes_of(self, member_id: int) -> list[PushSubscription]:
        rows = self.connection.execute(select(ps).where(ps.c.member_id == member_id)
                                       .order_by(ps.c.id))
        return [PushSubscription(id=r.id, member_id=r.member_id, endpoint=r.endpoint,
                                 p256dh=r.p256dh, auth=r.auth) for r in rows]

    def was_sent(self, key: str) -> bool:
        return self.connection.execute(select(sent.c.key).where(sent.c.key == key)).first() \
            is not None

    def mark_sent(self, key: str, member_id: int, kind: str, at: datetime) -> bool:
        return upsert(self.connection, sent, {"key": key, "member_id": member_id, "kind": kind,
                                              "sent_at": at}, keys=["key"], update=[]) == 1

    def purge_sent_before(self, before: datetime) -> int:
        return int(self.connection.execute(delete(sent).where(sent.c.sent_at < before)).rowcount)


@attrs.define
class SqlNotificationQueries:
    connection: Connection

    def message_count(self, conversation_id: int) -> int:
        return int(self.connection.execute(select(func.count()).select_from(t.messages).where(
            t.messages.c.conversation_id == conversation_id)).scalar_one())

    def unread_to_remind(self, older_than: datetime, limit: int) -> list[tuple[int, int]]:
        rows = self.connection.execute(
            select(cm.c.member_id, func.sum(cm.c.unread).label("unread"))
            .join(cv, cv.c.id == cm.c.conversation_id)
            .join(t.members, t.members.c.id == cm.c.member_id)
            .where(cm.c.unread > 0, cv.c.last_message_at < older_than,
                   t.members.c.status == AccountStatus.ACTIVE.value,
                   t.members.c.is_fictional.is_(False))
            .group_by(cm.c.member_id).order_by(cm.c.member_id).limit(limit))
        return [(row.member_id, int(row.unread)) for row in rows]

    def weekly_figures(self, member_id: int, since: datetime) -> dict[str, int]:
        likes = self.connection.execute(select(func.count()).select_from(t.likes).where(
            t.likes.c.liked_id == member_id, t.likes.c.created_at >= since)).scalar_one()
        unread = self.connection.execute(select(func.coalesce(func.sum(cm.c.unread), 0))
                                         .where(cm.c.member_id == member_id)).scalar_one()
        site = select(t.members.c.site_id).where(t.members.c.id == member_id).scalar_subquery()
        new_members = self.connection.execute(select(func.count()).select_from(t.members).where(
            t.members.c.site_id == site, t.members.c.created_at >= since,
            t.members.c.status == AccountStatus.ACTIVE.value)).scalar_one()
        return {"likes": int(likes), "messages": int(unread), "new_members": int(new_members)}

    def opted_in(self, preference: str, after_id: int, limit: int) -> list[int]:
        # Only a stored true counts: the marketing kinds are off unless turned on.
        rows = self.connection.execute(
            select(t.members.c.id).join(ns, ns.c.member_id == t.members.c.id)
            .where(t.members.c.id > after_id,
                   t.members.c.status == AccountStatus.ACTIVE.value,
                   t.members.c.is_fictional.is_(False), ns.c.mail_off.is_(None),
                   ns.c.preferences[preference].as_boolean().is_(True))
            .order_by(t.members.c.id).limit(limit))
        return [row.id for row in rows]
