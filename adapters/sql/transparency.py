"""The transparency report's counts in SQL (issue 30.6): grouped in the database, so a
year of notices and decisions is read as a few rows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, func, select

from adapters.sql import tables as t
from application.ports.transparency import NoticeRow

c, d, ap, m = t.complaints, t.decisions, t.appeals, t.members


@attrs.define
class SqlTransparency:
    connection: Connection

    def notices(self, site_id: int | None, start: datetime, end: datetime) -> list[NoticeRow]:
        first_action = (select(d.c.notice_id, func.min(d.c.decided_at).label("first"))
                        .where(d.c.notice_id.is_not(None)).group_by(d.c.notice_id).subquery())
        query = (select(c.c.category, c.c.outcome, c.c.created_at, c.c.resolved_at,
                        first_action.c.first)
                 .outerjoin(first_action, first_action.c.notice_id == c.c.id)
                 .where(c.c.created_at >= start, c.c.created_at < end))
        if site_id is not None:
            query = query.where(c.c.site_id == site_id)
        return [NoticeRow(category=row.category, outcome=row.outcome,
                          created_at=row.created_at, resolved_at=row.resolved_at,
                          first_action_at=row.first)
                for row in self.connection.execute(query)]

    def appeals(self, site_id: int | None, start: datetime,
                end: datetime) -> Mapping[tuple[str, str], int]:
        restriction = func.coalesce(d.c.restriction, "ban")  # a ban's appeal from before
        query = (select(restriction, ap.c.status, func.count())
                 .select_from(ap.outerjoin(d, d.c.id == ap.c.decision_id)
                              .join(m, m.c.id == ap.c.member_id))
                 .where(ap.c.created_at >= start, ap.c.created_at < end)
                 .group_by(restriction, ap.c.status))
        if site_id is not None:
            query = query.where(m.c.site_id == site_id)
        return {(kind, status): count for kind, status, count in self.connection.execute(query)}

    def active_members(self, site_id: int | None, start: datetime,
                       end: datetime) -> Mapping[str, int]:
        """One row per member and month (not per sign-in), merged over all sources."""
        seen: dict[str, set[int]] = {}
        for member, column in ((t.sessions.c.member_id, t.sessions.c.created_at),
                               (t.messages.c.sender_id, t.messages.c.created_at),
                               (t.likes.c.liker_id, t.likes.c.created_at),
                               (t.last_seen.c.member_id, t.last_seen.c.seen_at)):
            month = self._month(column)
            query = (select(month, member).distinct()
                     .where(column >= start, column < end))
            if site_id is not None:
                query = query.join(m, m.c.id == member).where(m.c.site_id == site_id)
            for label, member_id in self.connection.execute(query):
                seen.setdefault(str(label), set()).add(member_id)
        return Counter({label: len(members) for label, members in seen.items()})

    def posted_at(self, items: Sequence[tuple[str, str]]) -> Mapping[tuple[str, str], datetime]:
        wanted: dict[str, set[int]] = {}
        for kind, item_id in items:
            if item_id.isdigit():
                wanted.setdefault(kind, set()).add(int(item_id))
        found: dict[tuple[str, str], datetime] = {}
        for kind, table in (("photo", t.photos), ("message", t.messages), ("member", m)):
            found |= self._created(kind, table, wanted.get(kind, set()))
        return found

    def _created(self, kind: str, table: Any, ids: set[int]) -> dict[tuple[str, str], datetime]:
        if not ids:
            return {}
        query = select(table.c.id, table.c.created_at).where(table.c.id.in_(sorted(ids)))
        return {(kind, str(row.id)): row.created_at for row in self.connection.execute(query)}

    def _month(self, column: Any) -> Any:
        if self.connection.dialect.name == "postgresql":
            return func.to_char(column, "YYYY-MM")
        return func.strftime("%Y-%m", column)
