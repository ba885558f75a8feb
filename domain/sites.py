"""Sites: one deployment serves many branded sites, each keyed by its domain.

A site carries every setting of the spec's Settings entity. Site texts that a
visitor reads (titles, fictional-profile wording, notes) are kept per language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from enum import IntEnum
from functools import cache
from typing import Any
from zoneinfo import available_timezones

import attrs

from domain.errors import DomainError
from domain.locales import LOCALE_CODES, pick_text
from domain.texts import has_control_characters_in_lines, normalise_lines

Texts = Mapping[str, str]


@cache
def _time_zones() -> frozenset[str]:
    return frozenset(available_timezones())

SIGNUP_POLICIES = ("all", "with_trafficsource", "invite_only")
SEARCH_POLICIES = ("none", "all")
PROFILE_FIELDS = (
    "gender", "sexuality", "birth_date", "country", "region", "city", "about_me",
    "interests", "hair_colour", "eye_colour", "body_type", "relationship_status", "tattoos",
)
SEARCH_FIELDS = ("gender", "country", "region", "min_age", "max_age")
LEGAL_MIN_AGE = 18
_DOMAIN = re.compile(r"^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9-]{1,63})*$")
_COUNTRY = re.compile(r"^[A-Z]{2}$")
_CURRENCY = re.compile(r"^[A-Z]{3}$")


class Niche(IntEnum):
    """The niche decides the landing-page slug prefix (spec section 1)."""

    NONE = 1
    SHE = 2
    BDSM = 3
    BBW = 4
    GILF = 5
    MILF = 6
    GAY = 7

    @property
    def slug_prefix(self) -> str:
        return "" if self is Niche.NONE else f"{self.name.lower()}-"

    @property
    def signup_defaults(self) -> tuple[str, str] | None:
        """(gender, seeking) a signup on this niche's site starts from (issue 29.7): on a
        site for gay men "a man looking for men"; None where the niche does not say
        (a BBW, MILF or GILF site has women signing up as well as men seeking them)."""
        return ("male", "male") if self is Niche.GAY else None


@attrs.frozen
class MessageCost:
    costs: int
    currency: str

    def __attrs_post_init__(self) -> None:
        if self.costs < 0:
            raise DomainError("invalid_setting", field="minimum_message_costs")
        if not _CURRENCY.match(self.currency):
            raise DomainError("invalid_setting", field="minimum_message_costs")


def normalise_domain(host: str) -> str:
    """A Host header or forced domain reduced to the bare lower-case domain."""
    host = _trimmed(host.lower().rsplit("@", 1)[-1])
    if host.startswith("["):  # IPv6 literal: keep as-is without the port
        return host.split("]", 1)[0] + "]"
    # Trimmed again after the port goes: "a.\r:80" is "a", as is "a" itself.
    return _trimmed(host.split(":", 1)[0])


def _trimmed(host: str) -> str:
    """Without surrounding whitespace and dots, however they alternate ("a. ." too)."""
    while (trimmed := host.strip().strip(".")) != host:
        host = trimmed
    return host


def is_domain(value: str) -> bool:
    return bool(_DOMAIN.match(value))


def _countries(values: tuple[str, ...]) -> None:
    for code in values:
        if not _COUNTRY.match(code):
            raise DomainError("invalid_setting", field="countries", value=code)


def _choice(options: tuple[str, ...]) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if item not in options:
                raise DomainError("invalid_setting", field=attribute.name, value=item)

    return check


def _at_least(minimum: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: int) -> None:
        if value < minimum:
            raise DomainError("invalid_setting", field=attribute.name, value=value)

    return check


@attrs.frozen(kw_only=True)
class Site:
    id: int
    domain: str
    name: str
    company_id: int
    index_title: Texts = attrs.field(factory=dict)
    description: Texts = attrs.field(factory=dict)
    domain_language: str | None = None
    locales: tuple[str, ...] = attrs.field(default=tuple(sorted(LOCALE_CODES)))
    countries: tuple[str, ...] = ()
    cdn_prefix: str = "/media/"
    niche: Niche = attrs.field(default=Niche.NONE, converter=Niche)
    signups: str = attrs.field(default="all", validator=_choice(SIGNUP_POLICIES))
    logged_out_search: str = attrs.field(default="none", validator=_choice(SEARCH_POLICIES))
    logged_out_search_trafficsource: str = attrs.field(
        default="none", validator=_choice(SEARCH_POLICIES)
    )
    push_public_key: str = ""
    support_phone: str = ""
    support_email: str = ""
    mail_name: str = ""
    minimum_message_costs: Mapping[str, MessageCost] = attrs.field(factory=dict)
    enable_site_entry_popup: bool = True
    entry_popup_countries: tuple[str, ...] = ()
    fictional_icon: str = ""
    fictional_warning: Texts = attrs.field(factory=dict)
    fictional_singular: Texts = attrs.field(factory=dict)
    fictional_plural: Texts = attrs.field(factory=dict)
    visible_profile_fields: tuple[str, ...] = attrs.field(
        default=PROFILE_FIELDS, validator=_choice(PROFILE_FIELDS)
    )
    visible_profile_notes: Mapping[str, Texts] = attrs.field(factory=dict)
    # The site's own wording of the grounds of its decisions (issue 30.2), per ground
    # ("terms:spam") and language; where it has none the catalogue's words apply.
    ground_titles: Mapping[str, Texts] = attrs.field(factory=dict)
    ground_texts: Mapping[str, Texts] = attrs.field(factory=dict)
    message_credits: int = attrs.field(default=10, validator=_at_least(0))
    signup_credits: int = attrs.field(default=0, validator=_at_least(0))
    photo_credits: int = attrs.field(default=0, validator=_at_least(0))
    gift_credits: int = attrs.field(default=0, validator=_at_least(0))
    message_length: int = attrs.field(default=1000, validator=_at_least(1))
    # Direct-debit orders a member may place per 30 days.
    directdebit_limit: int = attrs.field(default=3, validator=_at_least(0))
    # Hours after signup in which the first purchase gets the welcome discount.
    welcome_discount_hours: int = attrs.field(default=48, validator=_at_least(0))
    # Messages a free member (no purchase yet) sends without paying.
    free_messages: int = attrs.field(default=3, validator=_at_least(0))
    # How far back a conversation's history pages (messages); 0 keeps everything.
    chat_history_limit: int = attrs.field(default=500, validator=_at_least(0))
    search_fields: tuple[str, ...] = attrs.field(
        default=SEARCH_FIELDS, validator=_choice(SEARCH_FIELDS)
    )
    refund_days: int = attrs.field(default=14, validator=_at_least(0))
    member_resell: bool = False
    min_age: int = attrs.field(default=LEGAL_MIN_AGE, validator=_at_least(LEGAL_MIN_AGE))
    # Where a member who deleted their account is offered to go, after a countdown.
    partner_url: str = ""
    partner_countdown: int = attrs.field(default=10, validator=_at_least(0))
    # The swipe game's daily likes, counted per calendar day in the site's time zone.
    swipe_likes_per_day: int = attrs.field(default=4, validator=_at_least(0))
    time_zone: str = "Europe/Amsterdam"
    # Notification mails may carry a login link (single use, 24 h); a site can refuse.
    login_links: bool = True
    is_default: bool = False
    # Closed by an operator (`amora sites close`, issue 32.5): no sign-ups and no
    # purchases; members keep their accounts, data and rights. The reason is the
    # operators' own (audit log, `amora sites show`); members are told in their language.
    closed_at: datetime | None = None
    closed_reason: str = ""

    def __attrs_post_init__(self) -> None:
        if not is_domain(self.domain):
            raise DomainError("invalid_setting", field="domain", value=self.domain)
        if not self.name.strip():
            raise DomainError("invalid_setting", field="name")
        if self.domain_language and self.domain_language not in LOCALE_CODES:
            raise DomainError("invalid_setting", field="domain_language")
        if not self.locales or any(code not in LOCALE_CODES for code in self.locales):
            raise DomainError("invalid_setting", field="locales")
        _countries(self.countries)
        _countries(self.entry_popup_countries)
        _countries(tuple(self.minimum_message_costs))
        if any(field not in PROFILE_FIELDS for field in self.visible_profile_notes):
            raise DomainError("invalid_setting", field="visible_profile_notes")
        if self.partner_url and not self.partner_url.startswith("https://"):
            raise DomainError("invalid_setting", field="partner_url")
        if self.time_zone not in _time_zones():
            raise DomainError("invalid_setting", field="time_zone", value=self.time_zone)

    @property
    def closed(self) -> bool:
        return self.closed_at is not None

    def refuse_if_closed(self) -> None:
        """A sign-up or a purchase on a closed site is refused (site_closed)."""
        if self.closed_at is not None:
            raise DomainError("site_closed", sitename=self.name)

    def signup_allowed(self, has_traffic_source: bool) -> bool:
        """Spec section 6: 'all', or 'with_trafficsource' when a source was captured."""
        if self.signups == "all":
            return True
        return self.signups == "with_trafficsource" and has_traffic_source

    def logged_out_search_allowed(self, has_traffic_source: bool) -> bool:
        if self.logged_out_search != "none":
            return True
        return self.logged_out_search_trafficsource != "none" and has_traffic_source

    def minimum_message_cost(self, country: str | None) -> int:
        """What one message costs a member from ``country``: never below that country's floor."""
        floor = self.minimum_message_costs.get(country or "")
        return max(self.message_credits, floor.costs if floor else 0)

    def text(self, field: str, language: str | None) -> str:
        texts: Texts = getattr(self, field)
        return pick_text(texts, language)


