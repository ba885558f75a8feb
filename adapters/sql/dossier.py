"""A member's dossier and the member search in SQL (issue 32.1), for SQLite and PostgreSQL
alike. A reading is one read-only transaction (REPEATABLE READ on PostgreSQL), so the
dossier's parts are of the same moment; every part is one indexed query on the member
(sessions by member_id, device and ip; photos by the hash quarters)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    and_,
    case,
    func,
    or_,
    select,
    type_coerce,
)

from adapters.sql import tables as t
from adapters.sql.appeals import SqlAppeals
from adapters.sql.blocklists import SqlBlocklists
from adapters.sql.decisions import SqlDecisions
from adapters.sql.members import member_from_row, members_with_profiles
from adapters.sql.shop import SqlMemberFlags
from adapters.sql.snapshots import read_only_snapshot
from application.ports.complaints import Complaint
from application.ports.decisions import DecisionFilter
from application.ports.dossier import (
    Latest,
    ListedMember,
    MemberSearch,
    MemberSort,
    OrderLine,
    OtherMember,
    StoredPhoto,
)
from application.ports.shop import MemberFlag
from domain.appeals import Appeal
from domain.blocklists import PhotoHash
from domain.credits import EntryKind, LedgerEntry
from domain.decisions import Decision
from domain.dossier import SessionTrace
from domain.members import Member
from domain.photos import PhotoStatus

m, s, ls, st = t.members, t.sessions, t.last_seen, t.sites
IN_FORCE_MAX = 1000
_COMPLAINT_COLUMNS = [t.complaints.c[field.name] for field in attrs.fields(Complaint)]


def _later(first: ColumnElement[Any], second: ColumnElement[Any]) -> ColumnElement[Any]:
    """The later of two moments, neither NULL (GREATEST, which SQLite lacks)."""
    return type_coerce(case((first > second, first), else_=second), t.UtcDateTime())


def _last_active() -> ColumnElement[Any]:
    """When a member was last seen live or logged in, else when they signed up (with
    last_seen joined)."""
    logged_in = select(func.max(s.c.created_at)).where(s.c.member_id == m.c.id) \
        .scalar_subquery()
    return _later(func.coalesce(ls.c.seen_at, m.c.created_at),
                  func.coalesce(logged_in, m.c.created_at))


def _matching(text_: str) -> ColumnElement[bool]:
    """Part of the e-mail or name (LIKE's wildcards taken literally), or the id."""
    escaped = text_.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    pattern = f"%{escaped}%"
    matches: list[ColumnElement[bool]] = [
        func.lower(m.c.email).like(pattern, escape="\\"),
        func.lower(t.profiles.c.name).like(pattern, escape="\\")]
    if text_.strip().isdigit() and len(text_.strip()) < 10:
        matches.append(m.c.id == int(text_.strip()))
    return or_(*matches)


def _session(row: Any) -> SessionTrace:
    return SessionTrace(at=row.created_at, ip=row.ip, device=row.device,
                        user_agent=row.user_agent)


@attrs.define
class SqlDossierReading:
    connection: Connection

    def _count(self, table: Any, *where: ColumnElement[bool]) -> int:
        return int(self.connection.execute(
            select(func.count()).select_from(table).where(*where)).scalar_one())

    def member(self, member_id: int) -> Member | None:
        row = self.connection.execute(members_with_profiles.where(m.c.id == member_id)).first()
        return member_from_row(row) if row else None

    def with_email(self, email: str) -> Sequence[tuple[int, str]]:
        # Addresses are stored lower-cased (domain.accounts.normalise_email): each site's
        # is one probe of uq_members_site_email.
        rows = self.connection.execute(
            select(m.c.id, st.c.domain).join(st, st.c.id == m.c.site_id)
            .where(m.c.site_id.in_(select(st.c.id)), m.c.email == email.strip().lower())
            .order_by(m.c.id))
        return [(row.id, row.domain) for row in rows]

    def site_domain(self, site_id: int) -> str:
        return str(self.connection.execute(
            select(st.c.domain).where(st.c.id == site_id)).scalar_one())

    def last_active(self, member: Member) -> datetime:
        found = self.connection.execute(
            select(_last_active()).select_from(m.outerjoin(ls, ls.c.member_id == m.c.id))
            .where(m.c.id == member.id)).scalar()
        return found or member.created_at

    def sessions(self, member_id: int, limit: int) -> Sequence[SessionTrace]:
        rows = self.connection.execute(
            select(s.c.created_at, s.c.ip, s.c.device, s.c.user_agent)
            .where(s.c.member_id == member_id).order_by(s.c.id.desc()).limit(limit))
        return [_session(row) for row in rows]

    def first_session(self, member_id: int) -> SessionTrace | None:
        row = self.connection.execute(
            select(s.c.created_at, s.c.ip, s.c.device, s.c.user_agent)
            .where(s.c.member_id == member_id).order_by(s.c.id).limit(1)).first()
        return _session(row) if row else None

    def photos(self, member_id: int) -> Sequence[StoredPhoto]:
        p = t.photos
        rows = self.connection.execute(select(p).where(p.c.member_id == member_id)
                                       .order_by(p.c.id))
        return [StoredPhoto(id=row.id, filename=row.filename,
                            thumb_filename=row.thumb_filename,
                            status=PhotoStatus(row.status), is_main=row.is_main,
                            created_at=row.created_at,
                            phash=PhotoHash.parse(row.phash) if row.phash else None)
                for row in rows]

    def _sharing(self, column: Any, member_id: int, limit: int) -> list[tuple[int, str]]:
        theirs = s.alias("theirs")
        mine = select(column).where(s.c.member_id == member_id, column.is_not(None))
        shared = theirs.c[column.name]
        rows = self.connection.execute(
            select(theirs.c.member_id, shared)
            .where(shared.in_(mine), theirs.c.member_id != member_id).distinct()
            .order_by(theirs.c.member_id.desc(), shared).limit(limit))
        return [(row[0], row[1]) for row in rows]

    def sharing_devices(self, member_id: int, limit: int) -> Sequence[tuple[int, str]]:
        return self._sharing(s.c.device, member_id, limit)

    def sharing_addresses(self, member_id: int, limit: int) -> Sequence[tuple[int, str]]:
        return self._sharing(s.c.ip, member_id, limit)

    def similar_photos(self, phash: PhotoHash, other_than: int
                       ) -> Sequence[tuple[int, int, PhotoHash]]:
        return [(found.id, found.member_id, found.phash) for found in
                SqlBlocklists(self.connection).similar_photos(phash, other_than)]

    def others(self, member_ids: Sequence[int]) -> Sequence[OtherMember]:
        if not member_ids:
            return []
        rows = self.connection.execute(
            select(m.c.id, st.c.domain, m.c.email, t.profiles.c.name, m.c.status,
                   m.c.created_at)
            .join(st, st.c.id == m.c.site_id).join(t.profiles, t.profiles.c.member_id == m.c.id)
            .where(m.c.id.in_(list(member_ids))))
        return [OtherMember(id=row.id, site=row.domain, email=row.email, name=row.name,
                            status=row.status, created_at=row.created_at) for row in rows]

    def balance(self, member_id: int) -> int:
        found = self.connection.execute(select(t.credit_balances.c.balance).where(
            t.credit_balances.c.member_id == member_id)).scalar()
        return int(found or 0)

    def ledger(self, member_id: int, limit: int) -> Latest[LedgerEntry]:
        led = t.credit_ledger
        rows = self.connection.execute(select(led).where(led.c.member_id == member_id)
                                       .order_by(led.c.id.desc()).limit(limit))
        items = tuple(LedgerEntry(member_id=row.member_id, kind=EntryKind(row.kind),
                                  amount=row.amount, balance_after=row.balance_after,
                                  key=row.idempotency_key, at=row.created_at,
                                  reason=row.reason) for row in rows)
        return Latest(items=items, total=self._count(led, led.c.member_id == member_id))

    def orders(self, member_id: int, limit: int) -> Latest[OrderLine]:
        od = t.orders
        rows = self.connection.execute(
            select(od.c.id, od.c.created_at, od.c.status, od.c.credits, od.c.amount,
                   od.c.currency, od.c.method, od.c.paid_at, od.c.refunded_at)
            .where(od.c.member_id == member_id).order_by(od.c.id.desc()).limit(limit))
        items = tuple(OrderLine(**row._asdict()) for row in rows)
        return Latest(items=items, total=self._count(od, od.c.member_id == member_id))

    def _complaints(self, where: ColumnElement[bool], limit: int) -> Latest[Complaint]:
        cp = t.complaints
        rows = self.connection.execute(select(*_COMPLAINT_COLUMNS).where(where)
                                       .order_by(cp.c.id.desc()).limit(limit))
        return Latest(items=tuple(Complaint(**row._asdict()) for row in rows),
                      total=self._count(cp, where))

    def complaints_by(self, member_id: int, limit: int) -> Latest[Complaint]:
        return self._complaints(t.complaints.c.reporter_id == member_id, limit)

    def complaints_against(self, member_id: int, limit: int) -> Latest[Complaint]:
        return self._complaints(t.complaints.c.member_id == member_id, limit)

    def decisions(self, member_id: int, limit: int) -> Latest[Decision]:
        d = t.decisions
        found = SqlDecisions(self.connection).find(DecisionFilter(member_id=member_id,
                                                                  limit=limit))
        return Latest(items=tuple(found), total=self._count(d, d.c.member_id == member_id))

    def in_force(self, member_id: int) -> Sequence[Decision]:
        return SqlDecisions(self.connection).find(DecisionFilter(
            member_id=member_id, in_force_only=True, limit=IN_FORCE_MAX))

    def appeals(self, member_id: int) -> Sequence[Appeal]:
        return SqlAppeals(self.connection).of_member(member_id)

    def flags(self, member_id: int) -> Sequence[MemberFlag]:
        return SqlMemberFlags(self.connection).of_member(member_id)

    def addresses_starting(self, prefix: str, limit: int) -> Sequence[str]:
        # A prefix has no wildcard of LIKE or GLOB (digits, hex letters, dots, colons);
        # ix_sessions_ip serves LIKE on PostgreSQL (varchar_pattern_ops), GLOB on SQLite
        # (its LIKE ignores case, which no index of the column serves).
        query = select(s.c.ip).where(s.c.ip.is_not(None)).distinct().limit(limit)
        if prefix:
            query = query.where(s.c.ip.like(f"{prefix}%")
                                if self.connection.dialect.name == "postgresql"
                                else s.c.ip.op("GLOB")(f"{prefix}*"))
        return [row.ip for row in self.connection.execute(query)]

    def find(self, where: MemberSearch) -> Sequence[ListedMember]:
        active = _last_active().label("last_active")
        query = (members_with_profiles.add_columns(st.c.domain.label("site_domain"), active)
                 .join(st, st.c.id == m.c.site_id)
                 .outerjoin(ls, ls.c.member_id == m.c.id)
                 .limit(where.limit).offset(where.offset))
        if where.site_id is not None:
            query = query.where(m.c.site_id == where.site_id)
        if where.status:
            query = query.where(m.c.status == where.status)
        if where.text:
            query = query.where(_matching(where.text))
        if where.addresses is not None:
            query = query.where(m.c.id.in_(select(s.c.member_id).where(
                s.c.ip.in_(list(where.addresses)))))
        order = {MemberSort.ID: (m.c.id,),
                 MemberSort.SIGNUP: (m.c.created_at.desc(), m.c.id.desc()),
                 MemberSort.ACTIVE: (active.desc(), m.c.id.desc())}[where.sort]
        rows = self.connection.execute(query.order_by(*order)).all()
        used: dict[int, list[str]] = {}
        if where.addresses is not None and rows:
            for member_id, ip in self.connection.execute(
                    select(s.c.member_id, s.c.ip).where(
                        and_(s.c.member_id.in_([row.id for row in rows]),
                             s.c.ip.in_(list(where.addresses)))).distinct()
                    .order_by(s.c.member_id, s.c.ip)):
                used.setdefault(member_id, []).append(ip)
        return [ListedMember(member=member_from_row(row), site=row.site_domain,
                             last_active=row.last_active or row.created_at,
                             addresses=tuple(used.get(row.id, ())))
                for row in rows]


@attrs.define
class SqlDossierReadings:
    engine: Engine

    @contextmanager
    def __call__(self) -> Iterator[SqlDossierReading]:
        with read_only_snapshot(self.engine) as connection:
            yield SqlDossierReading(connection)
