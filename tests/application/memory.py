"""In-memory adapters of the ports, for use-case tests without infrastructure."""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any

import attrs

from application.ports.accounts import SessionRecord, SignedIn, TokenRecord
from application.ports.audit import Details
from application.ports.members import MemberChanged
from application.ports.photos import MainPhoto, Photo
from domain.members import Member
from domain.photos import PhotoStatus
from domain.sites import Company, Site
from tests.application.memory_money import (
    MemoryBundles,
    MemoryDirectDebit,
    MemoryDiscountCodes,
    MemoryLedger,
    MemoryMemberFlags,
    MemoryOrders,
    MemoryShopQueries,
)
from tests.application.memory_notices import (
    MemoryComplaintQueries,
    MemoryComplaints,
    MemoryNotificationQueries,
    MemoryNotifications,
    MemoryPhotoQueries,
)
from tests.application.memory_social import (
    MemoryChatQueries,
    MemoryChats,
    MemoryDiscovery,
    MemoryLikeQueries,
    MemoryLikes,
)
from tests.application.memory_store import MemoryStore, snapshot

__all__ = ["MemoryStore"]


class FixedClock:
    def __init__(self, now: datetime = datetime(2026, 11, 21, 12, tzinfo=UTC)) -> None:
        self.current = now

    def now(self) -> datetime:
        return self.current


class MemorySites:
    def __init__(self, data: dict[int, Site]) -> None:
        self.data = data

    def get(self, site_id: int) -> Site | None:
        return self.data.get(site_id)

    def by_domain(self, domain: str) -> Site | None:
        return next((s for s in self.data.values() if s.domain == domain), None)

    def default(self) -> Site | None:
        ordered = sorted(self.data.values(), key=lambda s: (not s.is_default, s.id))
        return ordered[0] if ordered else None

    def all(self) -> list[Site]:
        return sorted(self.data.values(), key=lambda s: s.id)

    def add(self, site: Site) -> Site:
        site = attrs.evolve(site, id=site.id or len(self.data) + 1)
        self.data[site.id] = site
        return site

    def update(self, site: Site) -> None:
        self.data[site.id] = site

    def remove(self, site_id: int) -> None:
        del self.data[site_id]


class MemoryCompanies:
    def __init__(self, data: dict[int, Company]) -> None:
        self.data = data

    def get(self, company_id: int) -> Company | None:
        return self.data.get(company_id)

    def by_name(self, name: str) -> Company | None:
        return next((c for c in self.data.values() if c.name.lower() == name.lower()), None)

    def all(self) -> list[Company]:
        return list(self.data.values())

    def add(self, company: Company) -> Company:
        company = attrs.evolve(company, id=company.id or len(self.data) + 1)
        self.data[company.id] = company
        return company

    def update(self, company: Company) -> None:
        self.data[company.id] = company


class MemoryAudit:
    def __init__(self, data: list[dict[str, Any]]) -> None:
        self.data = data

    def record(self, at: datetime, actor: str, action: str, subject: str,
               details: Details) -> None:
        self.data.append({"at": at, "actor": actor, "action": action, "subject": subject,
                          "details": details})


