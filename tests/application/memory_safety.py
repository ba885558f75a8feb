"""In-memory appeals and block lists, as adapters/sql/appeals.py and blocklists.py keep
them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import attrs

from application.ports.appeals import ListedAppeal
from application.ports.blocklists import HashedPhoto, Trace
from domain.appeals import Appeal, AppealStatus
from domain.blocklists import Entry, EntryKind, NewEntry, PhotoHash
from domain.decisions import Restriction
from domain.errors import DomainError
from tests.application.memory_store import MemoryStore


class MemoryAppeals:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def add(self, appeal: Appeal) -> int:
        taken = any((a.member_id, a.banned_at) == (appeal.member_id, appeal.banned_at)
                    for a in self.store.appeals.values() if appeal.banned_at is not None)
        if taken or (appeal.decision_id is not None and self.open_for(appeal.decision_id)):
            raise DomainError("appeal_exists")
        number = max(self.store.appeals, default=0) + 1
        self.store.appeals[number] = attrs.evolve(appeal, id=number)
        return number

    def get(self, appeal_id: int) -> Appeal | None:
        return self.store.appeals.get(appeal_id)

    def open_for(self, decision_id: int) -> bool:
        return any(a.decision_id == decision_id and a.status is AppealStatus.OPEN
                   for a in self.store.appeals.values())

    def for_ban(self, member_id: int, banned_at: datetime) -> Appeal | None:
        return next((a for a in self.store.appeals.values()
                     if a.member_id == member_id and a.banned_at == banned_at), None)

    def of_member(self, member_id: int) -> list[Appeal]:
        return sorted((a for a in self.store.appeals.values() if a.member_id == member_id),
                      key=lambda a: -a.id)

    def recent(self, status: AppealStatus | None, limit: int,
               restriction: Restriction | None = None) -> list[ListedAppeal]:
        listed = [ListedAppeal(a, self._kind(a)) for a in self.store.appeals.values()
                  if status in (None, a.status)]
        listed = [item for item in listed if restriction in (None, item.restriction)]
        return sorted(listed, key=lambda item: -item.appeal.id)[:limit]

    def _kind(self, appeal: Appeal) -> Restriction:
        decision = self.store.decisions.get(appeal.decision_id or 0)
        return decision.restriction if decision else Restriction.BAN

    def decide(self, appeal: Appeal) -> bool:
        current = self.store.appeals.get(appeal.id)
        if current is None or current.status is not AppealStatus.OPEN:
            return False
        self.store.appeals[appeal.id] = attrs.evolve(
            current, status=appeal.status, decided_at=appeal.decided_at,
            decided_by=appeal.decided_by, note=appeal.note)
        return True


class MemoryBlocklists:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def add(self, entry: NewEntry, decision_id: int | None, added_by: str,
            added_at: datetime) -> Entry | None:
        entries = self.store.blocklist
        if any((e.kind, e.value) == (entry.kind, entry.value) for e in entries.values()):
            return None
        listed = Entry(id=max(entries, default=0) + 1, kind=entry.kind, value=entry.value,
                       note=entry.note, member_id=entry.member_id, decision_id=decision_id,
                       added_by=added_by, added_at=added_at)
        entries[listed.id] = listed
        return listed

    def remove(self, entry_id: int) -> Entry | None:
        return self.store.blocklist.pop(entry_id, None)

    def get(self, entry_id: int) -> Entry | None:
        return self.store.blocklist.get(entry_id)

    def find(self, kind: EntryKind | None, member_id: int | None, limit: int,
             offset: int = 0) -> Sequence[Entry]:
        found = [e for e in self.store.blocklist.values()
                 if kind in (None, e.kind) and member_id in (None, e.member_id)]
        return sorted(found, key=lambda e: -e.id)[offset:offset + limit]

    def matching(self, lookups: Mapping[EntryKind, Sequence[str]]) -> Sequence[Entry]:
        return [e for _, e in sorted(self.store.blocklist.items())
                if e.value in lookups.get(e.kind, ())]

    def photo_hashes(self) -> Sequence[Entry]:
        return [e for _, e in sorted(self.store.blocklist.items())
                if e.kind is EntryKind.PHOTO_HASH]

    def similar_photos(self, phash: PhotoHash, other_than: int) -> Sequence[HashedPhoto]:
        probes = phash.probes()
        return [HashedPhoto(photo.id, photo.member_id, hashed)
                for photo in sorted(self.store.photos, key=lambda p: p.id)
                if photo.member_id != other_than
                and (hashed := self.store.photo_hashes.get(photo.id)) is not None
                and any(quarter in probe for quarter, probe in zip(hashed.quarters(), probes,
                                                                   strict=True))]

    def photos_of(self, member_id: int) -> Sequence[tuple[str, PhotoHash | None]]:
        return [(p.filename, self.store.photo_hashes.get(p.id))
                for p in sorted(self.store.photos, key=lambda p: p.id)
                if p.member_id == member_id]

    def traces(self, member_id: int) -> Sequence[Trace]:
        rows = sorted((row for row in self.store.sessions.values()
                       if row["member_id"] == member_id), key=lambda row: row["id"])
        return list(dict.fromkeys(Trace(row["ip"], row["device"]) for row in rows))
