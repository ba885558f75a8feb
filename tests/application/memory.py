"""In-memory adapters of the ports, for use-case tests without infrastructure."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import attrs

from domain.members import Member
from domain.sites import Company, Site


class FixedClock:
    def __init__(self, now: datetime = datetime(2026, 11, 21, 12, tzinfo=UTC)) -> None:
        self.current = now

    def now(self) -> datetime:
        return self.current


@attrs.define
class MemoryStore:
    sites: dict[int, Site] = attrs.Factory(dict)
    companies: dict[int, Company] = attrs.Factory(dict)
    members: dict[int, Member] = attrs.Factory(dict)
    photos: list[dict[str, Any]] = attrs.Factory(list)
    audit: list[dict[str, Any]] = attrs.Factory(list)


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


class MemoryCompanies:
    def __init__(self, data: dict[int, Company]) -> None:
        self.data = data

    def get(self, company_id: int) -> Company | None:
        return self.data.get(company_id)

    def all(self) -> list[Company]:
        return list(self.data.values())

    def add(self, company: Company) -> Company:
        company = attrs.evolve(company, id=company.id or len(self.data) + 1)
        self.data[company.id] = company
        return company


class MemoryAudit:
    def __init__(self, data: list[dict[str, Any]]) -> None:
        self.data = data

    def record(self, at: datetime, actor: str, action: str, subject: str,
               details: dict[str, Any]) -> None:
        self.data.append({"at": at, "actor": actor, "action": action, "subject": subject,
                          "details": details})


class MemoryUnitOfWork:
    """Works on copies; commit publishes them to the shared store, like a transaction."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def __enter__(self) -> MemoryUnitOfWork:
        self._sites = dict(self.store.sites)
        self._companies = dict(self.store.companies)
        self._audit = list(self.store.audit)
        self.sites = MemorySites(self._sites)
        self.companies = MemoryCompanies(self._companies)
        self.audit = MemoryAudit(self._audit)
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def commit(self) -> None:
        self.store.sites = dict(self._sites)
        self.store.companies = dict(self._companies)
        self.store.audit = list(self._audit)
