"""Receipt numbers, the seller a receipt names and the year it counts in (issue 34.4)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from domain.receipts import Seller, receipt_number, receipt_year
from domain.sites import Address
from tests.conftest import sample_company


def test_numbers_are_the_year_and_six_digits_or_more() -> None:
    assert receipt_number(2026, 1) == "2026-000001"
    assert receipt_number(2026, 123) == "2026-000123"
    assert receipt_number(2027, 1_234_567) == "2027-1234567"
    with pytest.raises(ValueError):
        receipt_number(2026, 0)


def test_the_seller_is_the_companys_legal_address_and_vat_numbers() -> None:
    company = sample_company(vat_numbers=("NL123456789B01", "NO999888777MVA"))
    seller = Seller.of(company)
    assert (seller.name, seller.registration, seller.street, seller.postcode, seller.city,
            seller.country) == ("Amora Media B.V.", "87654321", "Keizersgracht 100",
                                "1015 CJ", "Amsterdam", "NL")  # not the US visitors' variant
    assert seller.vat_numbers == ("NL123456789B01", "NO999888777MVA")


def test_the_vat_number_shown_is_the_charged_countrys_else_the_sellers_own() -> None:
    seller = Seller.of(sample_company(vat_numbers=("DE811111111", "NL123456789B01",
                                                   "NO999888777MVA")))
    assert seller.vat_number_for("NO") == "NO999888777MVA"
    assert seller.vat_number_for("PL") == "NL123456789B01"  # OSS: the home number
    assert seller.vat_number_for(None) == "NL123456789B01"
    foreign = Seller.of(sample_company(vat_numbers=("BE0123456789",)))
    assert foreign.vat_number_for("DK") == "BE0123456789"
    assert Seller.of(sample_company(vat_numbers=())).vat_number_for("NL") is None
    moved = Seller.of(sample_company(addresses=(Address("Rue 1", "1000", "Bruxelles", "BE"),),
                                     vat_numbers=("NL123456789B01", "BE0123456789")))
    assert moved.vat_number_for("FR") == "BE0123456789"


def test_a_payment_counts_in_its_utc_year() -> None:
    assert receipt_year(datetime(2026, 12, 31, 23, 59, tzinfo=UTC)) == 2026
    amsterdam_new_year = datetime(2027, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))
    assert receipt_year(amsterdam_new_year) == 2026
