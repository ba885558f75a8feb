"""What operators may change about sites (``amora sites``): settings, a new domain,
closing and reopening."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.clock import Clock
from application.ports.email_addresses import EmailAddresses
from application.ports.jobs import AccountMail, SiteClosedMails
from application.ports.sites import SiteChecks
from application.ports.transaction import UnitFactory
from application.ports.units import SitesUnit
from application.shared.site_directory import SiteDirectory
from application.shared.site_lookup import CLOSED_MAIL, domain_of, named_site
from domain.errors import DomainError
from domain.site_settings import change_setting
from domain.sites import Site, closed_site, renamed_site, reopened_site


@attrs.frozen
class _Standards:
    """domain.site_settings.Standards from the application's ports."""

    checks: SiteChecks
    addresses: EmailAddresses | None

    def country(self, code: str) -> str | None:
        return self.checks.country(code)

    def currency(self, code: str) -> str | None:
        return self.checks.currency(code)

    def phone(self, number: str, country: str) -> str | None:
        return self.checks.phone(number, country)

    def email(self, address: str) -> bool:
        return self.addresses is None or self.addresses.accepts(address)


# The job that queues the closed site's mail (CLOSED_MAIL) for its members a batch at a
# time (each batch queues the next).
MAIL_BATCH = 500


@attrs.frozen
class SiteAdministration:
    """Operators' use cases (``amora sites``); every change is audit-logged."""

    uow: UnitFactory[SitesUnit]
    clock: Clock
    sites: SiteDirectory | None = None
    # The standards settings are held to (None: their shape only, as in-memory tests).
    checks: SiteChecks | None = None
    addresses: EmailAddresses | None = None

    def list(self) -> Sequence[Site]:
        with self.uow() as uow:
            return uow.sites.all()

    def show(self, domain: str) -> Site:
        with self.uow() as uow:
            return named_site(uow, domain)

    def members_to_tell(self, site: Site) -> int:
        """How many members a closure of the site would mail."""
        with self.uow() as uow:
            return uow.sites.count_to_tell(site.id)

    def former_domains(self, site: Site) -> tuple[str, ...]:
        """The domains the site had before, each redirecting to it."""
        with self.uow() as uow:
            return tuple(sorted(name for name, site_id in uow.sites.aliases().items()
                                if site_id == site.id))

    def set(self, domain: str, key: str, value: str, actor: str) -> Site:
        if key.strip() == "domain":  # the old domain keeps redirecting, as with rename
            return self.rename(domain, value, actor)
        standards = _Standards(self.checks, self.addresses) if self.checks else None
        with self.uow() as uow:
            site = named_site(uow, domain)
            changed = change_setting(site, key, value, standards)
            self._check_references(uow, site, changed)
            uow.sites.update(changed)
            uow.audit.record(self.clock.now(), actor, "sites.set", site.domain,
                             {"key": key, "value": value})
            uow.commit()
        self._forget()
        return changed

    def rename(self, domain: str, new_domain: str, actor: str) -> Site:
        """The site under its new domain; the old one stays its own as a former domain
        (redirected), so no other site can take it. Renaming back to a former domain
        takes it back."""
        now = self.clock.now()
        with self.uow() as uow:
            site = named_site(uow, domain)
            renamed = renamed_site(site, new_domain)
            if uow.sites.by_domain(renamed.domain) is not None:
                raise DomainError("domain_taken", domain=renamed.domain)
            owner = uow.sites.alias(renamed.domain)
            if owner is not None and owner != site.id:
                raise DomainError("domain_redirects", domain=renamed.domain,
                                  site=domain_of(uow, owner))
            if owner is not None:
                uow.sites.remove_alias(renamed.domain)
            uow.sites.update(renamed)
            uow.sites.add_alias(site.domain, site.id, now)
            uow.audit.record(now, actor, "sites.rename", renamed.domain,
                             {"from": site.domain, "to": renamed.domain})
            uow.commit()
        self._forget()
        return renamed

    def close(self, domain: str, reason: str, actor: str) -> tuple[Site, int]:
        """Close the site: sign-ups and purchases stop at once, and each member is mailed
        in their language (queued with the closure). Answers the site and how many members
        will be told."""
        now = self.clock.now()
        with self.uow() as uow:
            site = named_site(uow, domain)
            closed = closed_site(site, reason, now)
            uow.sites.update(closed)
            told = uow.sites.count_to_tell(site.id)
            uow.jobs.add(SiteClosedMails(site.id, 0))
            uow.audit.record(now, actor, "sites.close", site.domain,
                             {"reason": closed.closed_reason})
            uow.commit()
        self._forget()
        return closed, told

    def reopen(self, domain: str, actor: str) -> Site:
        """Sign-ups and purchases again; closure mails not yet sent are not sent."""
        with self.uow() as uow:
            site = named_site(uow, domain)
            opened = reopened_site(site)
            uow.sites.update(opened)
            uow.audit.record(self.clock.now(), actor, "sites.reopen", site.domain,
                             {"closed_at": site.closed_at.isoformat() if site.closed_at
                              else None, "reason": site.closed_reason})
            uow.commit()
        self._forget()
        return opened

    def tell_members(self, site_id: int, after: int) -> int:
        """The closure mail for the next batch of members (after member id ``after``),
        queued with the job for the batch after it, in one transaction: a batch run twice
        (a worker lost after its commit) mails at most that batch twice. Stops when the
        site is open again or gone. Answers how many were queued."""
        with self.uow() as uow:
            site = uow.sites.get(site_id)
            if site is None or not site.closed:
                return 0
            members = list(uow.sites.members_to_tell(site_id, after, MAIL_BATCH))
            for member_id in members:
                uow.jobs.add(AccountMail(CLOSED_MAIL, member_id))
            if len(members) == MAIL_BATCH:
                uow.jobs.add(SiteClosedMails(site_id, members[-1]))
            uow.commit()
        return len(members)

    def _forget(self) -> None:
        if self.sites is not None:  # this process at once; the others within a second
            self.sites.forget()

    @staticmethod
    def _check_references(uow: SitesUnit, before: Site, after: Site) -> None:
        if uow.companies.get(after.company_id) is None:
            raise DomainError("invalid_setting", field="company_id", value=after.company_id)
        if after.domain != before.domain and uow.sites.by_domain(after.domain):
            raise DomainError("domain_taken", domain=after.domain)
