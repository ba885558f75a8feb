"""Use cases around sites: which site a request is for, what it tells the client,
and what operators may change."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

import attrs

from application.ports.clock import Clock
from application.ports.email_addresses import EmailAddresses
from application.ports.sites import SiteChecks
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from application.shared.form_limits import form_limits
from domain.chat import FREE_CONVERSATIONS
from domain.discovery import MAX_AGE
from domain.errors import DomainError, NotFound
from domain.locales import pick_text
from domain.photos import FREE_PHOTOS, PREMIUM_PHOTOS
from domain.site_settings import change_setting
from domain.sites import (
    Company,
    MessageCost,
    Site,
    closed_site,
    entry_popup_enabled,
    entry_popup_everywhere,
    is_domain,
    normalise_domain,
    renamed_site,
    reopened_site,
    selected_country,
    terms_version,
)


def resolve_site(uow: UnitOfWork, host: str | None) -> Site:
    """The site for a host, a renamed site's former domain included (the web redirects
    those first: adapters/http/site_views.py); an unknown or missing host falls back to
    the default site."""
    try:
        return _by_domain(uow, host or "")
    except NotFound:
        name = normalise_domain(host or "")
        moved = uow.sites.alias(name) if could_be_former(name) else None
        site = (uow.sites.get(moved) if moved is not None else None) or uow.sites.default()
    if site is None:
        raise NotFound("site")
    return site


def named_site(uow: UnitOfWork, domain: str) -> Site:
    """The site an operator names: exactly that domain, never the default site instead
    (`amora bundles set typo.test ...` must not change the default site)."""
    return _by_domain(uow, domain)


def _by_domain(uow: UnitOfWork, domain: str) -> Site:
    name = normalise_domain(domain)
    site = uow.sites.by_domain(name) if is_domain(name) else None
    if site is None:
        raise NotFound("site", domain=domain)
    return site


_IPV4 = re.compile(r"[0-9.]+")


def could_be_former(name: str) -> bool:
    """Whether a (normalised) host could be a renamed site's former domain: localhost
    and IP addresses never are (renamed_site takes only names with a dot)."""
    return "." in name and is_domain(name) and not _IPV4.fullmatch(name)

# How old the sites a process serves from memory may be: an operator's change
# (`amora sites set`, in any process) reaches every process within this time.
SITES_FRESH_FOR = timedelta(seconds=1)


@attrs.define
class SiteDirectory:
    """The sites as this process last read them, re-read when older than
    SITES_FRESH_FOR (one query a second at most instead of one per request); a change made
    in this process is seen at once. Only reads that may be a second old use it: use cases
    that change things read the site in their own transaction."""

    uow: UnitOfWorkFactory
    clock: Clock
    _read: tuple[datetime, tuple[Site, ...]] | None = None
    # Renamed sites' former domains (issue 32.5) with their site's id, read apart from the
    # sites and only for a host that could be one: requests to a site's own domain, to
    # localhost or to an IP address never wait for them.
    _former: tuple[datetime, Mapping[str, int]] | None = None

    def _sites(self) -> tuple[Site, ...]:
        now = self.clock.now()
        read = self._read
        if read is None or not read[0] <= now < read[0] + SITES_FRESH_FOR:
            with self.uow() as uow:
                read = (now, tuple(uow.sites.all()))
            self._read = read  # one assignment: concurrent requests see old or new
        return read[1]

    def _aliases(self) -> Mapping[str, int]:
        now = self.clock.now()
        read = self._former
        if read is None or not read[0] <= now < read[0] + SITES_FRESH_FOR:
            with self.uow() as uow:
                read = (now, dict(uow.sites.aliases()))
            self._former = read
        return read[1]

    def forget(self) -> None:
        self._read = None
        self._former = None

    def get(self, site_id: int) -> Site | None:
        return next((site for site in self._sites() if site.id == site_id), None)

    def moved(self, host: str | None) -> Site | None:
        """The site a former domain now belongs to (None for any other host): requests
        to it are redirected to the site's domain."""
        name = normalise_domain(host or "")
        if not could_be_former(name):
            return None
        sites = self._sites()
        if any(site.domain == name for site in sites):
            return None
        site_id = self._aliases().get(name)
        return next((site for site in sites if site.id == site_id), None)

    def resolve(self, host: str | None) -> Site:
        """resolve_site, from memory."""
        sites = self._sites()
        name = normalise_domain(host or "")
        found = next((site for site in sites if site.domain == name), None) or self.moved(name)
        if found is None or not is_domain(name):
            found = min(sites, key=lambda site: (not site.is_default, site.id), default=None)
        if found is None:
            raise NotFound("site")
        return found


