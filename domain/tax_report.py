"""The figures a VAT return asks for (issue 34.5, `amora tax report`): per company, the
net and the VAT of a quarter's sales per country and rate, and of the money given back.

A sale counts in the quarter it was paid (the chargeable event of a prepaid service) at
the rate the order recorded (orders.vat_rate_bp). Money given back (a refund, a
withdrawal, a chargeback: order_refunds) counts in the quarter it went back, at the
order's rate; its VAT is the order's VAT of everything given back so far less that of
what was given back before (domain.vat.refund_shares), so the refunds of a whole order
carry exactly its VAT. A refund of a sale from an earlier quarter is a line of its own,
named by that quarter (``period``): the One-Stop Shop takes it as a correction of that
return, Norway's VOEC as a deduction in this one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date

import attrs

from domain.vat import Scheme, quarter_of, scheme_of, vat_share

UNKNOWN = "unknown"  # an order without a recorded rate (none should remain after 0042)
SCHEME_ORDER = [Scheme.DOMESTIC, Scheme.OSS, Scheme.VOEC, Scheme.UK, Scheme.CH,
                Scheme.OUTSIDE, UNKNOWN]


@attrs.frozen(kw_only=True)
class SaleGroup:
    """Paid orders of one company, VAT country, rate and currency, summed."""

    company_id: int
    country: str | None
    rate_bp: int | None
    currency: str
    orders: int
    gross: int  # cents
    net: int
    vat: int


@attrs.frozen(kw_only=True)
class RefundLine:
    """Money of one order given back, with what earlier refunds of it gave back."""

    company_id: int
    country: str | None
    rate_bp: int | None
    currency: str
    sold_on: date  # the day the order was paid
    amount: int  # cents given back now
    before: int  # cents given back before (earlier refunds of the order)


@attrs.define(kw_only=True)
class TaxLine:
    """One line of the return: a company's sales in one country at one rate and currency
    declared in ``period``, and the money of them given back this quarter."""

    company_id: int
    scheme: str
    country: str | None
    rate_bp: int | None
    currency: str
    period: str  # the quarter the sale was declared in
    orders: int = 0
    gross: int = 0
    net: int = 0
    vat: int = 0
    refunds: int = 0
    refunded: int = 0  # gross
    refunded_net: int = 0
    refunded_vat: int = 0

    @property
    def net_due(self) -> int:
        return self.net - self.refunded_net

    @property
    def vat_due(self) -> int:
        return self.vat - self.refunded_vat


def _scheme(country: str | None, rate_bp: int | None, home: str | None) -> str:
    return UNKNOWN if rate_bp is None else scheme_of(country, home).value


def refund_share(before: int, amount: int, rate_bp: int | None) -> tuple[int, int]:
    """(net, VAT) of ``amount`` given back after ``before``, at the order's rate."""
    if rate_bp is None:
        return amount, 0
    vat = vat_share(before + amount, rate_bp)[1] - vat_share(before, rate_bp)[1]
    return amount - vat, vat


def tax_lines(quarter: str, homes: Mapping[int, str | None], sales: Iterable[SaleGroup],
              refunds: Iterable[RefundLine]) -> list[TaxLine]:
    """The quarter's lines: sales and the refunds of them, and a line per earlier quarter
    whose sales had money given back in this one. ``homes``: each company's country."""
    lines: dict[tuple[int, str | None, int | None, str, str], TaxLine] = {}

    def line(company_id: int, country: str | None, rate_bp: int | None, currency: str,
             period: str) -> TaxLine:
        key = (company_id, country, rate_bp, currency, period)
        if key not in lines:
            lines[key] = TaxLine(company_id=company_id, currency=currency, period=period,
                                 scheme=_scheme(country, rate_bp, homes.get(company_id)),
                                 country=country, rate_bp=rate_bp)
        return lines[key]

    for sale in sales:
        found = line(sale.company_id, sale.country, sale.rate_bp, sale.currency, quarter)
        found.orders += sale.orders
        found.gross += sale.gross
        found.net += sale.net
        found.vat += sale.vat
    for refund in refunds:
        found = line(refund.company_id, refund.country, refund.rate_bp, refund.currency,
                     quarter_of(refund.sold_on))
        net, vat = refund_share(refund.before, refund.amount, refund.rate_bp)
        found.refunds += 1
        found.refunded += refund.amount
        found.refunded_net += net
        found.refunded_vat += vat
    return sorted(lines.values(), key=lambda t: (
        t.company_id, SCHEME_ORDER.index(t.scheme), t.country or "", t.currency,
        -(t.rate_bp or 0), t.period != quarter, t.period))
