"""SQLite's statements off the event loop (issue 36.4).

Why: SQLite runs inside the server process. Under `amora serve` every request is a
greenlet on one OS thread, so a search's query, a commit's write to disk or a wait for
another connection's write lock (up to the busy timeout) held every other socket of the
process: two members searching took /api/health to seconds (tests/bench/bench_loop.py).
Here the driver's connections and cursors hand each call that may take long (execute,
fetch, commit, rollback, close) to native threads, where sqlite3 lets go of the GIL while
SQLite works, and the greenlet that asked waits as it waits for a socket.

Safe with SQLite's locking because a connection is still used by one greenlet at a time
(the pool hands it out), and each of an engine's connections may have a thread: a
statement never waits for a thread held by another statement that waits for this
connection's lock. Elsewhere (the test suite, the CLI, `amora worker`) the calls run in
the caller's thread, as before (adapters/offload.py).
"""

from __future__ import annotations

import collections
import sqlite3
from typing import Any

from adapters.offload import NativeThreads

AHEAD = 100  # rows read per trip to a thread (memory: a page of rows, never a table)


def connection_class(connections: int) -> type[sqlite3.Connection]:
    """The sqlite3 connection class for an engine of at most ``connections``
    connections at once (``sqlite3.connect(factory=...)``), with a thread for each."""
    threads = NativeThreads(connections)

    class OffLoopCursor(sqlite3.Cursor):
        """Reads rows ahead, AHEAD at a time, on the thread that ran the statement:
        SQLAlchemy iterates a result with a fetchone per row, one trip each otherwise."""

        _ahead: collections.deque[Any] = collections.deque()
        _more = False  # rows may be left in SQLite beyond those read ahead

        def execute(self, sql: str, parameters: Any = (), /) -> Any:
            self._ahead, self._more = threads.run(_execute, self, sql, parameters)
            return self

        def executemany(self, sql: str, parameters: Any, /) -> Any:
            self._ahead, self._more = collections.deque(), False
            return threads.run(super().executemany, sql, parameters)

        def executescript(self, script: str, /) -> Any:
            self._ahead, self._more = collections.deque(), False
            return threads.run(super().executescript, script)

        def fetchone(self) -> Any:
            if not self._ahead and self._more:
                self._ahead, self._more = threads.run(_read, self, AHEAD)
            return self._ahead.popleft() if self._ahead else None

        def fetchmany(self, size: int | None = None) -> list[Any]:
            wanted = self.arraysize if size is None else size
            if len(self._ahead) < wanted and self._more:
                rows, self._more = threads.run(_read, self, wanted - len(self._ahead))
                self._ahead.extend(rows)
            return [self._ahead.popleft() for _ in range(min(wanted, len(self._ahead)))]

        def fetchall(self) -> list[Any]:
            rows = list(self._ahead)
            self._ahead = collections.deque()
            if self._more:
                rows += threads.run(sqlite3.Cursor.fetchall, self)
                self._more = False
            return rows

        def __next__(self) -> Any:
            row = self.fetchone()
            if row is None:
                raise StopIteration
            return row

    class OffLoopConnection(sqlite3.Connection):
        def cursor(self, factory: Any = OffLoopCursor) -> Any:
            return super().cursor(factory)

        def commit(self) -> None:
            threads.run(super().commit)

        def rollback(self) -> None:
            threads.run(super().rollback)

        def close(self) -> None:  # the last one out checkpoints the WAL into the file
            threads.run(super().close)

    return OffLoopConnection


def _execute(cursor: sqlite3.Cursor, sql: str,
             parameters: Any) -> tuple[collections.deque[Any], bool]:
    """On a pool thread: the statement and the first rows it returns."""
    sqlite3.Cursor.execute(cursor, sql, parameters)
    if cursor.description is None:  # no rows to return
        return collections.deque(), False
    return _read(cursor, AHEAD)


def _read(cursor: sqlite3.Cursor, count: int) -> tuple[collections.deque[Any], bool]:
    rows = sqlite3.Cursor.fetchmany(cursor, count)
    return collections.deque(rows), len(rows) == count
