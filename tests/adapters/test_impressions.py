"""Search impressions (issue 29.3) are counted in memory and written in one statement per
flush (issue 36.2: on PostgreSQL one INSERT of two arrays and the day instead of psycopg's
executemany, an INSERT per member; the CPU it saves is bench_search_cpu's): the stored
counts add up across flushes, a process's own pending counts are readable before
they are written (a write under way's too), a write that comes due runs on a thread of
its own, not in the search that made it due, and a new day's first flush deletes the days
before yesterday, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import Engine, event, select

from adapters.sql import tables as t
from adapters.sql.impressions import BufferedImpressions
from domain.members import AccountStatus, Member, Profile
from tests.conftest import Seeded, UowFactory

DAY = date(2026, 3, 2)
im = t.impressions


def _members(uow: UowFactory, site_id: int, count: int) -> list[int]:
    with uow() as work:
        ids = [work.members.add(Member(
            id=0, site_id=site_id, email=f"m{n}@example.com", status=AccountStatus.ACTIVE,
            language="en", created_at=datetime(2026, 1, 1, tzinfo=UTC),
            profile=Profile(name=f"M{n}", gender="female", birth_date=date(1990, 1, 1),
                            country="NL"))).id for n in range(count)]
        work.commit()
    return ids


def _stored(engine: Engine) -> dict[tuple[date, int], int]:
    with engine.connect() as connection:
        return {(row.day, row.member_id): row.shown
                for row in connection.execute(select(im.c.day, im.c.member_id, im.c.shown))}


def test_counts_add_up_across_flushes_in_one_statement_each(
        uow: UowFactory, engine: Engine, seeded: Seeded) -> None:
    _, default, _ = seeded
    first, second, third = _members(uow, default.id, 3)
    impressions = BufferedImpressions(engine, flush_seconds=3600, pending_max=10_000)
    sent: list[str] = []
    event.listen(engine, "before_cursor_execute",
                 lambda _c, _k, statement, *_: sent.append(statement))

    impressions.count([first, second], DAY)
    impressions.count([first], DAY)
    assert impressions.pending([first, second, third], DAY) == {first: 2, second: 1}
    impressions.flush()
    inserts = [statement for statement in sent if "INSERT" in statement.upper()]
    assert len(inserts) == 1, inserts  # all members in one statement
    assert impressions.pending([first, second], DAY) == {}
    assert _stored(engine) == {(DAY, first): 2, (DAY, second): 1}

    impressions.count([first, third], DAY)
    impressions.flush()
    assert _stored(engine) == {(DAY, first): 3, (DAY, second): 1, (DAY, third): 1}


def test_a_new_days_first_flush_drops_the_days_before_yesterday(
        uow: UowFactory, engine: Engine, seeded: Seeded) -> None:
    _, default, _ = seeded
    (member,) = _members(uow, default.id, 1)
    impressions = BufferedImpressions(engine, flush_seconds=3600, pending_max=10_000)
    for day in (date(2026, 3, 1), date(2026, 3, 2), date(2026, 3, 4)):
        impressions.count([member], day)
        impressions.flush()
    # 2 March's flush kept 1 March (yesterday); 4 March's dropped both (before the 3rd).
    assert _stored(engine) == {(date(2026, 3, 4), member): 1}


def _written(impressions: BufferedImpressions, engine: Engine,
             expected: dict[tuple[date, int], int]) -> dict[tuple[date, int], int]:
    """The stored counts once the write of its own thread is done (or expected shows)."""
    deadline = time.monotonic() + 60  # a condition to wait for, not a measure of speed
    while (impressions._writer is not None or _stored(engine) != expected) \
            and time.monotonic() < deadline:
        threading.Event().wait(0.01)
    return _stored(engine)


def test_the_flush_comes_by_itself_once_enough_are_pending_on_a_thread_of_its_own(
        uow: UowFactory, engine: Engine, seeded: Seeded) -> None:
    """The search that makes a write due does not wait for it (issue 36.2): the INSERT
    runs on another thread."""
    _, default, _ = seeded
    ids = _members(uow, default.id, 3)
    impressions = BufferedImpressions(engine, flush_seconds=3600, pending_max=3)
    threads: list[int] = []

    def sent(_c: object, _k: object, statement: str, *_: object) -> None:
        if "INSERT INTO impressions" in statement:
            threads.append(threading.get_ident())

    event.listen(engine, "before_cursor_execute", sent)
    impressions.count(ids[:2], DAY)
    assert _stored(engine) == {}
    impressions.count(ids[2:], DAY)
    expected = {(DAY, member): 1 for member in ids}
    assert _written(impressions, engine, expected) == expected
    assert threads and threading.get_ident() not in threads


def test_counts_being_written_are_still_pending_until_stored(
        uow: UowFactory, engine: Engine, seeded: Seeded) -> None:
    """A search reading while the write is under way counts them once: still pending,
    not yet stored; then stored, no longer pending."""
    _, default, _ = seeded
    (member,) = _members(uow, default.id, 1)
    impressions = BufferedImpressions(engine, flush_seconds=3600, pending_max=10_000)
    during: list[dict[int, int]] = []

    def sent(_c: object, _k: object, statement: str, *_: object) -> None:
        if "INSERT INTO impressions" in statement:
            during.append(impressions.pending([member], DAY))

    event.listen(engine, "before_cursor_execute", sent)
    impressions.count([member, member], DAY)
    impressions.flush()
    assert during == [{member: 2}]
    assert impressions.pending([member], DAY) == {}
    assert _stored(engine) == {(DAY, member): 2}


def test_a_failed_write_is_logged_and_not_pending_any_more(
        uow: UowFactory, engine: Engine, seeded: Seeded, caplog: pytest.LogCaptureFixture
) -> None:
    impressions = BufferedImpressions(engine, flush_seconds=3600, pending_max=10_000)
    impressions.count([987_654], DAY)  # no such member: the foreign key refuses it
    impressions.flush()
    assert "impressions not written" in caplog.text
    assert impressions.pending([987_654], DAY) == {}
    assert _stored(engine) == {}
