"""The operators' figures in SQL (`amora stats`), one grouped query each, written for
SQLite and PostgreSQL alike (date(), JSON fields through SQLAlchemy's JSON type)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import ColumnElement, Connection, String, case, cast, func, literal, select, union

from adapters.sql import tables as t
from domain.figures import NO_SOURCE, MemberFigures, SignupFigures, Tally
from domain.members import AccountStatus

od, mb = t.orders, t.members


def _traffic(field: str) -> ColumnElement[Any]:
    return func.coalesce(mb.c.traffic[field].as_string(), NO_SOURCE)


def _group(by: str | None, moment: ColumnElement[Any]) -> ColumnElement[Any]:
    if by == "day":
        return cast(func.date(moment), String)
    if by == "source":
        return _traffic("network")
    if by == "bundle":
        return cast(od.c.credits, String)
    if by == "method":
        return od.c.method
    return literal("all", String)


@attrs.define
class SqlFigures:
    connection: Connection

    def _tallies(self, moment: ColumnElement[Any], site_id: int | None, since: datetime,
                 by: str | None) -> list[Tally]:
        key = _group(by, moment).label("key")
        query = (select(key, od.c.currency, func.count(), func.sum(od.c.amount))
                 .select_from(od.join(mb, mb.c.id == od.c.member_id))
                 .where(moment >= since).group_by(key, od.c.currency))
        if site_id is not None:
            query = query.where(od.c.site_id == site_id)
        return [Tally(str(row[0]), row[1], int(row[2]), int(row[3] or 0))
                for row in self.connection.execute(query)]

    def paid(self, site_id: int | None, since: datetime, by: str | None) -> list[Tally]:
        """Orders paid since then (refunded ones too: they were paid)."""
        return self._tallies(od.c.paid_at, site_id, since, by)

    def refunded(self, site_id: int | None, since: datetime, by: str | None) -> list[Tally]:
        """Refunds (each partial one when it was given) and chargebacks made since then,
        grouped by their orders' bundle, method or source."""
        rf = t.order_refunds
        key = _group(by, rf.c.created_at).label("key")
        query = (select(key, od.c.currency, func.count(), func.sum(rf.c.amount))
                 .select_from(rf.join(od, od.c.id == rf.c.order_id)
                              .join(mb, mb.c.id == od.c.member_id))
                 .where(rf.c.created_at >= since).group_by(key, od.c.currency))
        if site_id is not None:
            query = query.where(od.c.site_id == site_id)
        return [Tally(str(row[0]), row[1], int(row[2]), int(row[3] or 0))
                for row in self.connection.execute(query)]

    def signups(self, site_id: int | None, since: datetime) -> list[SignupFigures]:
        lander, source = _traffic("lander").label("lander"), _traffic("network").label("source")
        query = (select(t.sites.c.domain, lander, source, func.count(),
                        func.count(mb.c.activated_at),
                        func.sum(case((mb.c.paid_user.is_(True), 1), else_=0)))
                 .select_from(mb.join(t.sites, t.sites.c.id == mb.c.site_id))
                 .where(mb.c.created_at >= since, mb.c.is_fictional.is_(False))
                 .group_by(t.sites.c.domain, lander, source)
                 .order_by(t.sites.c.domain, func.count().desc(), lander, source))
        if site_id is not None:
            query = query.where(mb.c.site_id == site_id)
        return [SignupFigures(row[0], row[1], row[2], int(row[3]), int(row[4]), int(row[5] or 0))
                for row in self.connection.execute(query)]

    def members(self, site_id: int | None, since: datetime, days: int) -> list[MemberFigures]:
        counted = (select(mb.c.site_id, func.count(),
                          func.sum(case((mb.c.status == AccountStatus.ACTIVE.value, 1), else_=0)),
                          func.sum(case((mb.c.paid_user.is_(True), 1), else_=0)))
                   .where(mb.c.status != AccountStatus.DELETED.value,
                          mb.c.is_fictional.is_(False))
                   .group_by(mb.c.site_id))
        present = union(
            select(t.sessions.c.member_id.label("member_id"))
            .where(t.sessions.c.created_at >= since),
            select(t.messages.c.sender_id.label("member_id"))
            .where(t.messages.c.created_at >= since)).subquery()
        active = (select(mb.c.site_id, func.count())
                  .select_from(present.join(mb, mb.c.id == present.c.member_id))
                  .where(mb.c.is_fictional.is_(False)).group_by(mb.c.site_id))
        written = (select(mb.c.site_id, func.count())
                   .select_from(t.messages.join(mb, mb.c.id == t.messages.c.sender_id))
                   .where(t.messages.c.created_at >= since).group_by(mb.c.site_id))
        counts = {row[0]: row[1:] for row in self.connection.execute(counted)}
        actives = {row[0]: row[1] for row in self.connection.execute(active)}
        messages = {row[0]: row[1] for row in self.connection.execute(written)}
        sites = self.connection.execute(select(t.sites.c.id, t.sites.c.domain)
                                        .order_by(t.sites.c.id)).all()
        return [MemberFigures(domain, int(counts.get(sid, (0,))[0]),
                              int(counts.get(sid, (0, 0))[1] or 0),
                              int(counts.get(sid, (0, 0, 0))[2] or 0),
                              int(actives.get(sid, 0)), int(messages.get(sid, 0)), days)
                for sid, domain in sites if site_id is None or sid == site_id]