CLOSE_REASON_LONGEST = 500  # sites.closed_reason


def closed_site(site: Site, reason: str, now: datetime) -> Site:
    """The site closed from ``now``, for the reason the operators keep (a few lines)."""
    text = normalise_lines(reason).strip()
    if not text or len(text) > CLOSE_REASON_LONGEST or has_control_characters_in_lines(text):
        raise DomainError("invalid_reason", max=CLOSE_REASON_LONGEST)
    if site.closed_at is not None:
        raise DomainError("site_closed_already", domain=site.domain)
    return attrs.evolve(site, closed_at=now, closed_reason=text)


def reopened_site(site: Site) -> Site:
    if site.closed_at is None:
        raise DomainError("site_not_closed", domain=site.domain)
    return attrs.evolve(site, closed_at=None, closed_reason="")


def renamed_site(site: Site, new_domain: str) -> Site:
    """The site under a new domain (the old one keeps redirecting: application.sites)."""
    domain = normalise_domain(new_domain)
    if not is_domain(domain) or "." not in domain:
        raise DomainError("invalid_setting", field="domain", value=new_domain)
    if domain == site.domain:
        raise DomainError("same_domain", domain=domain)
    return attrs.evolve(site, domain=domain)


@attrs.frozen
class Address:
    """One address of a company; ``audience`` names the visitor country it is for."""

    street: str
    postcode: str
    city: str
    country: str
    audience: str | None = None