@attrs.frozen(kw_only=True)
class SiteSettings:
    """What the client reads about the site it is on (GET /api/settings): texts in the
    visitor's language, the rules it explains but must not copy, its branding."""

    id: int
    name: str
    index_title: str
    description: str
    domain: str
    domain_language: str | None
    locales: list[str]
    countries: list[str]
    cdn_prefix: str
    geoip_country: str | None
    geoip_selected_country: str | None
    niche: int
    niche_slug: str
    # Who the signup starts as and seeks on this site (domain.sites.Niche), or None.
    signup_gender: str | None
    signup_seeking: str | None
    signups: str
    logged_out_search: str
    logged_out_search_trafficsource: str
    push_public_key: str
    support_phone: str
    support_email: str
    minimum_message_costs: dict[str, MessageCost]
    enable_site_entry_popup: str  # "yes" or "no"
    entry_popup_countries: list[str]
    entry_popup_all_layouts: bool
    fictional_icon: str
    fictional_warning: str
    fictional_singular: str
    fictional_plural: str
    visible_profile_fields: list[str]
    visible_profile_notes: dict[str, str]
    message_credits: int
    signup_credits: int
    photo_credits: int
    gift_credits: int
    message_length: int
    search_fields: list[str]
    refund_days: int
    member_resell: bool
    company_id: int
    mail_name: str
    min_age: int
    # The rules the client explains but must not copy (free members' limits, ages).
    max_age: int
    free_conversations: int
    free_photos: int
    premium_photos: int
    limits: dict[str, int]
    partner_url: str
    partner_countdown: int
    # Closed by its operators (issue 32.5): no sign-ups or purchases; members keep
    # logging in, their data and their rights.
    closed: bool


@attrs.frozen(kw_only=True)
class CompanyInfo:
    """The company behind the site, for the imprint and the terms."""

    id: int
    name: str
    address: str
    postcode: str
    city: str
    country: str
    kvk: str
    tradenames: list[str]
    vat_numbers: list[str]
    support_phone: str
    delete_discount: int
    added: datetime
    terms_version: datetime


def _settings(site: Site, language: str | None, geoip_country: str | None,
              push_key: str) -> SiteSettings:
    country = selected_country(site, geoip_country)
    return SiteSettings(
        id=site.id,
        name=site.name,
        index_title=site.text("index_title", language),
        description=site.text("description", language),
        domain=site.domain,
        domain_language=site.domain_language,
        locales=list(site.locales),
        countries=list(site.countries),
        cdn_prefix=site.cdn_prefix,
        geoip_country=geoip_country,
        geoip_selected_country=country,
        niche=int(site.niche),
        niche_slug=site.niche.slug_prefix,
        signup_gender=(site.niche.signup_defaults or (None, None))[0],
        signup_seeking=(site.niche.signup_defaults or (None, None))[1],
        signups=site.signups,
        logged_out_search=site.logged_out_search,
        logged_out_search_trafficsource=site.logged_out_search_trafficsource,
        push_public_key=push_key or site.push_public_key,
        support_phone=site.support_phone,
        support_email=site.support_email,
        minimum_message_costs=dict(sorted(site.minimum_message_costs.items())),
        enable_site_entry_popup="yes" if entry_popup_enabled(site, country) else "no",
        entry_popup_countries=list(site.entry_popup_countries),
        entry_popup_all_layouts=entry_popup_everywhere(country),
        fictional_icon=site.fictional_icon,
        fictional_warning=site.text("fictional_warning", language),
        fictional_singular=site.text("fictional_singular", language),
        fictional_plural=site.text("fictional_plural", language),
        visible_profile_fields=list(site.visible_profile_fields),
        visible_profile_notes={field: pick_text(notes, language)
                               for field, notes in sorted(site.visible_profile_notes.items())},
        message_credits=site.minimum_message_cost(country),
        signup_credits=site.signup_credits,
        photo_credits=site.photo_credits,
        gift_credits=site.gift_credits,
        message_length=site.message_length,
        search_fields=list(site.search_fields),
        refund_days=site.refund_days,
        member_resell=site.member_resell,
        company_id=site.company_id,
        mail_name=site.mail_name or site.name,
        min_age=site.min_age,
        max_age=MAX_AGE,
        free_conversations=FREE_CONVERSATIONS,
        free_photos=FREE_PHOTOS,
        premium_photos=PREMIUM_PHOTOS,
        limits=form_limits(),
        partner_url=site.partner_url,
        partner_countdown=site.partner_countdown,
        closed=site.closed,
    )


