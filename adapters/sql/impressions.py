"""How often members were shown in search results today (issue 29.3), counted cheaply.

A search page shows 24 members; writing 24 counters per search would make every search
a write. Instead each process adds its counts up in memory and writes them in one
statement (one row per member, shown = shown + n) at most every FLUSH_SECONDS or once
PENDING_MAX members are waiting, in a short transaction of its own. Reads add what the
process has not written yet, so its own count is exact and other processes' lag by up to
FLUSH_SECONDS: the cap it feeds is approximate by design. Days before yesterday are
deleted on the first write of a day.

The write happens on a thread of its own (a greenlet under gevent), never in the search
that made it due: written in the request, 2,000 members' counts cost that one search
about 10 ms of CPU and 40 ms of waiting (issue 36.2, the searches' p95 and p99).
"""

from __future__ import annotations

import logging
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
log = logging.getLogger(__name__)


def _add(maker: Any) -> Any:
    statement = maker(im).values(day=bindparam("day"), member_id=bindparam("member_id"),
                                 shown=bindparam("shown"))
    return statement.on_conflict_do_update(
        index_elements=["day", "member_id"], set_={"shown": im.c.shown + statement.excluded.shown})


_ADD = {"postgresql": _add(pg_insert), "sqlite": _add(sqlite_insert)}
# PostgreSQL takes a day's batch as two arrays in one statement: psycopg's executemany
# sends one INSERT per member (up to PENDING_MAX), about 1 ms of the process's CPU per
# 100 members. The day is one value, not an array of the same date for each member
# (converting 2,000 dates was 2-5 ms of a flush).
_ADD_DAY = text(
    "INSERT INTO impressions (day, member_id, shown)"
    " SELECT CAST(:day AS date), * FROM unnest(CAST(:members AS integer[]),"
    " CAST(:shown AS integer[]))"
    " ON CONFLICT (day, member_id) DO UPDATE SET shown = impressions.shown + excluded.shown")


def _write(connection: Connection, rows: list[dict[str, Any]]) -> None:
    if connection.dialect.name != "postgresql":  # SQLite's executemany stays in the process
        connection.execute(_ADD[connection.dialect.name], rows)
        return
    for day in sorted({row["day"] for row in rows}):  # one day, but around midnight
        on_day = [row for row in rows if row["day"] == day]
        connection.execute(_ADD_DAY, {"day": day,
                                      "members": [row["member_id"] for row in on_day],
                                      "shown": [row["shown"] for row in on_day]})


class BufferedImpressions:
    def __init__(self, engine: Engine, flush_seconds: float = FLUSH_SECONDS,
                 pending_max: int = PENDING_MAX) -> None:
        self.engine = engine
        self.flush_seconds = flush_seconds
        self.pending_max = pending_max
        self._pending: Counter[tuple[date, int]] = Counter()
        # Taken from _pending by a write under way, until it is stored: still counted.
        self._writing_now: Counter[tuple[date, int]] = Counter()
        self._lock = threading.Lock()  # guards the counters and _writer
        self._writing = threading.Lock()  # one write at a time; flush() waits for it
        self._writer: threading.Thread | None = None
        self._flushed_at = time.monotonic()
        self._last_day: date | None = None

    def count(self, member_ids: Collection[int], day: date) -> None:
        """Adds to the counts; a write that comes due goes to a thread of its own."""
        with self._lock:
            self._pending.update((day, member_id) for member_id in member_ids)
            due = (len(self._pending) >= self.pending_max
                   or time.monotonic() - self._flushed_at >= self.flush_seconds)
            if due and self._writer is None:
                self._flushed_at = time.monotonic()
                self._writer = threading.Thread(target=self._flush_apart,
                                                name="amora-impressions", daemon=True)
                self._writer.start()

    def pending(self, member_ids: Collection[int], day: date) -> dict[int, int]:
        """The counts not stored yet, those of a write under way included."""
        with self._lock:
            found = {member_id: self._pending[(day, member_id)]
                     + self._writing_now[(day, member_id)] for member_id in set(member_ids)
                     if (day, member_id) in self._pending
                     or (day, member_id) in self._writing_now}
        return found

    def _flush_apart(self) -> None:
        try:
            self.flush()
        finally:
            with self._lock:
                self._writer = None

    def flush(self) -> None:
        """Writes the counts gathered so far (after any write under way: when it returns,
        every count made before the call is stored, unless the write failed), in one
        order, so two processes' writes cannot deadlock."""
        with self._writing:
            with self._lock:
                pending, self._pending = self._pending, Counter()
                self._writing_now = pending
                self._flushed_at = time.monotonic()
            try:
                if pending:
                    self._write(pending)
            except Exception:
                # A member deleted meanwhile (foreign key) or the database away: these
                # counts are lost, which only makes the cap a little later.
                log.warning("impressions not written", exc_info=True)
            finally:
                with self._lock:
                    self._writing_now = Counter()

    def _write(self, pending: Counter[tuple[date, int]]) -> None:
        rows = [{"day": day, "member_id": member_id, "shown": shown}
                for (day, member_id), shown in sorted(pending.items())]
        newest = max(day for day, _ in pending)
        with self.engine.connect() as connection, connection.begin() as transaction:
            _write(connection, rows)
            if newest != self._last_day:
                connection.execute(delete(im).where(im.c.day < newest - timedelta(days=1)))
            # Stored and no longer pending at once for pending()'s readers: not
            # counted twice, nor missed, in between.
            with self._lock:
                transaction.commit()
                self._writing_now = Counter()
        self._last_day = newest
