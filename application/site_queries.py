"""What the client may read about the site it is on: its settings and the company
behind it."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.transaction import UnitFactory
from application.ports.units import SitesUnit
from application.shared.form_limits import form_limits
from application.shared.site_directory import SiteDirectory
from domain.chat import FREE_CONVERSATIONS
from domain.discovery import MAX_AGE
from domain.errors import NotFound
from domain.locales import pick_text
from domain.photos import FREE_PHOTOS, PREMIUM_PHOTOS
from domain.sites import (
    Company,
    MessageCost,
    Site,
    entry_popup_enabled,
    entry_popup_everywhere,
    selected_country,
    terms_version,
)


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

    uow: UnitFactory[SitesUnit]
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