def _company(company: Company, site: Site, visitor_country: str | None) -> CompanyInfo:
    address = company.address_for(visitor_country)
    return CompanyInfo(
        id=company.id,
        name=company.name,
        address=address.street,
        postcode=address.postcode,
        city=address.city,
        country=address.country,
        kvk=company.kvk,
        tradenames=list(company.tradenames),
        vat_numbers=list(company.vat_numbers),
        support_phone=company.support_phone or site.support_phone,
        delete_discount=company.delete_discount,
        added=company.added,
        terms_version=terms_version(company),
    )


@attrs.frozen
class SiteQueries:
    """What the client may read about the site it is on."""

    uow: UnitOfWorkFactory
    sites: SiteDirectory
    # The deployment's VAPID public key: pushes are signed with its private half.
    push_key: str = ""

    def settings(self, host: str | None, language: str | None,
                 geoip_country: str | None) -> SiteSettings:
        return _settings(self.sites.resolve(host), language, geoip_country, self.push_key)

    def company_info(self, host: str | None, geoip_country: str | None) -> CompanyInfo:
        site = self.sites.resolve(host)
        with self.uow() as uow:
            company = uow.companies.get(site.company_id)
            if company is None:
                raise NotFound("company")
            return _company(company, site, geoip_country)


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


# The mail that tells a closed site's members (application.account_mails), and the job
# that queues it for them a batch at a time (each batch queues the next).
CLOSED_MAIL = "site_closed"
CLOSED_MAILS_JOB = "site_closed_mails"
MAIL_BATCH = 500


@attrs.frozen
class SiteAdministration:
    """Operators' use cases (``amora sites``); every change is audit-logged."""

    uow: UnitOfWorkFactory
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
            return _by_domain(uow, domain)

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
            site = _by_domain(uow, domain)
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
            site = _by_domain(uow, domain)
            renamed = renamed_site(site, new_domain)
            if uow.sites.by_domain(renamed.domain) is not None:
                raise DomainError("domain_taken", domain=renamed.domain)
            owner = uow.sites.alias(renamed.domain)
            if owner is not None and owner != site.id:
                raise DomainError("domain_redirects", domain=renamed.domain,
                                  site=_domain_of(uow, owner))
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
            site = _by_domain(uow, domain)
            closed = closed_site(site, reason, now)
            uow.sites.update(closed)
            told = uow.sites.count_to_tell(site.id)
            uow.jobs.add(CLOSED_MAILS_JOB, site.id, 0)
            uow.audit.record(now, actor, "sites.close", site.domain,
                             {"reason": closed.closed_reason})
            uow.commit()
        self._forget()
        return closed, told

    def reopen(self, domain: str, actor: str) -> Site:
        """Sign-ups and purchases again; closure mails not yet sent are not sent."""
        with self.uow() as uow:
            site = _by_domain(uow, domain)
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
                uow.jobs.add("account_mail", CLOSED_MAIL, member_id)
            if len(members) == MAIL_BATCH:
                uow.jobs.add(CLOSED_MAILS_JOB, site_id, members[-1])
            uow.commit()
        return len(members)

    def _forget(self) -> None:
        if self.sites is not None:  # this process at once; the others within a second
            self.sites.forget()

    @staticmethod
    def _check_references(uow: UnitOfWork, before: Site, after: Site) -> None:
        if uow.companies.get(after.company_id) is None:
            raise DomainError("invalid_setting", field="company_id", value=after.company_id)
        if after.domain != before.domain and uow.sites.by_domain(after.domain):
            raise DomainError("domain_taken", domain=after.domain)


def _domain_of(uow: UnitOfWork, site_id: int) -> str:
    site = uow.sites.get(site_id)
    return site.domain if site else str(site_id)


def domain_free(uow: UnitOfWork, domain: str) -> None:
    """A new site's domain is neither a site's nor a renamed site's former one."""
    if uow.sites.by_domain(domain) is not None:
        raise DomainError("domain_taken", domain=domain)
    owner = uow.sites.alias(domain)
    if owner is not None:
        raise DomainError("domain_redirects", domain=domain, site=_domain_of(uow, owner))
