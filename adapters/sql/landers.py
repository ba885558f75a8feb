"""Lander visits in SQL."""

from __future__ import annotations

from datetime import datetime

import attrs
from sqlalchemy import Connection, func, insert, select, update

from adapters.sql import tables as t
from domain.landers import BounceFigures

lv = t.lander_visits


@attrs.define
class SqlLanders:
    connection: Connection

    def add_visit(self, key: str, site_id: int, lander: str, source: str,
                  at: datetime) -> None:
        self.connection.execute(insert(lv).values(visit_key=key, site_id=site_id,
                                                  lander=lander, source=source, created_at=at))

    def engage(self, key: str, at: datetime) -> bool:
        done = self.connection.execute(update(lv).where(lv.c.visit_key == key,
                                                        lv.c.engaged_at.is_(None))
                                       .values(engaged_at=at))
        return done.rowcount == 1

    def bounce_figures(self, site_id: int | None, since: datetime) -> list[BounceFigures]:
        query = (select(lv.c.lander, lv.c.source, func.count().label("visits"),
                        func.count(lv.c.engaged_at).label("engaged"))
                 .where(lv.c.created_at >= since)
                 .group_by(lv.c.lander, lv.c.source).order_by(lv.c.lander, lv.c.source))
        if site_id is not None:
            query = query.where(lv.c.site_id == site_id)
        return [BounceFigures(row.lander, row.source, int(row.visits), int(row.engaged))
                for row in self.connection.execute(query)]
