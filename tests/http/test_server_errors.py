"""The 5xx answers `amora today` shows (issue 32.6): every 5xx the app answers is counted
per minute and status and reaches the server_errors table, other answers are not; counts
the database could not take wait in memory for the next write, and old minutes are pruned.
And the backlog gauges of /metrics (jobs failing, the photo review queue) read the
database at each scrape. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from flask import Flask
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import select

from adapters.container import Container
from adapters.http.app import create_app
from adapters.sql import tables as t
from adapters.sql.engine import database_engine
from adapters.sql.server_errors import KEEP, ServerErrorCounts
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import Seeded
from tests.lookups import found

NOW = datetime(2026, 11, 21, 14, 30, 20, tzinfo=UTC)


@pytest.fixture
def clock(container: Container) -> FixedClock:
    stopped = FixedClock(NOW)
    container.clock.override(providers.Object(stopped))
    return stopped


@pytest.fixture
def failing_app(clock: FixedClock, container: Container, seeded: Any,
                web_dist: Path) -> Flask:
    app = create_app(container)

    @app.get("/api/test-broken")
    def broken() -> Any:
        raise RuntimeError("a bug")

    return app


def _rows(container: Container) -> list[tuple[datetime, int, int]]:
    se = t.server_errors
    with container.engine().connect() as connection:
        return [(row.minute, row.status, row[2]) for row in connection.execute(
            select(se).order_by(se.c.minute, se.c.status))]


def test_every_5xx_answer_is_counted_and_nothing_else(failing_app: Flask, clock: FixedClock,
                                                      container: Container) -> None:
    client = ApiClient(failing_app)
    for _ in range(3):
        assert client.get("/api/test-broken").status_code == 500
    assert client.get("/api/health").status_code == 200
    assert 400 <= client.get("/api/members/999999").status_code < 500  # refused: not counted
    clock.current = NOW + timedelta(minutes=1)
    assert client.get("/api/test-broken").status_code == 500
    container.server_errors().flush()  # after the timer's write, if one is under way
    minute = NOW.replace(second=0)
    assert _rows(container) == [(minute, 500, 3), (minute + timedelta(minutes=1), 500, 1)]
    found = container.at_a_glance().today()
    assert found.server_errors == {500: 4}


def test_counts_the_database_refused_wait_for_the_next_write(
        container: Container, tmp_path: Path) -> None:
    away = database_engine(f"sqlite:///{tmp_path / 'no-such-table.db'}")
    counts = ServerErrorCounts(away, flush_seconds=3600)
    counts.flush()  # nothing yet: the timer now waits an hour, the test writes
    counts.count(503, NOW)
    counts.count(503, NOW + timedelta(seconds=5))
    counts.flush()  # refused: no such table
    assert _rows(container) == []
    counts.engine = container.engine()
    counts.count(500, NOW)
    counts.flush()
    minute = NOW.replace(second=0)
    assert _rows(container) == [(minute, 500, 1), (minute, 503, 2)]
    counts.flush()  # nothing is written twice
    assert _rows(container) == [(minute, 500, 1), (minute, 503, 2)]
    away.dispose()


def test_minutes_older_than_kept_are_pruned_as_counts_are_written(
        container: Container) -> None:
    old = NOW.replace(second=0) - KEEP
    with container.engine().begin() as connection:
        connection.execute(t.server_errors.insert(), [
            {"minute": old, "status": 500, "count": 7},
            {"minute": old + timedelta(minutes=1), "status": 500, "count": 1}])
    counts = ServerErrorCounts(container.engine(), flush_seconds=3600)
    counts.flush()
    counts.count(502, NOW)
    counts.count(500, old)  # counted too late to be kept
    counts.flush()
    assert _rows(container) == [(old + timedelta(minutes=1), 500, 1),
                                (NOW.replace(second=0), 502, 1)]


def _samples(app: Flask) -> dict[str, float]:
    text = ApiClient(app).get("/metrics").get_data(as_text=True)
    return {sample.name: sample.value for family in text_string_to_metric_families(text)
            for sample in family.samples}


def test_the_backlog_gauges_read_the_database_at_each_scrape(
        clock: FixedClock, container: Container, seeded: Seeded, web_dist: Path) -> None:
    app = create_app(container)
    with container.engine().begin() as connection:
        member = found(connection.execute(t.members.insert().values(
            site_id=1, email="m@example.com", status="active", language="en",
            created_at=NOW - timedelta(days=3))).inserted_primary_key)[0]
        connection.execute(t.photos.insert(), [
            {"member_id": member, "filename": f"{n}.jpg", "thumb_filename": f"{n}t.jpg",
             "status": status, "is_main": False, "created_at": NOW - age}
            for n, (status, age) in enumerate((("pending", timedelta(hours=2)),
                                               ("held", timedelta(hours=5)),
                                               ("active", timedelta(days=2)),
                                               ("rejected", timedelta(days=2))))])
        connection.execute(t.outbox.insert(), [
            {"name": "notify", "args": [], "created_at": NOW, "run_after": NOW,
             "attempts": attempts, "last_error": error, "failed_at": failed}
            for attempts, error, failed in ((0, None, None), (3, "boom", None),
                                            (12, "boom", NOW - timedelta(days=3)))])
    samples = _samples(app)
    assert samples["amora_photo_queue"] == 2
    assert samples["amora_photo_queue_oldest_seconds"] == 5 * 3600
    assert samples["amora_outbox_retrying_jobs"] == 1
    assert samples["amora_outbox_failed_jobs"] == 1
    clock.current = NOW + timedelta(minutes=10)
    with container.engine().begin() as connection:
        connection.execute(t.photos.update().values(status="active"))
    samples = _samples(app)
    assert samples["amora_photo_queue"] == 0
    assert samples["amora_photo_queue_oldest_seconds"] == 0
