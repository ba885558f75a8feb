"""What every mail carries, whichever use case sends it (account mails, notifications,
the notifier's mails, a withdrawal's acknowledgement): the greeting and footer of the
site's brand, and the texts that word a mail in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Protocol

import attrs

from domain.members import Member
from domain.sites import Company, Site

# What mail and push texts fill in: {name}, {site}, {link}, {count}, ...; a date is
# written out in the mail's language.
TemplateValues = Mapping[str, str | int | bool | date]


@attrs.frozen
class ComposedMail:
    subject: str
    text: str
    html: str


class MailTexts(Protocol):
    """Server texts of the e-mails in the member's language."""

    def compose(self, kind: str, language: str, values: TemplateValues) -> ComposedMail: ...


def brand_values(site: Site, company: Company | None, member: Member) -> dict[str, str]:
    """What every mail's greeting and footer say: the member, the site, the company and
    its address for the member's country (US members see the US address)."""
    return addressed_brand_values(site, company, member.profile.name, member.profile.country)


def visitor_brand_values(site: Site, company: Company | None, name: str) -> dict[str, str]:
    """The same for someone without an account (a visitor who gave notice): the name
    they gave and the company's default address."""
    return addressed_brand_values(site, company, name, "")


def addressed_brand_values(site: Site, company: Company | None, name: str,
                           country: str) -> dict[str, str]:
    """The same for a name and country the caller carries (an erased member's farewell:
    the member's row holds neither any more)."""
    address = company.address_for(country) if company else None
    return {"name": name, "site": site.name,
            "support_email": site.support_email,
            "company": company.name if company else site.name,
            "address": f"{address.street}, {address.postcode} {address.city}" if address else ""}
