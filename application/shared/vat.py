"""The VAT an order carries (issue 34.3): its evidence, the seller's country and the
rate of the day, as the shop records it when an order is made and when it is paid."""

from __future__ import annotations

from datetime import date

from application.ports.shared_units import CompaniesUnit
from domain.vat import OrderVat, TaxEvidence, order_vat


def seller_country(uow: CompaniesUnit, company_id: int) -> str | None:
    """The country of the company's own address (the one for no particular audience)."""
    company = uow.companies.get(company_id)
    return company.address_for(None).country if company else None


def vat_of(uow: CompaniesUnit, site_id: int, amount: int, evidence: TaxEvidence,
           day: date) -> OrderVat:
    """The VAT of ``amount`` cents (VAT included) sold on ``site_id`` on ``day``."""
    site = uow.sites.get(site_id)
    home = seller_country(uow, site.company_id) if site else None
    return order_vat(amount, evidence, home, day)