@attrs.frozen(kw_only=True)
class Company:
    id: int
    name: str
    kvk: str
    addresses: tuple[Address, ...]
    added: datetime
    tradenames: tuple[str, ...] = ()
    vat_numbers: tuple[str, ...] = ()
    support_phone: str = ""
    delete_discount: int = 0
    support_email: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.addresses or sum(1 for a in self.addresses if a.audience is None) != 1:
            raise DomainError("invalid_setting", field="addresses")

    def address_for(self, visitor_country: str | None) -> Address:
        """The address variant meant for the visitor's country, else the default one."""
        for address in self.addresses:
            if address.audience and address.audience == visitor_country:
                return address
        return next(address for address in self.addresses if address.audience is None)


TERMS_BASE_DATE = datetime(2023, 12, 1, 12, 0, tzinfo=UTC)


def terms_version(company: Company) -> datetime:
    """Spec section 9: fixed 2023-12-01 12:00 UTC, or the company's added date if later."""
    return max(TERMS_BASE_DATE, company.added)


def selected_country(site: Site, geoip_country: str | None) -> str | None:
    """The visitor's country when the site serves it, else the site's first country."""
    if geoip_country and (not site.countries or geoip_country in site.countries):
        return geoip_country
    return site.countries[0] if site.countries else geoip_country


# Outside the default layout (chat, landers, the empty layout) the site-entry warning
# shows only to visitors from these countries (spec section 2).
ENTRY_POPUP_EVERYWHERE = ("NL", "DE")


def entry_popup_everywhere(country: str | None) -> bool:
    """Whether the site-entry warning shows in every layout, not only the default one."""
    return (country or "").upper() in ENTRY_POPUP_EVERYWHERE


def entry_popup_enabled(site: Site, country: str | None) -> bool:
    """Whether the site-entry warning applies to a visitor from ``country`` (section 2)."""
    if not site.enable_site_entry_popup:
        return False
    return not site.entry_popup_countries or country in site.entry_popup_countries
