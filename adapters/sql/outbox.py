"""The outbox in SQL (issue 16.2). ``SqlOutbox`` writes jobs inside a use case's
transaction; ``OutboxTable`` is what runners and relays do with them: claim due jobs
under a lease (FOR UPDATE SKIP LOCKED on PostgreSQL, so several runners never take the
same one; SQLite has one writer at a time), delete them when done, put them back with a
later time when they failed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import attrs
from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, or_, select, update

from adapters.jobs.codec import job_json
from adapters.sql import tables as t
from application.ports.jobs import Job

ob = t.outbox


# A job's fields (adapters.jobs.codec): a JSON object; an array in rows of old.
Fields = Mapping[str, Any] | Sequence[Any]


@attrs.frozen
class ClaimedJob:
    id: int
    name: str  # the job's tag
    args: Fields
    attempts: int  # this run included


# A job added, built once (one with every chat message, issue 36.3). Inline: nobody
# reads the new row's id, which SQLAlchemy would otherwise ask back (RETURNING) and read.
_ADD = insert(ob).values(name=bindparam("name", type_=ob.c.name.type),
                         args=bindparam("args", type_=ob.c.args.type),
                         created_at=bindparam("at", type_=ob.c.created_at.type),
                         run_after=bindparam("at", type_=ob.c.run_after.type),
                         attempts=0).inline()


def now() -> datetime:
    """When a job is written: created, and due at once."""
    return datetime.now(UTC)


@attrs.define
class SqlOutbox:
    """The unit of work's `jobs`: a job runs only if the transaction commits."""

    connection: Connection
    now: Any  # () -> datetime

    def add(self, job: Job) -> None:
        at = self.now()
        name, fields = job_json(job)
        self.connection.execute(_ADD, {"name": name, "args": fields, "at": at})


@attrs.define
class OutboxTable:
    engine: Engine

    def add(self, name: str, args: Fields, at: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(ob).values(name=name, args=args, created_at=at,
                                                 run_after=at, attempts=0))

    def claim(self, now: datetime, lease: timedelta, limit: int) -> list[ClaimedJob]:
        due = (select(ob.c.id).where(ob.c.failed_at.is_(None), ob.c.run_after <= now,
                                     or_(ob.c.leased_until.is_(None), ob.c.leased_until < now))
               .order_by(ob.c.id).limit(limit).with_for_update(skip_locked=True))
        with self.engine.begin() as connection:
            rows = connection.execute(
                update(ob).where(ob.c.id.in_(due.scalar_subquery()))
                .values(leased_until=now + lease, attempts=ob.c.attempts + 1)
                .returning(ob.c.id, ob.c.name, ob.c.args, ob.c.attempts)).all()
        return sorted((ClaimedJob(row.id, row.name, row.args, row.attempts)
                       for row in rows), key=lambda job: job.id)

    def done(self, job_id: int) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(ob).where(ob.c.id == job_id))

    def retry_at(self, job_id: int, when: datetime, error: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(ob).where(ob.c.id == job_id).values(
                run_after=when, leased_until=None, last_error=error[:2000]))

    def give_up(self, job_id: int, now: datetime, error: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(ob).where(ob.c.id == job_id).values(
                failed_at=now, leased_until=None, last_error=error[:2000]))

    def figures(self, now: datetime) -> tuple[int, float]:
        """Jobs waiting (not failed) and the age of the oldest, in seconds."""
        with self.engine.connect() as connection:
            count, oldest = connection.execute(select(func.count(), func.min(ob.c.created_at))
                                               .where(ob.c.failed_at.is_(None))).one()
        return int(count), (now - oldest).total_seconds() if oldest else 0.0

    def waiting(self) -> list[tuple[str, Fields]]:
        """Every job not yet done, oldest first (operators and tests)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(ob.c.name, ob.c.args).where(
                ob.c.failed_at.is_(None)).order_by(ob.c.id))
            return [(row.name, row.args) for row in rows]
