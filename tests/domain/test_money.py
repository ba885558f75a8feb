"""Money typed in currency units (issue 32.4): what parses is exactly the cents meant,
everything else is one of four refusals, never another exception."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.money import MAX_CENTS, format_money, parse_money

REFUSALS = {"invalid_money", "money_negative", "money_decimals", "money_too_much"}
cents = st.integers(0, MAX_CENTS)


@given(cents)
def test_printed_money_reads_back_as_the_same_cents(amount: int) -> None:
    assert parse_money(format_money(amount)) == amount


@given(cents, st.sampled_from(["", " ", "\t"]), st.integers(0, 3))
def test_fewer_decimals_leading_zeros_and_spaces_mean_the_same(amount: int, space: str,
                                                               zeros: int) -> None:
    units, rest = divmod(amount, 100)
    decimals = f"{rest:02d}".rstrip("0")
    typed = "0" * zeros + str(units) + (f".{decimals}" if decimals else "")
    assert parse_money(f"{space}{typed}{space}") == amount


@given(st.decimals(min_value=Decimal(0), max_value=Decimal(1_000_000), places=3),
       st.integers(3, 6))
def test_more_than_two_decimals_are_refused(value: Decimal, places: int) -> None:
    """Even 20.500: a cent is the smallest unit, and a third digit is likelier a typo
    (for 20.50 or 205.00) than meant."""
    with pytest.raises(DomainError, match="money_decimals"):
        parse_money(f"{value:.{places}f}")


@given(st.integers(1, MAX_CENTS * 100))
def test_negative_amounts_are_refused(amount: int) -> None:
    with pytest.raises(DomainError, match="money_negative"):
        parse_money("-" + format_money(amount))


@given(st.integers(MAX_CENTS + 1, 10**30))
def test_absurd_amounts_are_refused(amount: int) -> None:
    with pytest.raises(DomainError, match="money_too_much"):
        parse_money(format_money(amount))


@given(st.text(max_size=20))
@example("1e3")
@example("NaN")
@example("Infinity")
@example("1_000")
@example("1,000.00")
@example("+5")
@example("٥")  # an Arabic-Indic five: a digit to int(), not to us
@example("5.")
@example(".5")
@example("")
@example("-0")
@example("0x10")
def test_any_text_is_exactly_its_cents_or_one_refusal(text: str) -> None:
    try:
        amount = parse_money(text)
    except DomainError as refused:
        assert refused.code in REFUSALS and refused.params["value"] == text
        return
    typed = text.strip()
    assert typed.isascii() and set(typed) <= set("0123456789.")
    assert 0 <= amount <= MAX_CENTS and Decimal(typed) * 100 == amount


@pytest.mark.parametrize(("cents", "text"), [
    (0, "0.00"), (5, "0.05"), (2000, "20.00"), (123456, "1234.56"), (-5, "-0.05"),
    (-2000, "-20.00")])
def test_money_is_printed_with_two_decimals(cents: int, text: str) -> None:
    assert format_money(cents) == text
