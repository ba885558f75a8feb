"""Round trips to the database, counted as the driver makes them (issue 36.2: a search in
at most 3).

On PostgreSQL, psycopg sends each statement, a transaction's BEGIN before its first
statement (none in autocommit) and its COMMIT or ROLLBACK (none when no transaction is
open): each a round trip of its own. SQLAlchemy's "begin" event comes whether or not
psycopg will send a BEGIN, so the driver's state decides here. SQLite has no server:
there the statements and SQLAlchemy's transaction events are counted."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy import Engine, event

_ENDS = ("commit", "rollback")


def _idle(driver: Any) -> bool:
    from psycopg.pq import TransactionStatus

    return bool(driver.info.transaction_status == TransactionStatus.IDLE)


class RoundTrips:
    """On each of ``engines`` (the app's and its searches', the same one on SQLite)."""

    def __init__(self, *engines: Engine) -> None:
        self.engines = list(dict.fromkeys(engines))
        self.postgres = engines[0].dialect.name == "postgresql"
        self.statements = self.transactions = 0
        for hook in self._hooks():
            event.listen(*hook)

    @property
    def sent(self) -> int:
        return self.statements + self.transactions

    def stop(self) -> None:
        for hook in self._hooks():
            event.remove(*hook)

    def _hooks(self) -> Iterator[tuple[Engine, str, Callable[..., None]]]:
        for engine in self.engines:
            yield engine, "before_cursor_execute", self._statement
            for name in _ENDS:
                yield engine, name, self._end
            if not self.postgres:
                yield engine, "begin", self._begin

    def _statement(self, _connection: Any, cursor: Any, *_: object) -> None:
        self.statements += 1
        driver = cursor.connection
        if self.postgres and not driver.autocommit and _idle(driver):
            self.transactions += 1  # the BEGIN psycopg sends first

    def _begin(self, _connection: Any) -> None:
        self.transactions += 1

    def _end(self, connection: Any) -> None:
        if not self.postgres or not _idle(connection.connection.driver_connection):
            self.transactions += 1
