"""In-memory sessions, one-time tokens and login failures (the account use cases')."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import TYPE_CHECKING, Any

import attrs

from application.ports.accounts import SessionDetails, SessionRecord, SignedIn, TokenRecord
from domain.members import Member
from domain.privacy import SeenFacts
from tests.application.memory_store import MemoryStore

if TYPE_CHECKING:
    from tests.application.memory import MemoryMembers, MemoryPhotos
    from tests.application.memory_money import MemoryLedger
    from tests.application.memory_notices import MemoryNotifications


class MemorySessions:
    def __init__(self, data: dict[str, dict[str, Any]], members: MemoryMembers,
                 photos: MemoryPhotos, notifications: MemoryNotifications,
                 ledger: MemoryLedger) -> None:
        self.data = data
        self.members, self.photos, self.notifications = members, photos, notifications
        self.ledger = ledger

    def add(self, member_id: int, token_hash: str, created_at: datetime, expires_at: datetime,
            ip: str | None, user_agent: str | None, device: str | None = None,
            country: str | None = None) -> int:
        session_id = len(self.data) + 1
        self.data[token_hash] = {"id": session_id, "member_id": member_id,
                                 "created_at": created_at, "expires_at": expires_at,
                                 "revoked_at": None, "last_seen_at": None, "ip": ip,
                                 "user_agent": (user_agent or "")[:300] or None,
                                 "device": device, "country": country}
        return session_id

    def find(self, token_hash: str) -> SessionRecord | None:
        row = self.data.get(token_hash)
        if not row:
            return None
        return SessionRecord(row["member_id"], row["created_at"], row["expires_at"],
                             row["revoked_at"], row.get("id"), row.get("last_seen_at"))

    def signed_in(self, token_hash: str) -> SignedIn | None:
        record = self.find(token_hash)
        member = self.members.get(record.member_id) if record else None
        if record is None or member is None:
            return None
        return SignedIn(record, member, credits=self.ledger.balance(member.id),
                        main_photo=self.photos.main_of(member.id),
                        mail_off=self.notifications.preferences(member.id)[1])

    def with_members(self, token_hashes: Collection[str]
                     ) -> dict[str, tuple[SessionRecord, Member]]:
        found = {}
        for token_hash in token_hashes:
            record = self.find(token_hash)
            member = self.members.get(record.member_id) if record else None
            if record is not None and member is not None:
                found[token_hash] = (record, member)
        return found

    def confirm(self, token_hash: str, now: datetime) -> None:
        if token_hash in self.data:
            self.data[token_hash]["confirmed_at"] = now

    def confirmed_at(self, token_hash: str) -> datetime | None:
        found: datetime | None = self.data.get(token_hash, {}).get("confirmed_at")
        return found

    def revoke(self, token_hash: str, now: datetime) -> None:
        """The first revocation's moment stays, as in SQL."""
        row = self.data.get(token_hash)
        if row is not None and row["revoked_at"] is None:
            row["revoked_at"] = now

    def revoke_all(self, member_id: int, now: datetime, keep: str | None = None) -> None:
        for token_hash, row in self.data.items():
            if row["member_id"] == member_id and token_hash != keep and not row["revoked_at"]:
                row["revoked_at"] = now

    # --- where the member is signed in (issue 33.3) ---

    def used(self, token_hash: str, now: datetime, unless_after: datetime) -> None:
        row = self.data.get(token_hash)
        if row is not None and (row.get("last_seen_at") is None
                                or row["last_seen_at"] <= unless_after):
            row["last_seen_at"] = now

    def _details(self, token_hash: str, row: dict[str, Any]) -> SessionDetails:
        return SessionDetails(
            id=row["id"], member_id=row["member_id"], token_hash=token_hash,
            created_at=row["created_at"], expires_at=row["expires_at"],
            revoked_at=row["revoked_at"], last_seen_at=row.get("last_seen_at"),
            ip=row.get("ip"), user_agent=row.get("user_agent"), device=row.get("device"),
            country=row.get("country"))

    def open_of(self, member_id: int, now: datetime) -> list[SessionDetails]:
        found = [self._details(token_hash, row) for token_hash, row in self.data.items()
                 if row["member_id"] == member_id and row["revoked_at"] is None
                 and row["expires_at"] > now]
        return sorted(found, key=lambda each: (each.created_at, each.id), reverse=True)

    def details(self, session_id: int) -> SessionDetails | None:
        return next((self._details(token_hash, row) for token_hash, row in self.data.items()
                     if row.get("id") == session_id), None)

    def has_any(self, member_id: int) -> bool:
        return any(row["member_id"] == member_id for row in self.data.values())

    def browsers_of(self, member_id: int, device: str | None
                    ) -> list[tuple[str | None, str | None]]:
        pairs = {(row.get("device"), row.get("user_agent")) for row in self.data.values()
                 if row["member_id"] == member_id
                 and (row.get("device") is None or row.get("device") == device)}
        return sorted(pairs, key=str)

    def end(self, member_id: int, session_ids: Collection[int], now: datetime) -> list[int]:
        ended = []
        for row in self.data.values():
            if row.get("id") in session_ids and row["member_id"] == member_id \
                    and row["revoked_at"] is None and row["expires_at"] > now:
                row["revoked_at"] = now
                ended.append(row["id"])
        return sorted(ended)


