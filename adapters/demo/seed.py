"""The operator's demo seed (`amora demo seed`): the demo catalogue of companies and
sites, then the planned crowd of members (adapters.demo.crowd) with painted portraits.

The same seed and reference date give the same rows and the same image bytes, but for
the photos' file names: random like an upload's, so nobody finds a demo photo by counting.
The only time read is the injected clock's (for the default reference date and the audit
entry).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Protocol

import attrs

from adapters.demo.catalogue import COMPANIES, DEMO_BUNDLES, SITES
from adapters.demo.crowd import MAIN, DemoPeople, Planned, plan_members
from adapters.security.secrets import TokenSecrets
from application.photos import new_photo_files
from application.ports.clock import Clock
from application.ports.photos import FileStore
from application.ports.security import PasswordHasher, Secrets
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from application.shared.listings import relist
from domain.sites import Site

BATCH = 100


@attrs.frozen
class Portrait:
    """A JPEG image and its square JPEG thumbnail."""

    image: bytes
    thumbnail: bytes


class PortraitPainter(Protocol):
    """A portrait of one person: ``seed`` fixes who it is, ``variant`` the scene."""

    def paint(self, seed: int, gender: str, age: int, hair_colour: str,
              variant: int = 0) -> Portrait: ...


@attrs.frozen
class DemoSummary:
    companies: int  # catalogue rows created by this run
    sites: int
    members_created: int
    photos_created: int


@attrs.frozen
class DemoSeeder:
    uow: UnitOfWorkFactory
    files: FileStore
    people: DemoPeople
    painter: PortraitPainter
    passwords: PasswordHasher
    clock: Clock
    secrets: Secrets = attrs.field(factory=TokenSecrets)  # the photos' file names

    def seed(self, members: int = 500, seed: int = 2026,
             reference: date | None = None, actor: str = "amora demo seed") -> DemoSummary:
        reference = reference or self.clock.now().date()
        companies, sites, by_domain = self._catalogue()
        with self.uow() as uow:
            empty = {site.domain for site in by_domain.values() if not uow.members.count(site.id)}
        plan = [planned for planned in plan_members(self.people, members, seed, reference,
                                                    by_domain)
                if planned.site_domain in empty]
        members_created = photos_created = 0
        for start in range(0, len(plan), BATCH):
            batch = plan[start:start + BATCH]
            # paint outside the transaction, so the database is locked only for the writes
            portraits = [[self.painter.paint(p.portrait_seed, p.member.profile.gender, p.age,
                                             p.member.profile.hair_colour or "brown",
                                             photo.variant) for photo in p.photos]
                         for p in batch]
            with self.uow() as uow:
                for planned, painted in zip(batch, portraits, strict=True):
                    photos_created += self._store(uow, planned, painted)
                members_created += len(batch)
                uow.commit()
        if companies or sites or members_created:
            with self.uow() as uow:
                uow.audit.record(self.clock.now(), actor, "demo.seed", MAIN, {
                    "seed": seed, "reference": reference.isoformat(), "companies": companies,
                    "sites": sites, "members": members_created, "photos": photos_created,
                })
                uow.commit()
        return DemoSummary(companies=companies, sites=sites, members_created=members_created,
                           photos_created=photos_created)

    def _catalogue(self) -> tuple[int, int, dict[str, Site]]:
        """Add the catalogue's companies and sites that are missing; keep what exists."""
        created_companies = created_sites = 0
        with self.uow() as uow:
            existing = {company.name: company.id for company in uow.companies.all()}
            company_ids: dict[int, int] = {}
            for company in COMPANIES:
                if company.name not in existing:
                    existing[company.name] = uow.companies.add(attrs.evolve(company, id=0)).id
                    created_companies += 1
                company_ids[company.id] = existing[company.name]
            by_domain: dict[str, Site] = {}
            for site in SITES:
                found = uow.sites.by_domain(site.domain)
                if found is None:
                    if site.is_default and uow.sites.default() is not None:
                        site = attrs.evolve(site, is_default=False)
                    found = uow.sites.add(
                        attrs.evolve(site, company_id=company_ids[site.company_id]))
                    created_sites += 1
                    for currency, bundles in DEMO_BUNDLES.items():
                        uow.bundles.replace(found.id, currency, bundles)
                by_domain[site.domain] = found
            uow.commit()
        return created_companies, created_sites, by_domain

    def _store(self, uow: UnitOfWork, planned: Planned, painted: Sequence[Portrait]) -> int:
        member = planned.member
        if planned.password is not None:
            member = attrs.evolve(member, password_hash=self.passwords.hash(planned.password))
        member = uow.members.add(member)
        for photo, portrait in zip(planned.photos, painted, strict=True):
            name, thumb = new_photo_files(member.id, self.secrets)
            self.files.put(name, portrait.image, "image/jpeg")
            self.files.put(thumb, portrait.thumbnail, "image/jpeg")
            uow.photos.add(member.id, name, thumb, photo.is_main, photo.status, photo.created_at)
        relist(uow, member.id)
        return len(planned.photos)
