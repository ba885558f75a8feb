"""VAT (issue 34.3): the rate table by date, the country an order's evidence points to,
the VAT share of a VAT-inclusive price and of refunds, property-tested."""

from __future__ import annotations

from datetime import date, datetime
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.checkout_consent import CHECKOUT_CONSENT_VERSION, checkout_consent
from domain.errors import DomainError
from domain.vat import (
    EU,
    STANDARD_RATES,
    TABLE_START,
    Scheme,
    TaxEvidence,
    format_rate,
    order_vat,
    quarter_bounds,
    quarter_of,
    refund_shares,
    scheme_of,
    vat_country,
    vat_rate,
    vat_share,
)

amounts = st.integers(min_value=0, max_value=100_000_000)
rates = st.integers(min_value=0, max_value=10_000)


def test_the_table_holds_the_eu_norway_the_uk_and_switzerland() -> None:
    assert len(EU) == 27 and set(STANDARD_RATES) == EU | {"NO", "GB", "CH"}
    for country, changes in STANDARD_RATES.items():
        assert changes[0][0] == TABLE_START, country
        days = [since for since, _ in changes]
        assert days == sorted(set(days)), country  # oldest first, one rate a day
        # EU minimum standard rate 15 % (art. 97 of the VAT Directive); CH is far lower.
        assert all(1500 <= rate <= 2700 for _, rate in changes) or country == "CH"


@pytest.mark.parametrize(("country", "day", "rate"), [
    ("NL", date(2026, 11, 28), 2100), ("DE", date(2026, 11, 28), 1900),
    ("DE", date(2020, 12, 31), 1600), ("DE", date(2021, 1, 1), 1900),
    ("FI", date(2024, 8, 31), 2400), ("FI", date(2024, 9, 1), 2550),
    ("EE", date(2023, 12, 31), 2000), ("EE", date(2024, 1, 1), 2200),
    ("EE", date(2025, 6, 30), 2200), ("EE", date(2025, 7, 1), 2400),
    ("SK", date(2024, 12, 31), 2000), ("SK", date(2025, 1, 1), 2300),
    ("RO", date(2025, 7, 31), 1900), ("RO", date(2025, 8, 1), 2100),
    ("LU", date(2023, 6, 1), 1600), ("LU", date(2024, 1, 1), 1700),
    ("IE", date(2021, 2, 28), 2100), ("IE", date(2021, 3, 1), 2300),
    ("CH", date(2023, 12, 31), 770), ("CH", date(2024, 1, 1), 810),
    ("HU", date(2026, 1, 1), 2700), ("NO", date(2026, 1, 1), 2500),
    ("GB", date(2026, 1, 1), 2000), ("PL", date(2026, 1, 1), 2300),
    ("SE", date(2026, 1, 1), 2500), ("DK", date(2026, 1, 1), 2500),
    ("gr", date(2026, 1, 1), 2400),  # any case
])
def test_a_rate_is_the_one_in_force_that_day(country: str, day: date, rate: int) -> None:
    assert vat_rate(country, day) == rate


def test_no_rate_outside_the_table() -> None:
    assert vat_rate("US", date(2026, 1, 1)) is None
    assert vat_rate(None, date(2026, 1, 1)) is None
    assert vat_rate("NL", date(2019, 12, 31)) is None


@pytest.mark.parametrize(("gross", "rate", "net", "vat"), [
    (1000, 2100, 826, 174),  # 173.55 → 174
    (1499, 2100, 1239, 260),  # 260.16
    (121, 2100, 100, 21),  # exact
    (1000, 2550, 797, 203),  # 203.19
    (1000, 810, 925, 75),  # 74.93
    (0, 2100, 0, 0), (1, 2100, 1, 0), (3, 2100, 2, 1),  # 0.52 → 1
    (1000, 0, 1000, 0),
    (-1000, 2100, -826, -174),  # a refund counted against sales
])
def test_the_vat_share_of_a_price(gross: int, rate: int, net: int, vat: int) -> None:
    assert vat_share(gross, rate) == (net, vat)


def test_half_a_cent_rounds_up() -> None:
    # 2000 bp: vat = gross / 6; gross 3 → exactly 0.5 → 1; gross 9 → exactly 1.5 → 2
    assert vat_share(3, 2000) == (2, 1) and vat_share(9, 2000) == (7, 2)


@given(amounts, rates)
def test_net_and_vat_add_up_and_vat_is_within_half_a_cent(gross: int, rate: int) -> None:
    net, vat = vat_share(gross, rate)
    assert net + vat == gross
    exact = Fraction(gross * rate, 10_000 + rate)
    assert abs(vat - exact) <= Fraction(1, 2)
    assert vat - exact != Fraction(-1, 2)  # a half rounds up, never down
    assert 0 <= vat <= gross and net >= 0


@given(amounts, rates)
def test_more_money_never_carries_less_vat(gross: int, rate: int) -> None:
    assert vat_share(gross + 1, rate)[1] >= vat_share(gross, rate)[1]


