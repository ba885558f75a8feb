"""Block lists (issue 31.3) in SQL."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, and_, delete, false, or_, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from adapters.sql import tables as t
from application.ports.blocklists import HashedPhoto, Trace
from domain.blocklists import Entry, EntryKind, NewEntry, PhotoHash

b = t.blocklist


def _entry(row: Any) -> Entry:
    return Entry(id=row.id, kind=EntryKind(row.kind), value=row.value, note=row.note,
                 member_id=row.member_id, decision_id=row.decision_id,
                 added_by=row.added_by, added_at=row.added_at)


def photo_hash_columns(phash: PhotoHash | None) -> dict[str, Any]:
    """A photo row's hash columns (all NULL without a hash)."""
    quarters = phash.quarters() if phash else (None, None, None, None)
    return {"phash": str(phash) if phash else None,
            **{f"phash_{n}": quarter for n, quarter in enumerate(quarters)}}


@attrs.define
class SqlBlocklists:
    connection: Connection

    def add(self, entry: NewEntry, decision_id: int | None, added_by: str,
            added_at: datetime) -> Entry | None:
        maker = pg_insert if self.connection.dialect.name == "postgresql" else sqlite_insert
        statement = maker(b).values(
            kind=entry.kind.value, value=entry.value, note=entry.note,
            member_id=entry.member_id, decision_id=decision_id, added_by=added_by,
            added_at=added_at).on_conflict_do_nothing(index_elements=["kind", "value"])
        row = self.connection.execute(statement.returning(b.c.id)).first()
        if row is None:
            return None
        return Entry(id=row.id, kind=entry.kind, value=entry.value, note=entry.note,
                     member_id=entry.member_id, decision_id=decision_id, added_by=added_by,
                     added_at=added_at)

    def remove(self, entry_id: int) -> Entry | None:
        found = self.get(entry_id)
        if found is not None:
            self.connection.execute(delete(b).where(b.c.id == entry_id))
        return found

    def get(self, entry_id: int) -> Entry | None:
        row = self.connection.execute(select(b).where(b.c.id == entry_id)).first()
        return _entry(row) if row else None

    def find(self, kind: EntryKind | None, member_id: int | None, limit: int,
             offset: int = 0) -> Sequence[Entry]:
        query = select(b).order_by(b.c.id.desc()).limit(limit).offset(offset)
        if kind is not None:
            query = query.where(b.c.kind == kind.value)
        if member_id is not None:
            query = query.where(b.c.member_id == member_id)
        return [_entry(row) for row in self.connection.execute(query)]

    def matching(self, lookups: Mapping[EntryKind, Sequence[str]]) -> Sequence[Entry]:
        wanted = [and_(b.c.kind == kind.value, b.c.value.in_(list(values)))
                  for kind, values in lookups.items() if values]
        if not wanted:
            return []
        rows = self.connection.execute(select(b).where(or_(false(), *wanted))
                                       .order_by(b.c.id))
        return [_entry(row) for row in rows]

    def photo_hashes(self) -> Sequence[Entry]:
        rows = self.connection.execute(select(b).where(b.c.kind == EntryKind.PHOTO_HASH.value)
                                       .order_by(b.c.id))
        return [_entry(row) for row in rows]

    def similar_photos(self, phash: PhotoHash, other_than: int) -> Sequence[HashedPhoto]:
        p = t.photos
        probes = phash.probes()
        rows = self.connection.execute(
            select(p.c.id, p.c.member_id, p.c.phash)
            .where(or_(p.c.phash_0.in_(probes[0]), p.c.phash_1.in_(probes[1]),
                       p.c.phash_2.in_(probes[2]), p.c.phash_3.in_(probes[3])),
                   p.c.member_id != other_than)
            .order_by(p.c.id))
        return [HashedPhoto(row.id, row.member_id, PhotoHash.parse(row.phash))
                for row in rows if row.phash]

    def photos_of(self, member_id: int) -> Sequence[tuple[str, PhotoHash | None]]:
        p = t.photos
        rows = self.connection.execute(select(p.c.filename, p.c.phash)
                                       .where(p.c.member_id == member_id).order_by(p.c.id))
        return [(row.filename, PhotoHash.parse(row.phash) if row.phash else None)
                for row in rows]

    def traces(self, member_id: int) -> Sequence[Trace]:
        s = t.sessions
        rows = self.connection.execute(
            select(s.c.ip, s.c.device).where(s.c.member_id == member_id).order_by(s.c.id))
        return list(dict.fromkeys(Trace(row.ip, row.device) for row in rows))
