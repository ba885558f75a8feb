"""`amora today`'s counts in SQL (issue 32.6), for SQLite and PostgreSQL alike.

A reading is one read-only transaction (REPEATABLE READ on PostgreSQL, SQLite's read
transaction), so every count in it is of the same moment. Each figure is one grouped
query over the sites asked for, with one sum per window, so today, yesterday and
yesterday by this time cost a single scan."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    TextClause,
    and_,
    case,
    func,
    or_,
    select,
    text,
)

from adapters.metrics import Backlog
from adapters.sql import tables as t
from adapters.sql.snapshots import read_only_snapshot
from application.ports.withdrawals import RefundState
from domain.appeals import AppealStatus
from domain.decisions import DecisionStatus, Restriction
from domain.members import AccountStatus
from domain.orders import OrderStatus
from domain.today import Activity, Outbox, Queue, Queues, Window

mb, od, ph = t.members, t.orders, t.photos
# The photo review queue (as `amora photos pending` lists it): new photos, and those the
# block lists hold (issue 31.3); written as the partial index ix_photos_queue has it, so
# that PostgreSQL uses the index whatever the plan.
HELD_PHOTO = "held"
IN_REVIEW = text("photos.status IN ('pending', 'held')")
OPEN_COMPLAINT = "open"
# As the partial index ix_orders_failed has it.
FAILED_ORDER = text(f"orders.status = '{OrderStatus.FAILED.value}'")


def _within(column: ColumnElement[Any], window: Window) -> ColumnElement[bool]:
    return and_(column >= window.start, column < window.end)


def _counted(column: ColumnElement[Any], window: Window,
             value: ColumnElement[Any] | int = 1) -> ColumnElement[Any]:
    return func.coalesce(func.sum(case((_within(column, window), value), else_=0)), 0)


def _spanning(column: ColumnElement[Any], windows: Sequence[Window]) -> ColumnElement[bool]:
    return and_(column >= min(w.start for w in windows), column < max(w.end for w in windows))


@attrs.define
class SqlTodayReading:
    connection: Connection

    def _per_window(self, column: ColumnElement[Any], site: ColumnElement[Any],
                    site_ids: Sequence[int], windows: Sequence[Window],
                    *where: ColumnElement[bool] | TextClause, source: Any = None
                    ) -> dict[int, list[int]]:
        """Per site, how many rows have ``column`` in each window."""
        query = (select(site, *(_counted(column, w) for w in windows))
                 .where(site.in_(site_ids), _spanning(column, windows), *where)
                 .group_by(site))
        if source is not None:
            query = query.select_from(source)
        return {row[0]: [int(n) for n in row[1:]] for row in self.connection.execute(query)}

    def activity(self, site_ids: Sequence[int], windows: Sequence[Window]
                 ) -> Mapping[int, Sequence[Activity]]:
        if not site_ids:
            return {}
        real = mb.c.is_fictional.is_(False)
        signups = self._per_window(mb.c.created_at, mb.c.site_id, site_ids, windows, real)
        activations = self._per_window(mb.c.activated_at, mb.c.site_id, site_ids, windows,
                                       real)
        failed = self._per_window(od.c.created_at, od.c.site_id, site_ids, windows,
                                  FAILED_ORDER)
        # A member's first payment: no order of theirs was paid before it (the lower id
        # first when two were paid at the same instant).
        earlier = od.alias("earlier")
        first = ~select(earlier.c.id).where(
            earlier.c.member_id == od.c.member_id, earlier.c.paid_at.is_not(None),
            or_(earlier.c.paid_at < od.c.paid_at,
                and_(earlier.c.paid_at == od.c.paid_at, earlier.c.id < od.c.id))).exists()
        firsts = self._per_window(od.c.paid_at, od.c.site_id, site_ids, windows, first)
        paid = self._money(od.c.paid_at, site_ids, windows)
        # Money given back as it was given: each refund, partial ones and withdrawals
        # included, on its own day (not the order's whole amount on its last one).
        rf = t.order_refunds
        refunded = self._money(rf.c.created_at, site_ids, windows, rf.c.amount,
                               rf.join(od, od.c.id == rf.c.order_id))
        zeros = [0] * len(windows)
        return {site_id: [Activity(
            signups=signups.get(site_id, zeros)[n],
            activations=activations.get(site_id, zeros)[n],
            first_purchases=firsts.get(site_id, zeros)[n],
            paid_orders=sum(count[n] for count, _ in paid.get(site_id, {}).values()),
            revenue={currency: cents[n] for currency, (count, cents)
                     in sorted(paid.get(site_id, {}).items()) if count[n]},
            refunded={currency: cents[n] for currency, (count, cents)
                      in sorted(refunded.get(site_id, {}).items()) if count[n]},
            failed_payments=failed.get(site_id, zeros)[n]) for n in range(len(windows))]
            for site_id in site_ids}

    def _money(self, moment: ColumnElement[Any], site_ids: Sequence[int],
               windows: Sequence[Window], cents: ColumnElement[Any] = od.c.amount,
               source: Any = od) -> dict[int, dict[str, tuple[list[int], list[int]]]]:
        """Per site and currency: rows and cents in each window."""
        query = (select(od.c.site_id, od.c.currency, *(_counted(moment, w) for w in windows),
                        *(_counted(moment, w, cents) for w in windows))
                 .select_from(source)
                 .where(od.c.site_id.in_(site_ids), _spanning(moment, windows))
                 .group_by(od.c.site_id, od.c.currency))
        found: dict[int, dict[str, tuple[list[int], list[int]]]] = {}
        size = len(windows)
        for row in self.connection.execute(query):
            values = [int(n) for n in row[2:]]
            found.setdefault(row[0], {})[row[1]] = (values[:size], values[size:])
        return found

    def queues(self, site_ids: Sequence[int]) -> Mapping[int, Queues]:
        if not site_ids:
            return {}
        photos = {row[0]: (Queue(int(row[1]), row[2]), int(row[3] or 0))
                  for row in self.connection.execute(
                      select(mb.c.site_id, func.count(), func.min(ph.c.created_at),
                             func.sum(case((ph.c.status == HELD_PHOTO, 1), else_=0)))
                      .select_from(ph.join(mb, mb.c.id == ph.c.member_id))
                      .where(IN_REVIEW, mb.c.site_id.in_(site_ids))
                      .group_by(mb.c.site_id))}
        cp = t.complaints
        complaints = self._queue(select(cp.c.site_id, func.count(), func.min(cp.c.created_at))
                                 .where(cp.c.status == OPEN_COMPLAINT,
                                        cp.c.site_id.in_(site_ids)).group_by(cp.c.site_id))
        ap = t.appeals
        appeals = self._queue(select(mb.c.site_id, func.count(), func.min(ap.c.created_at))
                              .select_from(ap.join(mb, mb.c.id == ap.c.member_id))
                              .where(ap.c.status == AppealStatus.OPEN.value,
                                     mb.c.site_id.in_(site_ids)).group_by(mb.c.site_id))
        d = t.decisions
        held = self._queue(select(d.c.site_id, func.count(d.c.member_id.distinct()),
                                  func.min(d.c.decided_at))
                           .where(d.c.restriction == Restriction.ACCOUNT_HELD.value,
                                  d.c.status == DecisionStatus.IN_FORCE.value,
                                  d.c.member_id.is_not(None), d.c.site_id.in_(site_ids))
                           .group_by(d.c.site_id))
        paying = {row[0]: int(row[1]) for row in self.connection.execute(
            select(mb.c.site_id, func.count())
            .where(mb.c.paid_user.is_(True), mb.c.is_fictional.is_(False),
                   mb.c.status != AccountStatus.DELETED.value, mb.c.site_id.in_(site_ids))
            .group_by(mb.c.site_id))}
        wd = t.order_withdrawals
        refunds = self._queue(select(od.c.site_id, func.count(), func.min(wd.c.requested_at))
                              .select_from(wd.join(od, od.c.id == wd.c.order_id))
                              .where(wd.c.refund_state == RefundState.PENDING.value,
                                     od.c.site_id.in_(site_ids)).group_by(od.c.site_id))
        none = (Queue(), 0)
        return {site_id: Queues(
            photos=photos.get(site_id, none)[0], held_photos=photos.get(site_id, none)[1],
            complaints=complaints.get(site_id, Queue()), appeals=appeals.get(site_id, Queue()),
            held_members=held.get(site_id, Queue()),
            paying_members=paying.get(site_id, 0),
            refunds_waiting=refunds.get(site_id, Queue())) for site_id in site_ids}

    def _queue(self, query: Any) -> dict[int, Queue]:
        return {row[0]: Queue(int(row[1]), row[2]) for row in self.connection.execute(query)}

    def outbox(self, failed_since: datetime) -> Outbox:
        ob = t.outbox
        waiting = ob.c.failed_at.is_(None)
        count, oldest, retrying, failed, failed_today = self.connection.execute(select(
            func.coalesce(func.sum(case((waiting, 1), else_=0)), 0),
            func.min(case((waiting, ob.c.created_at), else_=None)),
            func.coalesce(func.sum(case((and_(waiting, ob.c.last_error.is_not(None)), 1),
                                        else_=0)), 0),
            func.count(ob.c.failed_at),
            func.coalesce(func.sum(case((ob.c.failed_at >= failed_since, 1), else_=0)), 0),
        )).one()
        return Outbox(waiting=Queue(int(count), oldest), retrying=int(retrying),
                      failed=int(failed), failed_today=int(failed_today))

    def server_errors(self, since: datetime) -> Mapping[int, int]:
        se = t.server_errors
        return {int(status): int(count) for status, count in self.connection.execute(
            select(se.c.status, func.sum(se.c.count)).where(se.c.minute >= since)
            .group_by(se.c.status))}


@attrs.define
class SqlTodayReadings:
    engine: Engine

    @contextmanager
    def __call__(self) -> Iterator[SqlTodayReading]:
        with read_only_snapshot(self.engine) as connection:
            yield SqlTodayReading(connection)


def backlog(engine: Engine, now: datetime) -> Backlog:
    """What waits in the whole deployment, for the gauges of /metrics (one short read)."""
    with engine.connect() as connection:
        jobs = SqlTodayReading(connection).outbox(now)
        count, oldest = connection.execute(
            select(func.count(), func.min(ph.c.created_at)).where(IN_REVIEW)).one()
    age = max((now - oldest).total_seconds(), 0.0) if oldest is not None else 0.0
    return Backlog(retrying_jobs=jobs.retrying, failed_jobs=jobs.failed,
                   photo_queue=int(count), photo_queue_oldest_seconds=age)
