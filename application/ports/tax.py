"""What the VAT figures read (issue 34.5, `amora tax report`): a quarter's paid orders
summed per company, VAT country, rate and currency, and the money given back in it, from
one consistent, read-only look at the orders."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Protocol

from domain.tax_report import RefundLine, SaleGroup


class TaxReading(Protocol):
    def sales(self, start: datetime, end: datetime,
              company_id: int | None) -> Sequence[SaleGroup]:
        """Orders paid from ``start`` until before ``end`` (on any company's sites, or
        one company's), summed per company, VAT country, rate and currency."""
        ...

    def refunds(self, start: datetime, end: datetime,
                company_id: int | None) -> Sequence[RefundLine]:
        """Every time money went back from ``start`` until before ``end`` (a refund, a
        withdrawal, a chargeback), with its order's VAT and what went back before."""
        ...


class TaxReadings(Protocol):
    def __call__(self) -> AbstractContextManager[TaxReading]:
        """A reading: sales and refunds of the same moment (one snapshot)."""
        ...