class MemoryTokens:
    def __init__(self, data: list[TokenRecord], hashes: dict[int, str]) -> None:
        self.data, self.hashes = data, hashes

    def add(self, member_id: int, purpose: str, token_hash: str, created_at: datetime,
            expires_at: datetime, new_email: str | None = None,
            target: str | None = None) -> None:
        record = TokenRecord(len(self.data) + 1, member_id, purpose, created_at, expires_at,
                             None, new_email, target)
        self.data.append(record)
        self.hashes[record.id] = token_hash

    def find(self, purpose: str, token_hash: str) -> TokenRecord | None:
        return next((r for r in self.data
                     if r.purpose == purpose and self.hashes[r.id] == token_hash), None)

    def use(self, token_id: int, now: datetime) -> None:
        self.data[token_id - 1] = attrs.evolve(self.data[token_id - 1], used_at=now)

    def claim(self, token_id: int, now: datetime) -> bool:
        if self.data[token_id - 1].used_at:
            return False
        self.use(token_id, now)
        return True

    def use_all(self, member_id: int, purpose: str, now: datetime) -> None:
        for record in list(self.data):
            if record.member_id == member_id and record.purpose == purpose \
                    and not record.used_at:
                self.use(record.id, now)

    def count_since(self, member_id: int, purpose: str, since: datetime) -> int:
        return sum(1 for r in self.data if r.member_id == member_id and r.purpose == purpose
                   and r.created_at >= since)

    def targets(self, member_id: int, purpose: str) -> list[str]:
        return [r.target for r in self.data
                if r.member_id == member_id and r.purpose == purpose and r.target]

    def take_expired_targets(self, purpose: str, now: datetime) -> list[str]:
        taken = [r for r in self.data
                 if r.purpose == purpose and r.target and r.expires_at <= now]
        self.data[:] = [attrs.evolve(r, target=None) if r in taken else r for r in self.data]
        return [r.target for r in taken if r.target]


class MemoryLoginFailures:
    def __init__(self, data: list[tuple[int, str, str, datetime]]) -> None:
        self.data = data

    def add(self, site_id: int, email: str, ip: str, at: datetime) -> None:
        self.data.append((site_id, email, ip, at))

    def for_account(self, site_id: int, email: str,
                    since: datetime) -> list[tuple[datetime, str]]:
        return [(at, ip) for s, e, ip, at in self.data if (s, e) == (site_id, email)
                and at >= since]

    def for_address(self, ip: str, since: datetime) -> list[datetime]:
        return [at for _, _, a, at in self.data if a == ip and at >= since]

    def clear(self, site_id: int, email: str, ip: str) -> None:
        self.data[:] = [row for row in self.data if row[:3] != (site_id, email, ip)]


class MemoryLastSeen:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def seen(self, member_ids: Collection[int], at: datetime) -> None:
        self.store.last_seen.update(dict.fromkeys(member_ids, at))

    def facts(self, member_ids: Collection[int]) -> dict[int, SeenFacts]:
        return {member_id: SeenFacts(self.store.members[member_id].show_online,
                                     self.store.last_seen.get(member_id))
                for member_id in member_ids if member_id in self.store.members}
