"""The 5xx responses a server process answered, per minute and status (issue 32.6), for
`amora today` ("5xx in the last hour"). Prometheus counts them too
(amora_http_request_duration_seconds{status="5xx"}), but those counters live in the
server processes and have no window the command line could read.

Counting must not make an error worse: a response only adds to a counter in memory, and a
short transaction of its own, on a timer thread (a greenlet under gevent), writes what
was counted: at once for the first error after a quiet spell, then at most every
FLUSH_SECONDS. If the database is away (often why the answer was a 503), the counts stay
in memory and are written again every RETRY_SECONDS (RETRIES times, then with the next
error's write); minutes older than KEEP are dropped, and the table is pruned of them as
it is written.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, bindparam, delete
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from adapters.sql import tables as t

FLUSH_SECONDS = 5.0
RETRY_SECONDS = 30.0  # after a failed write
RETRIES = 10  # in a row; then the next error's write tries again
KEEP = timedelta(days=2)
se = t.server_errors
log = logging.getLogger(__name__)


def _add(maker: Any) -> Any:
    statement = maker(se).values(minute=bindparam("minute"), status=bindparam("status"),
                                 count=bindparam("count"))
    return statement.on_conflict_do_update(
        index_elements=["minute", "status"], set_={"count": se.c.count + statement.excluded.count})


_ADD = {"postgresql": _add(pg_insert), "sqlite": _add(sqlite_insert)}


def minute_of(moment: datetime) -> datetime:
    return moment.replace(second=0, microsecond=0)


class ServerErrorCounts:
    def __init__(self, engine: Engine, flush_seconds: float = FLUSH_SECONDS) -> None:
        self.engine = engine
        self.flush_seconds = flush_seconds
        self._pending: Counter[tuple[datetime, int]] = Counter()
        self._lock = threading.Lock()  # guards _pending and _timer
        self._writing = threading.Lock()  # one write at a time; flush() waits for it
        self._timer: threading.Timer | None = None
        self._flushed_at = -flush_seconds
        self._failures = 0  # failed writes in a row

    def count(self, status: int, at: datetime) -> None:
        """One 5xx response answered at ``at`` (aware)."""
        with self._lock:
            self._pending[(minute_of(at), status)] += 1
            self._schedule(self._flushed_at + self.flush_seconds - time.monotonic())

    def _schedule(self, wait: float) -> None:
        """A write in ``wait`` seconds, unless one is due already (lock held)."""
        if self._timer is None:
            self._timer = threading.Timer(max(0.0, wait), self._flush_later)
            self._timer.daemon = True
            self._timer.start()

    def _flush_later(self) -> None:
        with self._lock:
            self._timer = None
        self.flush()

    def flush(self) -> None:
        """Writes what was counted (after any write under way: when it returns, every
        count made before the call is in the table, unless the database refused it)."""
        with self._writing:
            with self._lock:
                pending, self._pending = self._pending, Counter()
                self._flushed_at = time.monotonic()
            if not pending:
                return
            newest = max(minute for minute, _ in pending)
            kept = Counter({key: count for key, count in pending.items()
                            if key[0] > newest - KEEP})
            rows = [{"minute": minute, "status": status, "count": count}
                    for (minute, status), count in sorted(kept.items())]
            try:
                with self.engine.begin() as connection:
                    connection.execute(_ADD[connection.dialect.name], rows)
                    connection.execute(delete(se).where(se.c.minute <= newest - KEEP))
            except Exception:
                log.warning("server errors not counted yet (kept for the next write)",
                            exc_info=True)
                with self._lock:
                    self._pending.update(kept)
                    self._failures += 1
                    if self._failures < RETRIES:
                        self._schedule(RETRY_SECONDS)
            else:
                self._failures = 0
