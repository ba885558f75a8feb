"""Units of work sharing a request's connection keep their own transactions; a unit of
work that only read ends without ROLLBACK (psycopg drops its prepared statements on
every ROLLBACK, so the session lookup would be planned anew on every request)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import attrs
import pytest
from sqlalchemy import Connection, Engine, event
from sqlalchemy.pool import QueuePool

from adapters.sql.shared_connection import SharedConnection
from adapters.sql.unit_of_work import SqlUnitOfWork
from tests.conftest import Seeded, UowFactory
from tests.lookups import found


@pytest.fixture
def shared(engine: Engine) -> Iterator[SharedConnection]:
    connection = SharedConnection(engine)
    yield connection
    connection.close()


def _rollbacks(engine: Engine) -> list[object]:
    seen: list[object] = []
    event.listen(engine, "rollback", seen.append)
    return seen


def test_a_unit_of_work_that_only_read_does_not_roll_back(uow: UowFactory, seeded: Seeded,
                                                          engine: Engine) -> None:
    rollbacks = _rollbacks(engine)
    with uow() as work:
        assert work.sites.by_domain("amora.test") is not None
    assert rollbacks == []
    _, default, _ = seeded
    with uow() as work:  # wrote, never committed: rolled back
        work.sites.update(attrs.evolve(default, name="Changed"))
    assert len(rollbacks) == 1
    with uow() as work:
        assert found(work.sites.by_domain("amora.test")).name == "Amora"


def _prepared(connection: Connection) -> int:
    return int(connection.exec_driver_sql(
        "SELECT count(*) FROM pg_prepared_statements").scalar_one())


def test_a_search_is_planned_for_its_own_values_until_its_unit_ends(
        seeded: Seeded, engine: Engine) -> None:
    """A search runs unprepared however often it runs, so PostgreSQL plans it with its
    values each time (a prepared statement soon runs on one generic plan); it needs no
    transaction for that, so it is a read without BEGIN or COMMIT. The unit after it
    prepares its statements again. No connection starts parallel workers."""
    from application.ports.discovery import SearchQuery

    if engine.dialect.name != "postgresql":
        pytest.skip("psycopg prepares statements; SQLite plans each anyway")
    query = SearchQuery(site_ids=(1,), viewer_id=None, born_from=date(1900, 1, 1),
                        born_until=date(2100, 1, 1))
    rollbacks = _rollbacks(engine)
    with SqlUnitOfWork(engine, reads_only=True) as work:
        connection = work.discovery.connection
        driver = connection.connection.driver_connection
        assert driver is not None and driver.autocommit
        for _ in range(8):  # past psycopg's threshold (5 runs)
            work.discovery.count(query, 10)
            work.discovery.search(query, 10, 0)
        assert _prepared(connection) == 0
        assert driver.prepare_threshold is None
        workers = connection.exec_driver_sql(
            "SELECT current_setting('max_parallel_workers_per_gather')").scalar()
    assert rollbacks == [] and workers == "0"
    assert driver.prepare_threshold == 5 and not driver.autocommit
    with SqlUnitOfWork(engine) as work:
        for _ in range(6):
            assert work.sites.by_domain("amora.test") is not None
        assert _prepared(work.sites.connection) >= 1


def test_use_cases_in_one_request_keep_their_own_transactions(
        uow: UowFactory, seeded: Seeded, engine: Engine, shared: SharedConnection) -> None:
    _, default, _ = seeded
    checkouts: list[object] = []
    event.listen(engine.pool, "checkout", lambda *args: checkouts.append(args))
    with uow() as work:
        work.sites.update(attrs.evolve(default, name="Committed"))
        work.commit()
    with pytest.raises(RuntimeError), uow() as work:
        work.sites.update(attrs.evolve(default, name="Failed"))
        raise RuntimeError("the use case failed half-way")
    with uow() as work:
        assert found(work.sites.by_domain("amora.test")).name == "Committed"
    assert len(checkouts) == 1
    # A use case inside a use case gets a connection of its own: its commit is real.
    with uow() as outer:
        with uow() as inner:
            inner.sites.update(attrs.evolve(default, name="Inner"))
            inner.commit()
        outer.sites.update(attrs.evolve(default, is_default=True, name="Outer"))
    with uow() as work:
        assert found(work.sites.by_domain("amora.test")).name == "Inner"
    shared.close()
    with engine.connect() as connection:  # what another process sees
        from sqlalchemy import select

        from adapters.sql import tables

        settings = connection.execute(select(tables.sites.c.settings).where(
            tables.sites.c.id == default.id)).scalar_one()
        assert settings["name"] == "Inner"


def test_member_searches_run_on_sessions_that_plan_each_statement_anew(
        database_url: str, engine: Engine, seeded: Seeded) -> None:
    """A unit of member searches takes the search engine's connections: their sessions
    plan every statement for its values, so psycopg may prepare them (no parse at each
    run); the app's other units keep PostgreSQL's own choice of kept plans. The search
    engine's connections close with the main engine's."""
    from adapters.sql.engine import search_engine_for
    from application.ports.discovery import SearchQuery

    if engine.dialect.name != "postgresql":
        assert search_engine_for(engine, database_url) is engine
        return
    searching = search_engine_for(engine, database_url)
    settings = ("SELECT current_setting('plan_cache_mode'),"
                " current_setting('max_parallel_workers_per_gather')")
    query = SearchQuery(site_ids=(1,), viewer_id=None, born_from=date(1900, 1, 1),
                        born_until=date(2100, 1, 1))
    with SqlUnitOfWork(engine, reads_only=True, searches=True,
                       search_engine=searching) as work:
        connection = work.discovery.connection
        assert connection.engine is searching
        for _ in range(8):
            work.discovery.count(query, 10)
        assert _prepared(connection) >= 1
        search_settings = tuple(connection.exec_driver_sql(settings).one())
    with SqlUnitOfWork(engine, search_engine=searching) as work:
        assert work.sites.connection.engine is engine
        other_settings = tuple(work.sites.connection.exec_driver_sql(settings).one())
    assert search_settings == ("force_custom_plan", "0")
    assert other_settings == ("auto", "0")
    pool = searching.pool
    assert isinstance(pool, QueuePool) and pool.checkedin() == 1
    engine.dispose()
    assert pool.checkedin() == 0
