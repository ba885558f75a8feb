"""Launching and retiring a brand's site from the command line (`amora sites add|remove`,
issue 20). A new site is one transaction: the site with its settings, texts and bundles
per currency, copied from a template site or the standard ones, and its audit line. Every
process serves it within a second (SiteDirectory re-reads the sites that often)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

import attrs

from application.ports.clock import Clock
from application.ports.transaction import UnitFactory
from application.ports.units import SitesUnit
from application.shared.lookups import find_company
from application.shared.site_defaults import STANDARD_BUNDLES, STANDARD_TEXTS
from application.shared.site_directory import SiteDirectory
from application.shared.site_lookup import domain_free, named_site
from domain.errors import DomainError
from domain.locales import LOCALE_CODES
from domain.pricing import Bundle, CodeStatus
from domain.site_settings import TEXT_FIELDS
from domain.sites import Company, Niche, Site, Texts, is_domain, normalise_domain


@attrs.frozen(kw_only=True)
class NewSite:
    domain: str
    company: str  # its name or id
    name: str = ""
    niche: int | None = None
    language: str | None = None
    copy_from: str | None = None  # the template site's domain


def _rebrand(texts: Mapping[str, str], old: str, new: str) -> dict[str, str]:
    """A template's texts with its brand name replaced by the new site's."""
    return {lang: text.replace(old, new) if old else text for lang, text in texts.items()}


@attrs.frozen(kw_only=True)
class SiteTexts:
    """A new site's words in every language: its text fields and the profile fields'
    notes."""

    index_title: Texts
    description: Texts = attrs.field(factory=dict)
    fictional_warning: Texts
    fictional_singular: Texts
    fictional_plural: Texts
    visible_profile_notes: Mapping[str, Texts] = attrs.field(factory=dict)

    def on(self, site: Site) -> Site:
        return attrs.evolve(
            site, index_title=self.index_title, description=self.description,
            fictional_warning=self.fictional_warning,
            fictional_singular=self.fictional_singular, fictional_plural=self.fictional_plural,
            visible_profile_notes=self.visible_profile_notes)


# Every text field a site has is one of a new site's texts.
assert set(TEXT_FIELDS) < set(attrs.fields_dict(SiteTexts)), TEXT_FIELDS


def _from_template(template: Site, name: str) -> SiteTexts:
    def rebranded(texts: Texts) -> dict[str, str]:
        return _rebrand(texts, template.name, name)

    return SiteTexts(
        index_title=rebranded(template.index_title),
        description=rebranded(template.description),
        fictional_warning=rebranded(template.fictional_warning),
        fictional_singular=rebranded(template.fictional_singular),
        fictional_plural=rebranded(template.fictional_plural),
        visible_profile_notes={field: rebranded(notes)
                               for field, notes in template.visible_profile_notes.items()})


def _standard(name: str) -> SiteTexts:
    return SiteTexts(index_title={code: name for code in sorted(LOCALE_CODES)},
                     fictional_warning=dict(STANDARD_TEXTS["fictional_warning"]),
                     fictional_singular=dict(STANDARD_TEXTS["fictional_singular"]),
                     fictional_plural=dict(STANDARD_TEXTS["fictional_plural"]))


def _name_of(domain: str) -> str:
    return domain.split(".")[0].replace("-", " ").title()


def launch(new: NewSite, company: Company, template: Site | None) -> Site:
    """The new site's settings: the template's (its brand name in texts replaced) or the
    standard ones, with the company's support contacts when it has them."""
    domain = normalise_domain(new.domain)
    if not is_domain(domain) or "." not in domain:
        raise DomainError("invalid_setting", field="domain", value=new.domain)
    name = new.name.strip() or _name_of(domain)
    base = template or Site(id=0, domain=domain, name=name, company_id=company.id)
    texts = _from_template(template, name) if template else _standard(name)
    language = (new.language or "").strip().lower() or base.domain_language or None
    if language and language not in base.locales:
        raise DomainError("invalid_setting", field="language", value=language)
    try:
        return texts.on(attrs.evolve(
            base, id=0, domain=domain, name=name, company_id=company.id, is_default=False,
            mail_name="", niche=Niche(new.niche) if new.niche is not None else base.niche,
            closed_at=None, closed_reason="",  # a closed template's closure is its own
            domain_language=language, support_email=company.support_email
            or base.support_email, support_phone=company.support_phone or base.support_phone))
    except ValueError:  # a niche outside 1-7
        raise DomainError("invalid_setting", field="niche", value=new.niche) from None


def _bundles_of(uow: SitesUnit, template: Site | None) -> Mapping[str, list[Bundle]]:
    if template is None:
        return STANDARD_BUNDLES
    by_currency: dict[str, list[Bundle]] = defaultdict(list)
    for bundle in uow.bundles.of_site(template.id):
        by_currency[bundle.currency].append(bundle)
    return by_currency


@attrs.frozen
class SiteLaunch:
    uow: UnitFactory[SitesUnit]
    clock: Clock
    sites: SiteDirectory | None = None

    def add(self, new: NewSite, actor: str) -> tuple[Site, int]:
        """The new site and how many bundles it offers."""
        with self.uow() as uow:
            company = find_company(uow, new.company)
            template = named_site(uow, new.copy_from) if new.copy_from else None
            site = launch(new, company, template)
            domain_free(uow, site.domain)  # nor a renamed site's former domain
            site = uow.sites.add(site)
            offered = 0
            for currency, bundles in _bundles_of(uow, template).items():
                uow.bundles.replace(site.id, currency, bundles)
                offered += len(bundles)
            uow.audit.record(self.clock.now(), actor, "sites.add", site.domain, {
                "company": company.name, "copy_from": template.domain if template else None,
                "bundles": offered, "niche": int(site.niche),
                "language": site.domain_language})
            uow.commit()
        self._forget()
        return site, offered

    def remove(self, domain: str, actor: str) -> Site:
        """Only a site nobody signed up on; its bundles and lander figures go with it, and
        discount codes no longer name it (a code meant only for it is disabled)."""
        with self.uow() as uow:
            site = named_site(uow, domain)
            if site.is_default:
                raise DomainError("site_is_default", domain=site.domain)
            if members := uow.members.count(site.id):
                raise DomainError("site_has_members", domain=site.domain, count=members)
            if complaints := uow.complaint_queries.count_for_site(site.id):
                raise DomainError("site_has_complaints", domain=site.domain, count=complaints)
            codes = [code for code in uow.discount_codes.all() if site.id in code.site_ids]
            for code in codes:
                rest = [site_id for site_id in code.site_ids if site_id != site.id]
                if rest:
                    uow.discount_codes.set_sites(code.code, rest)
                else:
                    uow.discount_codes.set_status(code.code, CodeStatus.DISABLED)
            uow.sites.remove(site.id)
            uow.audit.record(self.clock.now(), actor, "sites.remove", site.domain, {
                "id": site.id, "codes": [code.code for code in codes]})
            uow.commit()
        self._forget()
        return site

    def _forget(self) -> None:
        if self.sites is not None:  # this process at once; the others within a second
            self.sites.forget()
