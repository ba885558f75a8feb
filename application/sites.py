"""Use cases around sites: which site a request is for, what it tells the client,
and what operators may change."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import attrs

from application.form_limits import form_limits
from application.ports.clock import Clock
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
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
    entry_popup_enabled,
    entry_popup_everywhere,
    is_domain,
    normalise_domain,
    selected_country,
    terms_version,
)


def resolve_site(uow: UnitOfWork, host: str | None) -> Site:
    """The site for a host; an unknown or missing host falls back to the default site."""
    try:
        return _by_domain(uow, host or "")
    except NotFound:
        site = uow.sites.default()
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

    def _sites(self) -> tuple[Site, ...]:
        now = self.clock.now()
        read = self._read
        if read is None or not read[0] <= now < read[0] + SITES_FRESH_FOR:
            with self.uow() as uow:
                read = (now, tuple(uow.sites.all()))
            self._read = read  # one assignment: concurrent requests see old or new
        return read[1]

    def forget(self) -> None:
        self._read = None

    def get(self, site_id: int) -> Site | None:
        return next((site for site in self._sites() if site.id == site_id), None)

    def resolve(self, host: str | None) -> Site:
        """resolve_site, from memory."""
        sites = self._sites()
        name = normalise_domain(host or "")
        found = next((site for site in sites if site.domain == name), None)
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
class SiteAdministration:
    """Operators' use cases (``amora sites``); every change is audit-logged."""

    uow: UnitOfWorkFactory
    clock: Clock
    sites: SiteDirectory | None = None

    def list(self) -> Sequence[Site]:
        with self.uow() as uow:
            return uow.sites.all()

    def show(self, domain: str) -> Site:
        with self.uow() as uow:
            return _by_domain(uow, domain)

    def set(self, domain: str, key: str, value: str, actor: str) -> Site:
        with self.uow() as uow:
            site = _by_domain(uow, domain)
            changed = change_setting(site, key, value)
            self._check_references(uow, site, changed)
            uow.sites.update(changed)
            uow.audit.record(self.clock.now(), actor, "sites.set", site.domain,
                             {"key": key, "value": value})
            uow.commit()
        if self.sites is not None:
            self.sites.forget()
        return changed

    @staticmethod
    def _check_references(uow: UnitOfWork, before: Site, after: Site) -> None:
        if uow.companies.get(after.company_id) is None:
            raise DomainError("invalid_setting", field="company_id", value=after.company_id)
        if after.domain != before.domain and uow.sites.by_domain(after.domain):
            raise DomainError("domain_taken", domain=after.domain)
