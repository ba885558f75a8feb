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

import sqlite3
from typing import Any

from adapters.offload import NativeThreads


def connection_class(connections: int) -> type[sqlite3.Connection]:
    """The sqlite3 connection class for an engine of at most ``connections``
    connections at once (``sqlite3.connect(factory=...)``), with a thread for each."""
    threads = NativeThreads(connections)

    class OffLoopCursor(sqlite3.Cursor):
        def execute(self, sql: str, parameters: Any = (), /) -> Any:
            return threads.run(super().execute, sql, parameters)

        def executemany(self, sql: str, parameters: Any, /) -> Any:
            return threads.run(super().executemany, sql, parameters)

        def executescript(self, script: str, /) -> Any:
            return threads.run(super().executescript, script)

        def fetchone(self) -> Any:
            return threads.run(super().fetchone)

        def fetchmany(self, size: int | None = None) -> list[Any]:
            return threads.run(super().fetchmany, self.arraysize if size is None else size)

        def fetchall(self) -> list[Any]:
            return threads.run(super().fetchall)

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
