"""Company rules as operators enter them (issue 20), and what the figures mean."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.companies import change_company, check_company, with_address, without_address
from domain.errors import DomainError
from domain.figures import RevenueFigures, Tally, revenue
from domain.sites import Address, Company

HOME = Address("Keizersgracht 1", "1015 CJ", "Amsterdam", "NL")
ACME = Company(id=1, name="Acme B.V.", kvk="12345678", addresses=(HOME,),
               added=datetime(2026, 1, 1, tzinfo=UTC), vat_numbers=("NL123456782B01",),
               support_email="help@acme.test", support_phone="+31 20 123 4567")


def test_a_well_formed_company_passes() -> None:
    check_company(ACME)


@pytest.mark.parametrize(("field", "value"), [
    ("name", " "), ("kvk", "!"), ("kvk", "x" * 51), ("support_email", "nope"),
    ("vat_numbers", ("N",)), ("vat_numbers", ("NL1",) * 6), ("delete_discount", 101),
    ("delete_discount", -1), ("tradenames", ("A", "A")), ("tradenames", ("\x00",)),
    ("addresses", (Address("", "1", "A", "NL"),)),
    ("addresses", (Address("S", "1", "A", "nl"),)),
    ("addresses", (HOME, Address("S", "1", "A", "US", "US"), Address("S", "1", "A", "US", "US"))),
])
def test_each_rule_names_its_field(field: str, value: object) -> None:
    import attrs

    with pytest.raises(DomainError) as refused:
        # Each field with a wrong value of its own type: one list, so object.
        check_company(attrs.evolve(ACME, **{field: value}))  # type: ignore[arg-type]
    assert refused.value.code == "invalid_company"


def test_changes_as_typed() -> None:
    assert change_company(ACME, "vat", "nl 1234, DE1").vat_numbers == ("NL1234", "DE1")
    assert change_company(ACME, "tradenames", "Acme, Acme Live").tradenames == (
        "Acme", "Acme Live")
    assert change_company(ACME, "country", "be").address_for(None).country == "BE"
    assert change_company(ACME, "registration", " 87654321 ").kvk == "87654321"
    with pytest.raises(DomainError):
        change_company(ACME, "delete_discount", "lots")
    with pytest.raises(DomainError):
        change_company(ACME, "colour", "red")


def test_address_variants() -> None:
    us = Address("1209 Orange Street", "19801", "Wilmington", "US", audience="US")
    both = with_address(ACME, us)
    assert both.address_for("US") == us and both.address_for("NL") == HOME
    moved = with_address(both, Address("1210 Orange Street", "19801", "Wilmington", "US",
                                       audience="US"))
    assert len(moved.addresses) == 2 and moved.address_for("US").street.startswith("1210")
    assert without_address(both, "US").addresses == (HOME,)
    with pytest.raises(DomainError):
        without_address(ACME, "US")


tallies = st.lists(st.builds(Tally, key=st.sampled_from(["a", "b", "100", "250"]),
                             currency=st.sampled_from(["EUR", "USD"]),
                             count=st.integers(0, 50), amount=st.integers(0, 10**7)),
                   max_size=12)


@given(tallies, tallies)
def test_revenue_keeps_every_cent_and_nets_refunds(paid: list[Tally],
                                                   refunded: list[Tally]) -> None:
    rows = revenue(paid, refunded)
    assert sum(r.paid for r in rows) == sum(t.amount for t in paid)
    assert sum(r.refunded for r in rows) == sum(t.amount for t in refunded)
    assert all(r.net == r.paid - r.refunded for r in rows)
    assert len({(r.key, r.currency) for r in rows}) == len(rows)  # one row per group


def test_bundles_sort_by_credits() -> None:
    rows = revenue([Tally("250", "EUR", 1, 2000), Tally("1000", "EUR", 1, 5000),
                    Tally("100", "EUR", 2, 2000)], [])
    assert [r.key for r in rows] == ["100", "250", "1000"]
    assert rows[0] == RevenueFigures("100", "EUR", 2, 2000, 0, 0)
