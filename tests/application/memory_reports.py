"""In-memory read models of the operator's reports: landing-page visits, the figures,
the transparency counts, the audit trail's search and a member's copy of their data. Each
counts what the store holds as adapters/sql/ does in SQL (the copy: its main sections)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import date, datetime

import attrs
from attrs import AttrsInstance

from application.ports.audit import AuditEntry, AuditFilter, JsonValue
from application.ports.personal_data import Record
from application.ports.transparency import NoticeRow
from domain.figures import NO_SOURCE, MemberFigures, SignupFigures, Tally
from domain.landers import BounceFigures
from domain.members import AccountStatus, Member
from domain.orders import Order
from tests.application.memory_store import MemoryStore


class MemoryLanders:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def add_visit(self, key: str, site_id: int, lander: str, source: str,
                  at: datetime) -> None:
        self.store.visits[key] = (site_id, lander, source, at, None)

    def engage(self, key: str, at: datetime) -> bool:
        visit = self.store.visits.get(key)
        if visit is None or visit[4] is not None:
            return False
        self.store.visits[key] = (*visit[:4], at)
        return True

    def bounce_figures(self, site_id: int | None, since: datetime) -> list[BounceFigures]:
        counted: dict[tuple[str, str], list[int]] = {}
        for site, lander, source, at, engaged in self.store.visits.values():
            if site_id in (None, site) and at >= since:
                row = counted.setdefault((lander, source), [0, 0])
                row[0] += 1
                row[1] += engaged is not None
        return [BounceFigures(lander, source, *row) for (lander, source), row
                in sorted(counted.items())]


def _key(by: str | None, moment: datetime, order: Order, member: Member) -> str:
    keys: dict[str | None, Callable[[], str]] = {
        "day": lambda: moment.date().isoformat(),
        "source": lambda: member.traffic.network or NO_SOURCE,
        "bundle": lambda: str(order.credits), "method": lambda: order.method}
    return keys.get(by, lambda: "all")()


def _tallies(rows: Iterable[tuple[str, str, int]]) -> list[Tally]:
    counted: dict[tuple[str, str], list[int]] = {}
    for key, currency, amount in rows:
        row = counted.setdefault((key, currency), [0, 0])
        row[0] += 1
        row[1] += amount
    return [Tally(key, currency, *row) for (key, currency), row in counted.items()]


class MemoryFigures:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def paid(self, site_id: int | None, since: datetime, by: str | None) -> list[Tally]:
        return _tallies((_key(by, o.paid_at, o, self.store.members[o.member_id]), o.currency,
                         o.amount) for o in self.store.orders.values()
                        if o.paid_at and o.paid_at >= since and site_id in (None, o.site_id))

    def refunded(self, site_id: int | None, since: datetime, by: str | None) -> list[Tally]:
        orders = self.store.orders
        return _tallies((_key(by, r.created_at, order, self.store.members[order.member_id]),
                         order.currency, r.amount) for r in self.store.refunds
                        if r.created_at >= since
                        and site_id in (None, (order := orders[r.order_id]).site_id))

    def signups(self, site_id: int | None, since: datetime) -> list[SignupFigures]:
        counted: dict[tuple[str, str, str], list[int]] = {}
        for m in self.store.members.values():
            if m.created_at >= since and not m.is_fictional and site_id in (None, m.site_id):
                group = (self.store.sites[m.site_id].domain, m.traffic.lander or NO_SOURCE,
                         m.traffic.network or NO_SOURCE)
                row = counted.setdefault(group, [0, 0, 0])
                row[0] += 1
                row[1] += m.activated_at is not None
                row[2] += m.paid_user
        ordered = sorted(counted.items(), key=lambda item: (item[0][0], -item[1][0], item[0]))
        return [SignupFigures(*group, *row) for group, row in ordered]

    def members(self, site_id: int | None, since: datetime, days: int) -> list[MemberFigures]:
        real = [m for m in self.store.members.values()
                if not m.is_fictional and m.status is not AccountStatus.DELETED]
        came = {row["member_id"] for row in self.store.sessions.values()
                if row["created_at"] >= since}
        wrote = [row.message.sender_id for row in self.store.messages
                 if row.message.created_at >= since]
        active = came | set(wrote)
        figures = []
        for site in sorted(self.store.sites.values(), key=lambda s: s.id):
            if site_id not in (None, site.id):
                continue
            theirs = [m for m in real if m.site_id == site.id]
            figures.append(MemberFigures(
                site.domain, len(theirs),
                sum(m.status is AccountStatus.ACTIVE for m in theirs),
                sum(m.paid_user for m in theirs),
                sum(1 for m in self.store.members.values() if m.site_id == site.id
                    and not m.is_fictional and m.id in active),
                sum(1 for sender in wrote if self.store.members[sender].site_id == site.id),
                days))
        return figures


class MemoryTransparency:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _on(self, site_id: int | None, member_id: int | None) -> bool:
        member = self.store.members.get(member_id or 0)
        return site_id is None or (member is not None and member.site_id == site_id)

    def notices(self, site_id: int | None, start: datetime, end: datetime) -> list[NoticeRow]:
        def first_action(notice_id: int) -> datetime | None:
            return min((d.decided_at for d in self.store.decisions.values()
                        if d.notice_id == notice_id), default=None)

        return [NoticeRow(category=c.category, outcome=c.outcome, created_at=c.created_at,
                          resolved_at=c.resolved_at, first_action_at=first_action(c.id))
                for c in self.store.complaints.values()
                if start <= c.created_at < end and site_id in (None, c.site_id)]

    def appeals(self, site_id: int | None, start: datetime,
                end: datetime) -> Mapping[tuple[str, str], int]:
        decisions = self.store.decisions
        return Counter(
            (decisions[a.decision_id].restriction.value if a.decision_id else "ban",
             a.status.value) for a in self.store.appeals.values()
            if start <= a.created_at < end and self._on(site_id, a.member_id))

    def active_members(self, site_id: int | None, start: datetime,
                       end: datetime) -> Mapping[str, int]:
        moments = [*((row["member_id"], row["created_at"])
                     for row in self.store.sessions.values()),
                   *((row.message.sender_id, row.message.created_at)
                     for row in self.store.messages),
                   *((liker, row.at) for (liker, _), row in self.store.likes.items()),
                   *self.store.last_seen.items()]
        seen = {(at.strftime("%Y-%m"), member) for member, at in moments
                if start <= at < end and self._on(site_id, member)}
        return Counter(month for month, _ in seen)

    def posted_at(self, items: Sequence[tuple[str, str]]) -> Mapping[tuple[str, str], datetime]:
        made = {"photo": self.store.photo_times,
                "message": {row.message.id: row.message.created_at
                            for row in self.store.messages},
                "member": {m.id: m.created_at for m in self.store.members.values()}}
        return {(kind, item): made[kind][int(item)] for kind, item in items
                if kind in made and item.isdigit() and int(item) in made[kind]}


class MemoryAuditQueries:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def find(self, where: AuditFilter) -> list[AuditEntry]:
        entries = [AuditEntry(id=number, **row)
                   for number, row in enumerate(self.store.audit, start=1)]
        found = [e for e in entries
                 if (where.member_id is None or e.subject == str(where.member_id)
                     or e.details.get("member") == where.member_id)
                 and where.actor in (None, e.actor)
                 and (where.since is None or e.at >= where.since)]
        return sorted(found, key=lambda e: (e.at, e.id), reverse=True)[:where.limit]


def _json(value: object) -> JsonValue:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def _record(row: AttrsInstance) -> Record:
    return {name: _json(value) for name, value in attrs.asdict(row, recurse=False).items()
            if not attrs.has(type(value)) and name != "password_hash"}


class MemoryPersonalData:
    """The account, photos, orders, ledger and audit sections: enough to test what a use
    case does with them (the SQL adapter's test covers every section)."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def sections(self, member_id: int) -> Iterator[tuple[str, Iterable[Record]]]:
        store = self.store
        yield "account", [_record(store.members[member_id])]
        yield "photos", [_record(p) for p in store.photos if p.member_id == member_id]
        yield "orders", [_record(o) for o in store.orders.values() if o.member_id == member_id]
        yield "credit_ledger", [_record(e) for e in store.ledger if e.member_id == member_id]
        yield "audit_log", [{"at": _json(row["at"]), "action": row["action"]}
                            for row in store.audit if row["subject"] == str(member_id)]

    def photo_files(self, member_id: int) -> list[str]:
        return [p.filename for p in self.store.photos if p.member_id == member_id]
