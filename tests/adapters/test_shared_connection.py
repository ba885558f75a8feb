"""adapters/sql/shared_connection.py on SQLite and PostgreSQL: a request's units of work
take turns on one connection yet keep their own transactions; a unit opened inside
another gets a connection of its own; a read ends with COMMIT, an uncommitted write with
ROLLBACK; reads_only runs a PostgreSQL read in autocommit and gives a shared connection
its isolation level back."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Connection, Engine, create_engine, event, func, insert, select

from adapters.sql import tables
from adapters.sql.shared_connection import SharedConnection, SqlTransaction

log = tables.audit_log
AT = datetime(2026, 11, 28, 12, tzinfo=UTC)


@pytest.fixture
def shared(engine: Engine) -> Iterator[SharedConnection]:
    connection = SharedConnection(engine)
    yield connection
    connection.close()


def _write(connection: Connection, action: str) -> None:
    connection.execute(insert(log).values(at=AT, actor="test", action=action, subject="1",
                                          details={}))


def _actions(engine: Engine) -> list[str]:
    with engine.connect() as connection:  # another connection: what others see
        return sorted(connection.execute(select(log.c.action)).scalars())


def _events(engine: Engine, name: str) -> list[object]:
    seen: list[object] = []
    event.listen(engine, name, lambda *args: seen.append(args))
    return seen


def test_a_request_s_transactions_take_turns_on_one_connection(
        engine: Engine, shared: SharedConnection) -> None:
    checkouts: list[object] = []
    event.listen(engine.pool, "checkout", lambda *args: checkouts.append(args))
    first = SqlTransaction(engine)
    connection = first.begin()
    _write(connection, "kept")
    first.commit()
    first.end(failed=False)
    second = SqlTransaction(engine)
    _write(second.begin(), "failed")
    second.end(failed=True)
    third = SqlTransaction(engine)
    assert third.begin() is connection
    third.end(failed=False)
    assert len(checkouts) == 1
    shared.close()
    assert _actions(engine) == ["kept"]


def test_a_transaction_inside_another_gets_its_own_connection(
        engine: Engine, shared: SharedConnection) -> None:
    outer, inner = SqlTransaction(engine), SqlTransaction(engine)
    outer_connection = outer.begin()
    inner_connection = inner.begin()
    assert inner_connection is not outer_connection
    _write(inner_connection, "inner")
    inner.commit()
    inner.end(failed=False)
    assert inner_connection.closed  # its own: given back to the pool
    _write(outer_connection, "outer")
    outer.end(failed=False)  # wrote and never committed: rolled back
    assert not outer_connection.closed  # the request's: kept for its next use case
    shared.close()
    assert outer_connection.closed
    assert _actions(engine) == ["inner"]


def test_a_read_ends_with_commit_and_an_uncommitted_write_with_rollback(
        engine: Engine) -> None:
    rollbacks, commits = _events(engine, "rollback"), _events(engine, "commit")
    reading = SqlTransaction(engine)
    reading.begin().execute(select(func.count()).select_from(log))
    reading.end(failed=False)
    assert (len(commits), rollbacks) == (1, [])
    writing = SqlTransaction(engine)
    _write(writing.begin(), "never kept")
    writing.end(failed=False)
    assert (len(commits), len(rollbacks)) == (1, 1)
    failing = SqlTransaction(engine)
    failing.begin().execute(select(func.count()).select_from(log))
    failing.end(failed=True)  # a read that failed half-way is not trusted: rolled back
    assert len(rollbacks) == 2
    assert _actions(engine) == []


def _autocommit(connection: Connection) -> bool:
    """What the driver does: psycopg sends no BEGIN in autocommit; SQLite's driver opens
    no transaction for a read anyway, so it is left as it is."""
    if connection.dialect.name == "postgresql":
        driver = connection.connection.driver_connection
        assert driver is not None
        return bool(driver.autocommit)
    return connection.get_execution_options().get("isolation_level") == "AUTOCOMMIT"


def test_a_single_read_runs_in_autocommit_on_postgresql_only(
        engine: Engine, shared: SharedConnection) -> None:
    single = SqlTransaction(engine, reads_only=True)
    connection = single.begin()
    assert _autocommit(connection) is (engine.dialect.name == "postgresql")
    assert connection.execute(select(func.count()).select_from(log)).scalar() == 0
    single.end(failed=False)
    after = SqlTransaction(engine)  # the request's next use case, on the same connection
    assert after.begin() is connection
    assert not _autocommit(connection)
    _write(connection, "in a transaction again")
    after.end(failed=False)
    assert _actions(engine) == []


def test_sharing_ends_with_close_and_only_for_its_engine(engine: Engine) -> None:
    shared = SharedConnection(engine)
    other = create_engine("sqlite://")
    assert shared.take(other) is None
    other.dispose()
    assert shared.take(engine) is shared.take(engine)
    shared.close()
    shared.close()  # twice: harmless
    alone = SqlTransaction(engine)
    connection = alone.begin()
    alone.end(failed=False)
    assert connection.closed  # no request shares it any more: its own, given back