@given(st.integers(min_value=2, max_value=1_000_000), rates, st.data())
def test_refunds_of_a_whole_order_carry_exactly_its_vat(gross: int, rate: int,
                                                        data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.lists(st.integers(min_value=1, max_value=gross - 1),
                                     max_size=6)))
    amounts_back = [b - a for a, b in zip([0, *cuts], [*cuts, gross], strict=True) if b > a]
    shares = refund_shares(amounts_back, rate)
    assert [net + vat for net, vat in shares] == amounts_back
    assert sum(vat for _, vat in shares) == vat_share(gross, rate)[1]
    for amount, (_, vat) in zip(amounts_back, shares, strict=True):
        # each refund's VAT is within a cent of its exact share
        assert abs(vat - Fraction(amount * rate, 10_000 + rate)) < 1


def test_one_refund_of_part_is_that_parts_vat() -> None:
    assert refund_shares([500], 2100) == [vat_share(500, 2100)] == [(413, 87)]


@pytest.mark.parametrize(("evidence", "country"), [
    (TaxEvidence("NL", "NL"), "NL"),
    (TaxEvidence("NL", None), "NL"),  # only the profile: it decides
    (TaxEvidence(None, "DE"), "DE"),
    (TaxEvidence("NL", "DE"), "DE"),  # they disagree: GeoIP is the stronger
    (TaxEvidence("NL", "DE", "NL"), "NL"),  # two agree
    (TaxEvidence("NL", "DE", "DE"), "DE"),
    (TaxEvidence("NL", "DE", "BE"), "BE"),  # none agree: the bank's
    (TaxEvidence("NL", None, "BE"), "BE"),
    (TaxEvidence("nl", "de", "nl"), "NL"),
    (TaxEvidence(None, None), "FR"),  # nothing known: the seller's country
])
def test_the_vat_country_follows_the_evidence(evidence: TaxEvidence, country: str) -> None:
    assert vat_country(evidence, "fr") == country


def test_no_evidence_and_no_seller_country_is_no_country() -> None:
    assert vat_country(TaxEvidence(None, None), None) is None
    assert order_vat(1000, TaxEvidence(None, None), None, date(2026, 1, 1)).rate_bp == 0


def test_an_orders_vat() -> None:
    vat = order_vat(1000, TaxEvidence("NL", "FI"), "NL", date(2024, 9, 1))
    assert (vat.country, vat.rate_bp, vat.amount, vat.net, vat.gross) == (
        "FI", 2550, 203, 797, 1000)
    outside = order_vat(1000, TaxEvidence("US", "US"), "NL", date(2026, 1, 1))
    assert (outside.country, outside.rate_bp, outside.amount, outside.net) == (
        "US", 0, 0, 1000)


@pytest.mark.parametrize(("country", "scheme"), [
    ("NL", Scheme.DOMESTIC), ("DE", Scheme.OSS), ("NO", Scheme.VOEC), ("GB", Scheme.UK),
    ("CH", Scheme.CH), ("US", Scheme.OUTSIDE), (None, Scheme.OUTSIDE),
])
def test_where_a_countrys_vat_is_declared(country: str | None, scheme: Scheme) -> None:
    assert scheme_of(country, "NL") == scheme


def test_a_seller_outside_the_eu_has_no_oss() -> None:
    assert scheme_of("DE", "GB") is Scheme.OUTSIDE and scheme_of("GB", "GB") is Scheme.DOMESTIC


@pytest.mark.parametrize(("rate", "text"), [(2100, "21"), (2550, "25.5"), (810, "8.1"),
                                            (0, "0"), (1905, "19.05")])
def test_rates_read_as_percentages(rate: int, text: str) -> None:
    assert format_rate(rate) == text


def test_quarters() -> None:
    assert quarter_bounds("2026Q4") == (date(2026, 10, 1), date(2027, 1, 1))
    assert quarter_bounds(" 2026q1 ") == (date(2026, 1, 1), date(2026, 4, 1))
    assert quarter_bounds("2026Q2") == (date(2026, 4, 1), date(2026, 7, 1))
    for bad in ("2026Q5", "2026Q0", "26Q1", "2026-Q4", "Q4 2026", "", "２０２６Q1", "0000Q1",
                "9999Q4"):
        assert quarter_bounds(bad) is None, bad
    assert quarter_of(date(2026, 12, 31)) == "2026Q4" and quarter_of(date(2026, 4, 1)) == "2026Q2"


def test_the_checkout_tick_is_required_and_kept_with_its_version() -> None:
    now = datetime(2026, 11, 28, 12, 0)
    consent = checkout_consent(True, now)
    assert (consent.version, consent.at) == (CHECKOUT_CONSENT_VERSION, now)
    for refused in (False, None, "true", 1):
        with pytest.raises(DomainError, match="delivery_consent_required"):
            checkout_consent(refused, now)  # type: ignore[arg-type]
