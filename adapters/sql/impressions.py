"""How often members were shown in search results today (issue 29.3), counted cheaply.

A search page shows 24 members; writing 24 counters per search would make every search
a write. Instead each process adds its counts up in memory and writes them in one
statement (one row per member, shown = shown + n) at most every FLUSH_SECONDS or once
PENDING_MAX members are waiting, in a short transaction of its own. Reads add what the
process has not written yet, so its own count is exact and other processes' lag by up to
FLUSH_SECONDS: the cap it feeds is approximate by design. Days before yesterday are
deleted on the first write of a day.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Collection
from datetime import date, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from adapters.sql import tables as t

FLUSH_SECONDS = 10.0
PENDING_MAX = 2000
im = t.impressions


def _add(maker: Any) -> Any:
    statement = maker(im).values(day=bindparam("day"), member_id=bindparam("member_id"),
                                 shown=bindparam("shown"))
    return statement.on_conflict_do_update(
        index_elements=["day", "member_id"], set_={"shown": im.c.shown + statement.excluded.shown})


_ADD = {"postgresql": _add(pg_insert), "sqlite": _add(sqlite_insert)}
# PostgreSQL takes the whole batch as three arrays in one statement: psycopg's
# executemany sends one INSERT per member (up to PENDING_MAX), which cost the search
# whose request happened to flush about 1 ms of the process's CPU per 100 members.
_ADD_ALL = text(
    "INSERT INTO impressions (day, member_id, shown)"
    " SELECT * FROM unnest(CAST(:days AS date[]), CAST(:members AS integer[]),"
    " CAST(:shown AS integer[]))"
    " ON CONFLICT (day, member_id) DO UPDATE SET shown = impressions.shown + excluded.shown")


def _write(connection: Connection, rows: list[dict[str, Any]]) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(_ADD_ALL, {"days": [row["day"] for row in rows],
                                      "members": [row["member_id"] for row in rows],
                                      "shown": [row["shown"] for row in rows]})
    else:  # SQLite's executemany stays within the process
        connection.execute(_ADD[connection.dialect.name], rows)


class BufferedImpressions:
    def __init__(self, engine: Engine, flush_seconds: float = FLUSH_SECONDS,
                 pending_max: int = PENDING_MAX) -> None:
        self.engine = engine
        self.flush_seconds = flush_seconds
        self.pending_max = pending_max
        self._pending: Counter[tuple[date, int]] = Counter()
        self._lock = threading.Lock()
        self._flushed_at = time.monotonic()
        self._last_day: date | None = None

    def count(self, member_ids: Collection[int], day: date) -> None:
        with self._lock:
            self._pending.update((day, member_id) for member_id in member_ids)
            due = (len(self._pending) >= self.pending_max
                   or time.monotonic() - self._flushed_at >= self.flush_seconds)
        if due:
            self.flush()

    def pending(self, member_ids: Collection[int], day: date) -> dict[int, int]:
        with self._lock:
            return {member_id: self._pending[(day, member_id)] for member_id in set(member_ids)
                    if (day, member_id) in self._pending}

    def flush(self) -> None:
        """Writes the counts gathered so far (in one order, so two processes' writes
        cannot deadlock)."""
        with self._lock:
            pending, self._pending = self._pending, Counter()
            self._flushed_at = time.monotonic()
        if not pending:
            return
        rows = [{"day": day, "member_id": member_id, "shown": shown}
                for (day, member_id), shown in sorted(pending.items())]
        newest = max(day for day, _ in pending)
        try:
            with self.engine.begin() as connection:
                _write(connection, rows)
                if newest != self._last_day:
                    connection.execute(delete(im).where(im.c.day < newest - timedelta(days=1)))
            self._last_day = newest
        except Exception:
            # A member deleted meanwhile (foreign key) or the database away: these
            # counts are lost, which only makes the cap a little later.
            import logging

            logging.getLogger(__name__).warning("impressions not written", exc_info=True)