class MemoryMembers:
    def __init__(self, data: dict[int, Member]) -> None:
        self.data = data

    def count(self, site_id: int | None = None) -> int:
        return sum(1 for m in self.data.values() if site_id in (None, m.site_id))

    def add(self, member: Member) -> Member:
        member = attrs.evolve(member, id=max(self.data, default=0) + 1)
        self.data[member.id] = member
        return member

    def get(self, member_id: int) -> Member | None:
        return self.data.get(member_id)

    def by_email(self, site_id: int, email: str) -> Member | None:
        return next((m for m in self.data.values()
                     if m.site_id == site_id and m.email.lower() == email.lower()), None)

    def save(self, before: Member, after: Member) -> None:
        """Like the SQL adapter: only what changed, and a status change only from the
        status read."""
        current = self.data[after.id]
        if after.status is not before.status and current.status is not before.status:
            raise MemberChanged()
        self.data[after.id] = attrs.evolve(current, **_changes(before, after), profile=attrs.evolve(
            current.profile, **_changes(before.profile, after.profile)))

    def lock(self, member_id: int) -> None:
        """One thread runs a use case at a time here; nothing to serialise."""

    def search(self, site_id: int | None, text: str | None, status: str | None,
               limit: int, offset: int) -> list[Member]:
        found = [m for m in self.data.values() if site_id in (None, m.site_id)
                 and (not status or m.status.value == status)
                 and (not text or text.lower() in (m.email + m.profile.name).lower())]
        return found[offset:offset + limit]

    def deleted_before(self, moment: datetime) -> list[Member]:
        return [m for m in self.data.values() if m.deleted_at and m.deleted_at < moment
                and not m.email.startswith("erased-")]

    def erase(self, member_id: int, now: datetime) -> None:
        member = self.data[member_id]
        self.data[member_id] = attrs.evolve(member, email=f"erased-{member_id}@invalid",
                                            password_hash=None)


class MemoryPhotos:
    def __init__(self, data: list[Photo], times: dict[int, datetime]) -> None:
        self.data, self.times = data, times

    def add(self, member_id: int, filename: str, thumb_filename: str, is_main: bool,
            status: str, created_at: datetime) -> int:
        number = max((p.id for p in self.data), default=0) + 1
        self.data.append(Photo(number, member_id, filename, thumb_filename,
                               PhotoStatus(status), is_main))
        self.times[number] = created_at
        return number

    def get(self, photo_id: int) -> Photo | None:
        return next((p for p in self.data if p.id == photo_id), None)

    def by_file(self, name: str) -> Photo | None:
        return next((p for p in self.data if name in (p.filename, p.thumb_filename)), None)

    def delete(self, photo_id: int) -> None:
        self.data[:] = [p for p in self.data if p.id != photo_id]

    def set_main(self, member_id: int, photo_id: int) -> None:
        self.data[:] = [attrs.evolve(p, is_main=p.id == photo_id)
                        if p.member_id == member_id else p for p in self.data]

    def set_status(self, photo_id: int, status: str) -> None:
        self.data[:] = [attrs.evolve(p, status=PhotoStatus(status)) if p.id == photo_id else p
                        for p in self.data]

    def of_member(self, member_id: int) -> list[Photo]:
        mine = [p for p in self.data if p.member_id == member_id]
        return sorted(mine, key=lambda p: (not p.is_main, p.id))

    def main_of(self, member_id: int) -> MainPhoto | None:
        return next((MainPhoto(p.filename, p.thumb_filename, p.status)
                     for p in self.data if p.member_id == member_id and p.is_main), None)

    def files_of(self, member_id: int) -> list[str]:
        return [name for p in self.data if p.member_id == member_id
                for name in (p.filename, p.thumb_filename)]


class MemorySessions:
    def __init__(self, data: dict[str, dict[str, Any]], members: MemoryMembers,
                 photos: MemoryPhotos, notifications: MemoryNotifications,
                 ledger: MemoryLedger) -> None:
        self.data = data
        self.members, self.photos, self.notifications = members, photos, notifications
        self.ledger = ledger

    def add(self, member_id: int, token_hash: str, created_at: datetime, expires_at: datetime,
            ip: str | None, user_agent: str | None) -> None:
        self.data[token_hash] = {"member_id": member_id, "created_at": created_at,
                                 "expires_at": expires_at, "revoked_at": None}

    def find(self, token_hash: str) -> SessionRecord | None:
        row = self.data.get(token_hash)
        if not row:
            return None
        return SessionRecord(row["member_id"], row["created_at"], row["expires_at"],
                             row["revoked_at"])

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

    def revoke(self, token_hash: str, now: datetime) -> None:
        if token_hash in self.data:
            self.data[token_hash]["revoked_at"] = now

    def revoke_all(self, member_id: int, now: datetime, keep: str | None = None) -> None:
        for token_hash, row in self.data.items():
            if row["member_id"] == member_id and token_hash != keep and not row["revoked_at"]:
                row["revoked_at"] = now


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


