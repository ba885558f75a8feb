"""The trust cap's facts and the opener fingerprints in SQL (issue 31.2)."""

from __future__ import annotations

from datetime import datetime

import attrs
from sqlalchemy import Connection, delete, func, insert, or_, select

from adapters.sql import tables as t
from domain.complaints import Outcome
from domain.mass_openers import SentOpener, Signature

fp, cp = t.opener_fingerprints, t.complaints


@attrs.define
class SqlTrust:
    connection: Connection

    def add_opener(self, member_id: int, recipient_id: int, signature: Signature,
                   at: datetime) -> None:
        self.connection.execute(insert(fp).values(
            member_id=member_id, recipient_id=recipient_id, signature=signature.to_text(),
            created_at=at))

    def openers_since(self, member_id: int, since: datetime) -> list[SentOpener]:
        rows = self.connection.execute(
            select(fp.c.recipient_id, fp.c.signature, fp.c.created_at)
            .where(fp.c.member_id == member_id, fp.c.created_at >= since)
            .order_by(fp.c.created_at, fp.c.id))
        return [SentOpener(row.recipient_id, Signature.from_text(row.signature),
                           row.created_at) for row in rows]

    def prune_openers(self, before: datetime, member_id: int | None = None) -> int:
        query = delete(fp).where(fp.c.created_at < before)
        if member_id is not None:
            query = query.where(fp.c.member_id == member_id)
        return int(self.connection.execute(query).rowcount or 0)

    def started_since(self, member_id: int, since: datetime) -> int:
        cv = t.conversations
        return int(self.connection.execute(
            select(func.count()).select_from(cv)
            .where(cv.c.started_by == member_id, cv.c.created_at >= since)).scalar_one())

    def reporters_against(self, member_id: int) -> int:
        return int(self.connection.execute(
            select(func.count(func.distinct(cp.c.reporter_id))).where(
                cp.c.member_id == member_id, cp.c.reporter_id.is_not(None),
                or_(cp.c.status == "open",
                    cp.c.outcome == Outcome.ACTION_TAKEN.value))).scalar_one())
