"""When members were last seen with a live connection."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, bindparam, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from adapters.sql import tables as t
from domain.privacy import SeenFacts

ls = t.last_seen


def _upsert(maker: Any) -> Any:
    statement = maker(ls).values(member_id=bindparam("member_id"), seen_at=bindparam("seen_at"))
    return statement.on_conflict_do_update(index_elements=["member_id"],
                                           set_={"seen_at": statement.excluded.seen_at})


# One statement, compiled once and sent with a row per member (executemany): built from
# the rows, a statement of 1,000 VALUES was compiled anew each time, 35 ms of a worker's
# time in which its other sockets waited (tests/bench/bench_chat.py).
_UPSERT = {"postgresql": _upsert(pg_insert), "sqlite": _upsert(sqlite_insert)}


@attrs.define
class SqlLastSeen:
    connection: Connection

    def seen(self, member_ids: Collection[int], at: datetime) -> None:
        """One statement for all of a process's live members (every 15 s or so); in one
        order, so two processes' statements cannot deadlock."""
        rows = [{"member_id": member_id, "seen_at": at} for member_id in sorted(set(member_ids))]
        if not rows:
            return
        self.connection.execute(_UPSERT[self.connection.dialect.name], rows)

    def facts(self, member_ids: Collection[int]) -> dict[int, SeenFacts]:
        if not member_ids:
            return {}
        m = t.members
        rows = self.connection.execute(
            select(m.c.id, m.c.show_online, ls.c.seen_at)
            .outerjoin(ls, ls.c.member_id == m.c.id).where(m.c.id.in_(list(member_ids))))
        return {row.id: SeenFacts(row.show_online, row.seen_at) for row in rows}
