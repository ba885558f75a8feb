"""How units of work get their connection and end their transaction: the shortcuts that
spare the database round trips, kept apart from the repositories.

Three shortcuts, each safe on its own:

- **The request's shared connection** (``SharedConnection``): the HTTP app opens one per
  request (adapters/http/connections.py); every unit of work of that request takes its
  turn on the same pooled connection instead of checking one out each. Each still runs a
  transaction of its own, so a use case's commit is a real commit and its failure rolls
  back only its own changes. A unit of work opened while another holds the connection (a
  use case inside a use case) gets a connection of its own, exactly as without sharing.
  Filled by ``SharedConnection(engine)``, cleared by ``close()`` at the request's end.
- **Reads end with COMMIT** (``watch_writes``, ``SqlTransaction.end``): a transaction that sent only
  SELECTs (and SET LOCAL settings) is ended with COMMIT, which is the same to the
  database, because psycopg forgets its prepared statements on every ROLLBACK (and the
  session lookup's join costs more to plan than to run). Anything else rolls back unless
  committed.
- **reads_only** (``SqlTransaction(engine, reads_only=True)``): a use case that writes
  nothing, and whose reads each stand on their own, needs no transaction (one statement
  is its own snapshot): on PostgreSQL its connection runs in autocommit for that unit,
  sparing BEGIN and COMMIT, two of the three round trips of a session lookup and two of
  a search's four. SQLite's driver opens no transaction for a read anyway. A shared
  connection gets its isolation level back afterwards.

A unit that runs member searches (``searches``) takes a connection of the search engine's
(adapters/sql/engine.py's search_engine_for: sessions that plan each statement for its
values), never the request's shared one. A search statement run elsewhere
(``plan_for_own_values``) is not prepared by psycopg until its unit ends.

tests/adapters/test_shared_connection.py shows each on SQLite and PostgreSQL."""

from __future__ import annotations

import weakref
from contextvars import ContextVar
from typing import Any

from sqlalchemy import Connection, Engine, event

from adapters.sql import account_writes
from adapters.sql.engine import PLANS_EACH_STATEMENT


class SharedConnection:
    """One pooled connection for all the units of work of one request, taken on first
    use and given back by close()."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._connection: Connection | None = None
        self._token = _shared.set(self)

    def take(self, engine: Engine) -> Connection | None:
        """The shared connection, if it is free for a new transaction on ``engine``."""
        if engine is not self._engine:
            return None
        if self._connection is None:
            self._connection = engine.connect()
        elif self._connection.in_transaction():
            return None
        return self._connection

    def close(self) -> None:
        try:
            _shared.reset(self._token)
        except (ValueError, RuntimeError):  # closed twice, or in another context
            _shared.set(None)
        if self._connection is not None:
            self._connection.close()
            self._connection = None


_shared: ContextVar[SharedConnection | None] = ContextVar("amora_shared_connection",
                                                           default=None)
_watched: weakref.WeakSet[Engine] = weakref.WeakSet()


def _note_writes(connection: Connection, _cursor: Any, statement: str, *_: Any) -> None:
    if statement.lstrip()[:6].upper() not in ("SELECT", "SET LO"):  # SET LOCAL: a setting
        connection.info["wrote"] = True


def watch_writes(engine: Engine) -> None:
    """Notes on each connection of ``engine`` whether its transaction sent a write."""
    if engine not in _watched:
        event.listen(engine, "before_cursor_execute", _note_writes)
        _watched.add(engine)


class SqlTransaction:
    """One unit of work's transaction: on the request's shared connection when it is
    free, else on a connection of its own."""

    def __init__(self, engine: Engine, reads_only: bool = False,
                 written: account_writes.Announce | None = None,
                 searching: Engine | None = None) -> None:
        """``searching``: the search engine's, for a unit of member searches."""
        engine = searching or engine
        self._engine = engine
        self._written = written
        self._autocommit = reads_only and engine.dialect.name == "postgresql"
        self._owned = True
        self.connection: Connection | None = None
        watch_writes(engine)

    def begin(self) -> Connection:
        shared = _shared.get()
        connection = shared.take(self._engine) if shared else None
        self._owned = connection is None
        self.connection = connection or self._engine.connect()
        if self._autocommit:
            self.connection.execution_options(isolation_level="AUTOCOMMIT")
        self.connection.begin()
        _fresh(self.connection)
        return self.connection

    def commit(self) -> None:
        """Keeps what was done so far; the unit of work goes on in a new transaction."""
        assert self.connection is not None
        self.connection.commit()
        # The sign-ins it changed, announced (issue 36.1).
        account_writes.committed(self.connection, self._written)
        self.connection.begin()
        _fresh(self.connection)

    def end(self, failed: bool) -> None:
        """Rolls back what was not committed (a read ends with COMMIT, the same to the
        database) and gives the connection back."""
        connection = self.connection
        assert connection is not None
        try:
            if not failed and not connection.info.get("wrote", True):
                connection.commit()
            else:
                connection.rollback()  # a no-op after commit
        finally:
            _prepared_again(connection)
            if self._autocommit and not self._owned:  # the request's next use case
                connection.execution_options(
                    isolation_level=connection.default_isolation_level)
            if self._owned:
                connection.close()
            self.connection = None


def _fresh(connection: Connection) -> None:
    connection.info["wrote"] = False
    account_writes.forget_noted(connection)  # noted by a transaction rolled back


_PREPARING = "amora_prepare_threshold"  # the driver's own, while a unit plans anew


def plan_for_own_values(connection: Connection) -> None:
    """Until its unit of work ends, PostgreSQL plans each statement on ``connection`` for
    the values it comes with. psycopg prepares a statement after a few runs, and
    PostgreSQL soon runs a prepared statement on one generic plan for any values: a plan
    made for "everyone" walked 100k members for "women in NL-NH" (p50 6 -> 27 ms).
    Unprepared, a statement is planned with its values each time. (SET LOCAL
    plan_cache_mode would need a transaction, and the transaction two round trips.)"""
    if connection.dialect.name != "postgresql" or _PREPARING in connection.info \
            or connection.info.get(PLANS_EACH_STATEMENT):
        return
    driver = connection.connection.driver_connection
    connection.info[_PREPARING] = driver.prepare_threshold  # type: ignore[union-attr]
    driver.prepare_threshold = None  # type: ignore[union-attr]


def _prepared_again(connection: Connection) -> None:
    if not connection.invalidated and _PREPARING in connection.info:
        threshold = connection.info.pop(_PREPARING)
        connection.connection.driver_connection.prepare_threshold = threshold  # type: ignore[union-attr]
