"""Complaints in SQL: the writes and the operators' reads."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs
from sqlalchemy import Connection, and_, case, func, insert, or_, select, update

from adapters.sql import tables as t
from adapters.sql.chats import delivered_to, message_of
from adapters.sql.engine import inserted_id
from application.ports.chat import Message
from application.ports.complaints import Complaint, NewComplaint
from domain.complaints import Outcome, ReporterRecord

cp = t.complaints
msg, cm = t.messages, t.conversation_members


@attrs.define
class SqlComplaints:
    connection: Connection

    def add(self, complaint: NewComplaint) -> int:
        return inserted_id(self.connection.execute(
            insert(cp).values(**attrs.asdict(complaint))))

    def get(self, complaint_id: int) -> Complaint | None:
        row = self.connection.execute(select(cp).where(cp.c.id == complaint_id)).mappings().first()
        return Complaint(**row) if row else None

    def resolve(self, complaint_id: int, note: str, at: datetime, outcome: str) -> bool:
        done = self.connection.execute(update(cp).where(cp.c.id == complaint_id,
                                                        cp.c.status == "open")
                                       .values(status="resolved", resolution=note,
                                               resolved_at=at, outcome=outcome))
        return done.rowcount == 1

    def decided(self, complaint_id: int) -> bool:
        return self.connection.execute(select(t.decisions.c.id).where(
            t.decisions.c.notice_id == complaint_id).limit(1)).first() is not None

    def visible_messages(self, message_ids: Sequence[int], member_id: int) -> list[Message]:
        rows = self.connection.execute(
            select(msg).join(cm, and_(cm.c.conversation_id == msg.c.conversation_id,
                                      cm.c.member_id == member_id))
            .where(msg.c.id.in_(list(message_ids)),
                   or_(cm.c.hidden_before.is_(None), msg.c.id > cm.c.hidden_before),
                   delivered_to(member_id))
            .order_by(msg.c.id))
        return [message_of(row) for row in rows]

    def reported_by(self, reporter_id: int, item_kind: str, item_id: str) -> bool:
        c = t.complaints.c
        return self.connection.execute(select(c.id).where(
            c.reporter_id == reporter_id, c.item_kind == item_kind, c.item_id == item_id,
            c.status == "open").limit(1)).first() is not None

    def attach(self, complaint_id: int, message_ids: Sequence[int]) -> None:
        if message_ids:
            self.connection.execute(insert(t.complaint_messages), [
                {"complaint_id": complaint_id, "message_id": message_id}
                for message_id in message_ids])


@attrs.define
class SqlComplaintQueries:
    connection: Connection

    def recent(self, status: str | None, limit: int) -> list[Complaint]:
        query = select(cp).order_by(cp.c.id.desc()).limit(limit)
        if status:
            query = query.where(cp.c.status == status)
        return [Complaint(**row) for row in self.connection.execute(query).mappings()]

    def attached(self, complaint_id: int) -> list[Message]:
        rows = self.connection.execute(
            select(msg).join(t.complaint_messages, t.complaint_messages.c.message_id == msg.c.id)
            .where(t.complaint_messages.c.complaint_id == complaint_id).order_by(msg.c.id))
        return [message_of(row) for row in rows]

    def reporter_records(self, complaints: Sequence[Complaint]) -> dict[int, ReporterRecord]:
        members = {c.reporter_id for c in complaints if c.reporter_id is not None}
        visitors = {c.email for c in complaints if c.reporter_id is None and c.email}
        dismissed = func.sum(case((cp.c.outcome == Outcome.NO_ACTION.value, 1), else_=0))
        resolved = and_(cp.c.status == "resolved", cp.c.outcome.is_not(None))
        by_member = {row.reporter_id: ReporterRecord(int(row.resolved), int(row.dismissed))
                     for row in self.connection.execute(
                         select(cp.c.reporter_id, func.count().label("resolved"),
                                dismissed.label("dismissed"))
                         .where(resolved, cp.c.reporter_id.in_(members))
                         .group_by(cp.c.reporter_id))} if members else {}
        by_address = {row.email: ReporterRecord(int(row.resolved), int(row.dismissed))
                      for row in self.connection.execute(
                          select(cp.c.email, func.count().label("resolved"),
                                 dismissed.label("dismissed"))
                          .where(resolved, cp.c.reporter_id.is_(None),
                                 cp.c.email.in_(visitors))
                          .group_by(cp.c.email))} if visitors else {}
        return {c.id: (by_member.get(c.reporter_id) if c.reporter_id is not None
                       else by_address.get(c.email or "")) or ReporterRecord()
                for c in complaints}

    def count_for_site(self, site_id: int) -> int:
        return int(self.connection.execute(
            select(func.count()).select_from(cp).where(cp.c.site_id == site_id)).scalar_one())
