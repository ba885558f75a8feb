"""Units of work sharing a request's connection keep their own transactions; a unit of
work that only read ends without ROLLBACK (psycopg drops its prepared statements on
every ROLLBACK, so the session lookup would be planned anew on every request)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import attrs
import pytest
from sqlalchemy import Engine, event

from adapters.sql.shared_connection import SharedConnection
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


def test_a_search_planned_for_its_values_is_still_a_read(uow: UowFactory, seeded: Seeded,
                                                         engine: Engine) -> None:
    """On PostgreSQL a search sets plan_cache_mode and turns parallel workers off for its
    transaction (set_config(..., true), as SET LOCAL): settings, not a write, so it ends
    without ROLLBACK; the next transaction is planned as usual again."""
    from application.ports.discovery import SearchQuery

    rollbacks = _rollbacks(engine)
    query = SearchQuery(site_ids=(1,), viewer_id=None, born_from=date(1900, 1, 1),
                        born_until=date(2100, 1, 1))
    with uow() as work:
        work.discovery.count(query, 10)
        work.discovery.search(query, 10, 0)
        work.discovery.count(query, 10)
    assert rollbacks == []
    with uow() as work:
        postgresql = engine.dialect.name == "postgresql"
        mode = (work.sites.connection.exec_driver_sql("SHOW plan_cache_mode").scalar()
                if postgresql else "auto")
        workers = (work.sites.connection.exec_driver_sql(
            "SHOW max_parallel_workers_per_gather").scalar() if postgresql else "2")
    assert mode == "auto" and workers != "0"


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
