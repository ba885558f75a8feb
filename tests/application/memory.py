"""In-memory adapters of the ports, for use-case tests without infrastructure."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs

from application.ports.audit import Details
from application.ports.jobs import Job
from application.ports.members import MemberChanged
from application.ports.photos import MainPhoto, Photo
from domain.blocklists import PhotoHash
from domain.members import AccountStatus, Member
from domain.photos import PhotoStatus
from domain.sites import Company, Site
from tests.application.memory_accounts import (
    MemoryLastSeen,
    MemoryLoginFailures,
    MemorySessions,
    MemoryTokens,
)
from tests.application.memory_chat import MemoryChatQueries, MemoryChats
from tests.application.memory_decisions import MemoryDecisions
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
from tests.application.memory_passkeys import MemoryPasskeys
from tests.application.memory_receipts import MemoryReceipts
from tests.application.memory_reports import (
    MemoryAuditQueries,
    MemoryFigures,
    MemoryLanders,
    MemoryPersonalData,
    MemoryTransparency,
)
from tests.application.memory_safety import MemoryAppeals, MemoryBlocklists
from tests.application.memory_services import (
    CountingSecrets,
    FixedClock,
    MemoryFiles,
    PlainPasswords,
    RecordingTasks,
)
from tests.application.memory_social import (
    MemoryDiscovery,
    MemoryLikeQueries,
    MemoryLikes,
)
from tests.application.memory_store import Duplicate, MemoryStore, snapshot
from tests.application.memory_trust import MemoryTrust
from tests.application.memory_two_factor import MemoryTwoFactor
from tests.application.memory_withdrawals import MemoryWithdrawals

# What the tests import from here, wherever it lives.
__all__ = ["CountingSecrets", "FixedClock", "MemoryFiles", "MemoryStore", "PlainPasswords",
           "RecordingTasks"]


class MemorySites:
    def __init__(self, data: dict[int, Site], aliases: dict[str, int] | None = None,
                 members: dict[int, Member] | None = None) -> None:
        self.data = data
        self.former = {} if aliases is None else aliases
        self.members = {} if members is None else members

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
        for domain in [d for d, owner in self.former.items() if owner == site_id]:
            del self.former[domain]

    def aliases(self) -> dict[str, int]:
        return dict(self.former)

    def alias(self, domain: str) -> int | None:
        return self.former.get(domain)

    def add_alias(self, domain: str, site_id: int, at: datetime) -> None:
        if domain in self.former:
            raise Duplicate(domain)
        self.former[domain] = site_id

    def remove_alias(self, domain: str) -> None:
        self.former.pop(domain, None)

    def _to_tell(self, site_id: int) -> list[int]:
        return sorted(m.id for m in self.members.values()
                      if m.site_id == site_id and not m.is_fictional and m.deleted_at is None
                      and m.status in (AccountStatus.ACTIVE, AccountStatus.BANNED))

    def members_to_tell(self, site_id: int, after: int, limit: int) -> list[int]:
        return [member_id for member_id in self._to_tell(site_id) if member_id > after][:limit]

    def count_to_tell(self, site_id: int) -> int:
        return len(self._to_tell(site_id))


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

    def text_flagged(self, limit: int) -> list[Member]:
        found = [m for m in self.data.values() if m.profile.text_flags and m.can_log_in]
        return sorted(found, key=lambda m: -m.id)[:limit]

    def deleted_before(self, moment: datetime) -> list[Member]:
        return [m for m in self.data.values() if m.deleted_at and m.deleted_at < moment
                and not m.email.startswith("erased-")]

    def erase(self, member_id: int, now: datetime) -> None:
        member = self.data[member_id]
        self.data[member_id] = attrs.evolve(member, email=f"erased-{member_id}@invalid",
                                            password_hash=None)


class MemoryPhotos:
    def __init__(self, data: list[Photo], times: dict[int, datetime],
                 hashes: dict[int, PhotoHash]) -> None:
        self.data, self.times, self.hashes = data, times, hashes

    def add(self, member_id: int, filename: str, thumb_filename: str, is_main: bool,
            status: str, created_at: datetime, phash: PhotoHash | None = None) -> int:
        number = max((p.id for p in self.data), default=0) + 1
        self.data.append(Photo(number, member_id, filename, thumb_filename,
                               PhotoStatus(status), is_main))
        self.times[number] = created_at
        if phash is not None:
            self.hashes[number] = phash
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


class MemoryUnitOfWork:
    """Works on a copy of the store; commit publishes it, like a transaction (and a unit
    of work left without commit changes nothing)."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def __enter__(self) -> MemoryUnitOfWork:
        work = self._work = snapshot(self.store)
        self.sites = MemorySites(work.sites, work.site_aliases, work.members)
        self.companies = MemoryCompanies(work.companies)
        self.audit = MemoryAudit(work.audit)
        self.members = MemoryMembers(work.members)
        self.photos = MemoryPhotos(work.photos, work.photo_times, work.photo_hashes)
        self.photo_queries = MemoryPhotoQueries(work)
        self.tokens = MemoryTokens(work.tokens, work.token_hashes)
        self.login_failures = MemoryLoginFailures(work.failures)
        self.two_factor = MemoryTwoFactor(work)
        self.passkeys = MemoryPasskeys(work)
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
        self.receipts = MemoryReceipts(work)
        self.member_flags = MemoryMemberFlags(work)
        self.shop_queries = MemoryShopQueries(work)
        self.direct_debit = MemoryDirectDebit(work)
        self.complaints = MemoryComplaints(work)
        self.complaint_queries = MemoryComplaintQueries(work)
        self.decisions = MemoryDecisions(work)
        self.trust = MemoryTrust(work)
        self.withdrawals = MemoryWithdrawals(work)
        self.last_seen = MemoryLastSeen(work)
        self.jobs = MemoryJobs(work.jobs)
        self.appeals, self.blocklists = MemoryAppeals(work), MemoryBlocklists(work)
        self.landers, self.figures = MemoryLanders(work), MemoryFigures(work)
        self.transparency, self.audit_queries = MemoryTransparency(work), MemoryAuditQueries(work)
        self.personal_data = MemoryPersonalData(work)
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def commit(self) -> None:
        published = snapshot(self._work)
        for field in attrs.fields(MemoryStore):
            setattr(self.store, field.name, getattr(published, field.name))


class MemoryJobs:
    """The unit of work's outbox: jobs land in the store only when it commits."""

    def __init__(self, data: list[Job]) -> None:
        self.data = data

    def add(self, job: Job) -> None:
        self.data.append(job)


def _changes(before: Any, after: Any) -> dict[str, Any]:
    return {field.name: getattr(after, field.name) for field in attrs.fields(type(after))
            if field.name != "profile"
            and getattr(before, field.name) != getattr(after, field.name)}
