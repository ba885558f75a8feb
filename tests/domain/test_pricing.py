"""Properties of prices, discounts, the time bonus and order steps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.orders import OrderStatus, credit_change, next_status
from domain.pricing import (
    TIME_BONUS_CODE,
    Buyer,
    CodeStatus,
    DiscountCode,
    Validity,
    active_discount,
    check_code,
    discounted,
    time_bonus,
    time_bonus_left,
)

NOW = datetime(2026, 11, 21, 12, tzinfo=UTC)
percentages = st.decimals(min_value=Decimal("0.01"), max_value=Decimal(100), places=2)


def buyer(**changes: object) -> Buyer:
    values: dict[str, object] = {"member_id": 1, "country": "NL", "paid_user": False,
                                 "signup_at": NOW - timedelta(hours=1)}
    values.update(changes)
    return Buyer(**values)  # type: ignore[arg-type]


@given(price=st.integers(1, 10_000_000), percentage=percentages)
def test_a_discounted_price_is_whole_cents_never_negative(price: int, percentage: Decimal
                                                          ) -> None:
    after = discounted(price, percentage)
    assert isinstance(after, int) and 0 <= after <= price
    exact = Decimal(price) * (1 - percentage / 100)
    assert abs(Decimal(after) - exact) <= Decimal("0.5")


def test_rounding_is_half_up() -> None:
    assert discounted(1999, Decimal(25)) == 1499  # 499.75 off rounds to 500
    assert discounted(2, Decimal(25)) == 1  # 0.5 off rounds to 1
    assert discounted(1000, None) == 1000


@given(minimum=st.integers(0, 5000), order=st.integers(0, 5000))
def test_minimum_order_value(minimum: int, order: int) -> None:
    code = DiscountCode(code="X", value_percentage=Decimal(10), minimum_order_value=minimum)
    if order >= minimum:
        assert check_code(code, buyer(), False, NOW, order_value=order) is code
    else:
        with pytest.raises(DomainError, match="code_minimum_order"):
            check_code(code, buyer(), False, NOW, order_value=order)


@pytest.mark.parametrize("code, changes, expected", [
    (None, {}, "code_not_found"),
    (DiscountCode(code="X", value_percentage=Decimal(5), status=CodeStatus.DISABLED), {},
     "code_not_found"),
    (DiscountCode(code="X", value_percentage=Decimal(5), member_id=9), {}, "code_not_found"),
    (DiscountCode(code="X", value_percentage=Decimal(5), expires=NOW), {}, "code_expired"),
    (DiscountCode(code="X", value_percentage=Decimal(5)), {"used": True}, "code_used"),
    (DiscountCode(code="X", value_percentage=Decimal(5), country="DE"), {}, "code_country"),
    (DiscountCode(code="X", value_percentage=Decimal(5), paymentmethods=("ideal",)),
     {"method": "creditcard"}, "code_payment_method"),
    (DiscountCode(code="X", value_percentage=Decimal(5), currency="USD"),
     {"currency": "EUR"}, "code_currency"),
])
def test_code_rules(code: DiscountCode | None, changes: dict[str, object], expected: str
                    ) -> None:
    with pytest.raises(DomainError) as refused:
        check_code(code, buyer(), bool(changes.get("used")), NOW,
                   method=changes.get("method"), currency=changes.get("currency"))  # type: ignore[arg-type]
    assert refused.value.code == expected


def test_unlimited_codes_may_be_used_again() -> None:
    code = DiscountCode(code="X", value_percentage=Decimal(5), validity=Validity.UNLIMITED)
    assert check_code(code, buyer(), True, NOW) is code


@given(since_signup=st.integers(-10, 30_000), paid=st.booleans())
def test_time_bonus_window(since_signup: int, paid: bool) -> None:
    member = buyer(paid_user=paid, signup_at=NOW - timedelta(seconds=since_signup))
    left = time_bonus_left(member, NOW)
    if paid or since_signup >= 14400:
        assert left is None and time_bonus(member, NOW) is None
    else:
        assert left == timedelta(seconds=14400 - since_signup)
        bonus = time_bonus(member, NOW)
        assert bonus is not None and bonus.code == TIME_BONUS_CODE
        assert bonus.value_percentage == Decimal("25.0") and bonus.expires == NOW + left


def test_the_time_bonus_comes_before_the_welcome_discount() -> None:
    assert active_discount(buyer(), NOW, welcome_hours=48).code == TIME_BONUS_CODE  # type: ignore[union-attr]
    later = buyer(signup_at=NOW - timedelta(hours=5))
    assert active_discount(later, NOW, welcome_hours=48).code == "WELCOME25"  # type: ignore[union-attr]
    assert active_discount(later, NOW, welcome_hours=4) is None
    assert active_discount(buyer(paid_user=True), NOW, welcome_hours=48) is None


statuses = st.sampled_from(list(OrderStatus))


@given(reports=st.lists(statuses, max_size=20), credits=st.integers(1, 1000))
def test_credits_are_added_exactly_once(reports: list[OrderStatus], credits: int) -> None:
    """However the gateway's reports come (replayed, out of order), the credits booked
    add up to the bundle when the order ends paid, and to nothing otherwise."""
    status, total = OrderStatus.OPEN, 0
    for reported in reports:
        after = next_status(status, reported)
        total += credit_change(status, after, credits)
        status = after
    assert total == (credits if status is OrderStatus.PAID else 0)
    assert 0 <= total <= credits
