"""An in-memory reading for members' dossiers and the member search (adapters/sql/dossier.py
reads the same from one snapshot): here the store as it stands is the snapshot."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from typing import Any, TypeVar

from application.ports.complaints import Complaint
from application.ports.dossier import (
    Latest,
    ListedMember,
    MemberSearch,
    MemberSort,
    OrderLine,
    OtherMember,
    StoredPhoto,
)
from application.ports.shop import MemberFlag
from domain.appeals import Appeal
from domain.blocklists import PhotoHash
from domain.credits import LedgerEntry
from domain.decisions import Decision, DecisionStatus
from domain.dossier import SessionTrace
from domain.members import Member
from tests.application.memory_store import MemoryStore

T = TypeVar("T")


def _latest(rows: Sequence[T], key: Callable[[T], Any], limit: int) -> Latest[T]:
    return Latest(items=tuple(sorted(rows, key=key, reverse=True)[:limit]), total=len(rows))


class MemoryDossierReading:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def member(self, member_id: int) -> Member | None:
        return self.store.members.get(member_id)

    def with_email(self, email: str) -> Sequence[tuple[int, str]]:
        return [(m.id, self.site_domain(m.site_id)) for m in sorted(
            self.store.members.values(), key=lambda m: m.id) if m.email.lower() == email]

    def site_domain(self, site_id: int) -> str:
        return self.store.sites[site_id].domain

    def _sessions(self, member_id: int) -> list[dict[str, Any]]:
        return sorted((row for row in self.store.sessions.values()
                       if row["member_id"] == member_id), key=lambda row: row["id"])

    def last_active(self, member: Member) -> datetime:
        moments = [row["created_at"] for row in self._sessions(member.id)]
        seen = self.store.last_seen.get(member.id)
        return max([*moments, *([seen] if seen else [])], default=member.created_at)

    def _trace(self, row: dict[str, Any]) -> SessionTrace:
        return SessionTrace(at=row["created_at"], ip=row["ip"], device=row["device"],
                            user_agent=row["user_agent"])

    def sessions(self, member_id: int, limit: int) -> Sequence[SessionTrace]:
        return [self._trace(row) for row in reversed(self._sessions(member_id))][:limit]

    def first_session(self, member_id: int) -> SessionTrace | None:
        rows = self._sessions(member_id)
        return self._trace(rows[0]) if rows else None

    def photos(self, member_id: int) -> Sequence[StoredPhoto]:
        store = self.store
        return [StoredPhoto(id=p.id, filename=p.filename, thumb_filename=p.thumb_filename,
                            status=p.status, is_main=p.is_main,
                            created_at=store.photo_times[p.id],
                            phash=store.photo_hashes.get(p.id))
                for p in sorted(store.photos, key=lambda p: p.id) if p.member_id == member_id]

    def _sharing(self, member_id: int, field: str, limit: int) -> Sequence[tuple[int, str]]:
        mine = {row[field] for row in self._sessions(member_id) if row[field]}
        shared = {(row["member_id"], row[field]) for row in self.store.sessions.values()
                  if row["member_id"] != member_id and row[field] in mine}
        return sorted(shared)[:limit]

    def sharing_devices(self, member_id: int, limit: int) -> Sequence[tuple[int, str]]:
        return self._sharing(member_id, "device", limit)

    def sharing_addresses(self, member_id: int, limit: int) -> Sequence[tuple[int, str]]:
        return self._sharing(member_id, "ip", limit)

    def similar_photos(self, phash: PhotoHash, other_than: int
                       ) -> Sequence[tuple[int, int, PhotoHash]]:
        return [(p.id, p.member_id, found) for p in sorted(self.store.photos, key=lambda p: p.id)
                if p.member_id != other_than
                and (found := self.store.photo_hashes.get(p.id)) is not None]

    def others(self, member_ids: Sequence[int]) -> Sequence[OtherMember]:
        return [OtherMember(id=m.id, site=self.site_domain(m.site_id), email=m.email,
                            name=m.profile.name, status=m.status.value,
                            created_at=m.created_at)
                for m in map(self.store.members.get, member_ids) if m is not None]

    def balance(self, member_id: int) -> int:
        return self.store.balances.get(member_id, 0)

    def ledger(self, member_id: int, limit: int) -> Latest[LedgerEntry]:
        rows = [e for e in self.store.ledger if e.member_id == member_id]  # oldest first
        return Latest(items=tuple(reversed(rows))[:limit], total=len(rows))

    def orders(self, member_id: int, limit: int) -> Latest[OrderLine]:
        refunded = {r.order_id: r.created_at for r in self.store.refunds}
        rows = [OrderLine(id=o.id, created_at=o.created_at, status=o.status.value,
                          credits=o.credits, amount=o.amount, currency=o.currency,
                          method=o.method, paid_at=o.paid_at, refunded_at=refunded.get(o.id))
                for o in self.store.orders.values() if o.member_id == member_id]
        return _latest(rows, lambda o: o.id, limit)

    def complaints_by(self, member_id: int, limit: int) -> Latest[Complaint]:
        rows = [c for c in self.store.complaints.values() if c.reporter_id == member_id]
        return _latest(rows, lambda c: c.id, limit)

    def complaints_against(self, member_id: int, limit: int) -> Latest[Complaint]:
        rows = [c for c in self.store.complaints.values() if c.member_id == member_id]
        return _latest(rows, lambda c: c.id, limit)

    def decisions(self, member_id: int, limit: int) -> Latest[Decision]:
        rows = [d for d in self.store.decisions.values() if d.member_id == member_id]
        return _latest(rows, lambda d: (d.decided_at, d.id), limit)

    def in_force(self, member_id: int) -> Sequence[Decision]:
        return [d for d in self.decisions(member_id, len(self.store.decisions)).items
                if d.status is DecisionStatus.IN_FORCE]

    def appeals(self, member_id: int) -> Sequence[Appeal]:
        return sorted((a for a in self.store.appeals.values() if a.member_id == member_id),
                      key=lambda a: -a.id)

    def flags(self, member_id: int) -> Sequence[MemberFlag]:
        return [flag for who, flag in self.store.flags if who == member_id]

    def addresses_starting(self, prefix: str, limit: int) -> Sequence[str]:
        found = {row["ip"] for row in self.store.sessions.values()
                 if row["ip"] and row["ip"].startswith(prefix)}
        return sorted(found)[:limit]

    def find(self, where: MemberSearch) -> Sequence[ListedMember]:
        text = (where.text or "").strip().lower()
        listed = []
        for member in self.store.members.values():
            used = tuple(sorted({row["ip"] for row in self._sessions(member.id)
                                 if where.addresses is not None
                                 and row["ip"] in where.addresses}))
            if (where.site_id in (None, member.site_id)
                    and where.status in (None, member.status.value)
                    and (not text or text in member.email.lower()
                         or text in member.profile.name.lower() or text == str(member.id))
                    and (where.addresses is None or used)):
                listed.append(ListedMember(member=member, site=self.site_domain(member.site_id),
                                           last_active=self.last_active(member),
                                           addresses=used))
        order: dict[MemberSort, Callable[[ListedMember], Any]] = {
            MemberSort.ID: lambda m: m.member.id,
            MemberSort.SIGNUP: lambda m: (-m.member.created_at.timestamp(), m.member.id),
            MemberSort.ACTIVE: lambda m: (-m.last_active.timestamp(), m.member.id)}
        return sorted(listed, key=order[where.sort])[where.offset:where.offset + where.limit]


def memory_dossier_readings(store: MemoryStore
                            ) -> Callable[[], AbstractContextManager[MemoryDossierReading]]:
    """The DossierReadings port: a reading of the store."""
    @contextmanager
    def readings() -> Iterator[MemoryDossierReading]:
        yield MemoryDossierReading(store)
    return readings