class MemoryUnitOfWork:
    """Works on a copy of the store; commit publishes it, like a transaction (and a unit
    of work left without commit changes nothing)."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def __enter__(self) -> MemoryUnitOfWork:
        work = self._work = snapshot(self.store)
        self.sites = MemorySites(work.sites)
        self.companies = MemoryCompanies(work.companies)
        self.audit = MemoryAudit(work.audit)
        self.members = MemoryMembers(work.members)
        self.photos = MemoryPhotos(work.photos, work.photo_times)
        self.photo_queries = MemoryPhotoQueries(work)
        self.tokens = MemoryTokens(work.tokens, work.token_hashes)
        self.login_failures = MemoryLoginFailures(work.failures)
        self.notifications = MemoryNotifications(work)
        self.notification_queries = MemoryNotificationQueries(work)
        self.ledger = MemoryLedger(work)
        self.sessions = MemorySessions(work.sessions, self.members, self.photos,
                                       self.notifications, self.ledger)
        self.discovery = MemoryDiscovery(work)
        self.likes, self.like_queries = MemoryLikes(work), MemoryLikeQueries(work)
        self.chats, self.chat_queries = MemoryChats(work), MemoryChatQueries(work)
        self.bundles = MemoryBundles(work)
        self.discount_codes = MemoryDiscountCodes(work)
        self.orders = MemoryOrders(work)
        self.member_flags = MemoryMemberFlags(work)
        self.shop_queries = MemoryShopQueries(work)
        self.direct_debit = MemoryDirectDebit(work)
        self.complaints = MemoryComplaints(work)
        self.complaint_queries = MemoryComplaintQueries(work)
        self.jobs = MemoryJobs(work.jobs)
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def commit(self) -> None:
        published = snapshot(self._work)
        for field in attrs.fields(MemoryStore):
            setattr(self.store, field.name, getattr(published, field.name))


class MemoryJobs:
    """The unit of work's outbox: jobs land in the store only when it commits."""

    def __init__(self, data: list[tuple[str, tuple[Any, ...]]]) -> None:
        self.data = data

    def add(self, name: str, *args: Any) -> None:
        self.data.append((name, args))


class RecordingTasks:
    """The task-queue port that remembers what was enqueued (jobs run by the test)."""

    def __init__(self) -> None:
        self.jobs: list[tuple[str, tuple[Any, ...]]] = []

    def enqueue(self, name: str, *args: Any) -> None:
        self.jobs.append((name, args))


class MemoryFiles:
    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}

    def put(self, name: str, data: bytes, content_type: str) -> None:
        self.data[name] = data

    def get(self, name: str) -> bytes | None:
        return self.data.get(name)

    def delete(self, name: str) -> None:
        self.data.pop(name, None)

    def size(self, name: str) -> int | None:
        return len(self.data[name]) if name in self.data else None

    def names(self) -> list[str]:
        return sorted(self.data)

    def url_for(self, name: str, public: bool) -> str | None:
        return None

    def ready(self) -> bool:
        return True


class PlainPasswords:
    """A fast, reversible-free stand-in hasher for use-case tests (argon2 is tested apart)."""

    def hash(self, password: str) -> str:
        return "plain$" + password[::-1]

    def verify(self, password_hash: str, password: str) -> bool:
        return password_hash == self.hash(password)


class CountingSecrets:
    def __init__(self) -> None:
        self.issued = 0

    def token(self) -> str:
        self.issued += 1
        return f"token-{self.issued}"

    def code(self, length: int) -> str:
        return "1" * length

    def digest(self, token: str) -> str:
        return "sha:" + token


def _changes(before: Any, after: Any) -> dict[str, Any]:
    return {field.name: getattr(after, field.name) for field in attrs.fields(type(after))
            if field.name != "profile"
            and getattr(before, field.name) != getattr(after, field.name)}
