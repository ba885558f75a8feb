"""`amora tax report` (issue 34.5): a quarter's VAT figures per company, country and rate,
refunds included, for the EU's One-Stop Shop and Norway's VOEC return (domain.tax_report
says what counts where). Read only, from one snapshot."""

from __future__ import annotations

from datetime import UTC, datetime, time

import attrs

from application.ports.tax import TaxReadings
from application.ports.transaction import UnitFactory
from application.ports.units import ReportsUnit
from application.shared.lookups import find_company
from domain.errors import DomainError
from domain.sites import Company
from domain.tax_report import TaxLine, tax_lines
from domain.vat import quarter_bounds


@attrs.frozen(kw_only=True)
class CompanyTax:
    id: int
    name: str
    country: str  # where it is established: its own VAT return's country
    vat_numbers: tuple[str, ...]

    @staticmethod
    def of(company: Company) -> CompanyTax:
        return CompanyTax(id=company.id, name=company.name,
                          country=company.address_for(None).country,
                          vat_numbers=company.vat_numbers)


@attrs.frozen
class TaxReport:
    quarter: str  # 2026Q4
    start: datetime  # the quarter's first moment (UTC)
    end: datetime  # the next quarter's first moment
    companies: list[CompanyTax]
    lines: list[TaxLine]


@attrs.frozen
class TaxReports:
    uow: UnitFactory[ReportsUnit]
    readings: TaxReadings

    def report(self, quarter: str, company: str | None = None) -> TaxReport:
        """The quarter's lines (``quarter`` as 2026Q4), of every company or of the one
        named (id or name). Quarters are counted in UTC."""
        bounds = quarter_bounds(quarter)
        if bounds is None:
            raise DomainError("invalid_quarter", value=quarter.strip())
        start, end = (datetime.combine(day, time(), UTC) for day in bounds)
        with self.uow() as uow:
            companies = [find_company(uow, company)] if company is not None \
                else list(uow.companies.all())
        only = companies[0].id if company is not None else None
        with self.readings() as reading:
            sales, refunds = reading.sales(start, end, only), reading.refunds(start, end, only)
        named = quarter.strip().upper()
        homes = {c.id: c.address_for(None).country for c in companies}
        return TaxReport(named, start, end, [CompanyTax.of(c) for c in companies],
                         tax_lines(named, homes, sales, refunds))
