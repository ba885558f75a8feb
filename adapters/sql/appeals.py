"""Appeals against decisions in SQL."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from adapters.sql import tables as t
from adapters.sql.engine import inserted_id
from application.ports.appeals import ListedAppeal
from domain.appeals import Appeal, AppealStatus
from domain.decisions import Restriction
from domain.errors import DomainError

ap, d = t.appeals, t.decisions
# A ban's appeal from before decisions were kept names no decision: it is a ban's.
_KIND = func.coalesce(d.c.restriction, Restriction.BAN.value).label("restriction")


def _appeal(row: Any) -> Appeal:
    return Appeal(**{**row, "status": AppealStatus(row["status"])})


@attrs.define
class SqlAppeals:
    connection: Connection

    def add(self, appeal: Appeal) -> int:
        values = attrs.asdict(appeal)
        del values["id"]
        try:
            with self.connection.begin_nested():
                return inserted_id(self.connection.execute(
                    insert(ap).values(**values)))
        except IntegrityError:  # a parallel appeal for the same ban or decision won
            raise DomainError("appeal_exists") from None

    def get(self, appeal_id: int) -> Appeal | None:
        row = self.connection.execute(select(ap).where(ap.c.id == appeal_id)).mappings().first()
        return _appeal(row) if row else None

    def for_ban(self, member_id: int, banned_at: datetime) -> Appeal | None:
        row = self.connection.execute(select(ap).where(
            ap.c.member_id == member_id, ap.c.banned_at == banned_at)).mappings().first()
        return _appeal(row) if row else None

    def open_for(self, decision_id: int) -> bool:
        return self.connection.execute(select(ap.c.id).where(
            ap.c.decision_id == decision_id,
            ap.c.status == AppealStatus.OPEN.value)).first() is not None

    def of_member(self, member_id: int) -> list[Appeal]:
        query = select(ap).where(ap.c.member_id == member_id).order_by(ap.c.id.desc())
        return [_appeal(row) for row in self.connection.execute(query).mappings()]

    def recent(self, status: AppealStatus | None, limit: int,
               restriction: Restriction | None = None) -> list[ListedAppeal]:
        query = (select(ap, _KIND).select_from(ap.outerjoin(d, d.c.id == ap.c.decision_id))
                 .order_by(ap.c.id.desc()).limit(limit))
        if status is not None:
            query = query.where(ap.c.status == status.value)
        if restriction is Restriction.BAN:
            query = query.where(or_(d.c.restriction == restriction.value,
                                    ap.c.decision_id.is_(None)))
        elif restriction is not None:
            query = query.where(d.c.restriction == restriction.value)
        return [ListedAppeal(_appeal({key: value for key, value in row.items()
                                      if key != "restriction"}),
                             Restriction(row["restriction"]))
                for row in self.connection.execute(query).mappings()]

    def decide(self, appeal: Appeal) -> bool:
        done = self.connection.execute(
            update(ap).where(ap.c.id == appeal.id, ap.c.status == AppealStatus.OPEN.value)
            .values(status=appeal.status.value, decided_at=appeal.decided_at,
                    decided_by=appeal.decided_by, note=appeal.note))
        return done.rowcount == 1
