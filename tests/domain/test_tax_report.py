"""The lines of a VAT return (issue 34.5): sales per company, country, rate and currency
in the quarter, money given back at its order's rate, earlier quarters' refunds on lines
of their own."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from domain.tax_report import RefundLine, SaleGroup, refund_share, tax_lines
from domain.vat import vat_share

HOMES = {1: "NL", 2: "NO"}


def sale(country: str | None, rate: int | None, gross: int, company: int = 1,
         currency: str = "EUR", orders: int = 1) -> SaleGroup:
    net, vat = vat_share(gross, rate or 0)
    return SaleGroup(company_id=company, country=country, rate_bp=rate, currency=currency,
                     orders=orders, gross=gross, net=net, vat=vat)


def refund(country: str, rate: int, amount: int, before: int = 0,
           sold_on: date = date(2026, 11, 1)) -> RefundLine:
    return RefundLine(company_id=1, country=country, rate_bp=rate, currency="EUR",
                      sold_on=sold_on, amount=amount, before=before)


def test_sales_and_refunds_per_country_rate_and_period() -> None:
    lines = tax_lines("2026Q4", HOMES, [
        sale("DE", 1900, 1499), sale("NL", 2100, 2999), sale("DE", 1900, 1499),
        sale("NO", 2500, 14900, company=2, currency="NOK"), sale("US", 0, 1200),
        sale(None, None, 500)], [
        refund("NL", 2100, 1000), refund("NL", 2100, 1999, before=1000),
        refund("FI", 2400, 999, sold_on=date(2024, 8, 31))])
    assert [(t.company_id, t.scheme, t.country, t.rate_bp, t.period, t.orders, t.vat,
             t.refunds, t.refunded_vat, t.vat_due) for t in lines] == [
        (1, "domestic", "NL", 2100, "2026Q4", 1, 520, 2, 520, 0),
        (1, "oss", "DE", 1900, "2026Q4", 2, 478, 0, 0, 478),
        (1, "oss", "FI", 2400, "2024Q3", 0, 0, 1, 193, -193),
        (1, "outside", "US", 0, "2026Q4", 1, 0, 0, 0, 0),
        (1, "unknown", None, None, "2026Q4", 1, 0, 0, 0, 0),
        (2, "domestic", "NO", 2500, "2026Q4", 1, 2980, 0, 0, 2980),
    ]
    assert lines[0].net_due == lines[0].net - lines[0].refunded_net == 0


@given(st.integers(min_value=1, max_value=10_000_000), st.integers(min_value=0, max_value=3000),
       st.lists(st.integers(min_value=1, max_value=10_000), max_size=8))
def test_refunds_of_all_the_money_carry_all_the_vat(gross: int, rate: int,
                                                    parts: list[int]) -> None:
    shares, before = [], 0
    for part in parts:
        part = min(part, gross - before)
        if part <= 0:
            break
        shares.append(refund_share(before, part, rate))
        before += part
    if before < gross:
        shares.append(refund_share(before, gross - before, rate))
    assert sum(net + vat for net, vat in shares) == gross
    assert sum(vat for _, vat in shares) == vat_share(gross, rate)[1]


def test_a_refund_without_a_recorded_rate_carries_no_vat() -> None:
    assert refund_share(0, 500, None) == (500, 0)
