"""Discount codes in the shop on in-memory ports: the one best discount, codes held by
one live order and freed by a failed one, every refusal with its reason, the stay
discount, and a reused code flagged for the operators."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from application.prices import TypedCode
from domain.errors import DomainError
from domain.orders import OrderStatus
from domain.pricing import FIRST_PURCHASE, WELCOME_CODE, CodeStatus, DiscountKind
from tests.application.memory import MemoryUnitOfWork
from tests.application.people import NOW, balance
from tests.application.till import LONG_AGO, add_code, order_of, till


def test_a_gateway_that_fails_leaves_a_failed_order_and_frees_its_code() -> None:
    t = till()
    add_code(t.store, "SPRING10", 10)
    t.gateway.down = True
    with pytest.raises(DomainError, match="payment_unavailable"):
        t.checkout.start(t.ann, 1, "ideal", code="spring10", delivery_consent=True)
    [order] = t.store.orders.values()
    assert order.status is OrderStatus.FAILED and order.reserved_code is None
    t.gateway.down = False
    started = t.checkout.start(t.ann, 1, "ideal", code="SPRING10", delivery_consent=True)
    assert t.store.orders[started.order].amount == 900


def test_a_once_per_member_code_is_held_by_one_live_order_and_spent_by_a_paid_one() -> None:
    t = till()
    add_code(t.store, "SPRING10", 10)
    first = t.checkout.start(t.ann, 1, "ideal", code="SPRING10", delivery_consent=True)
    with pytest.raises(DomainError, match="code_used"):
        t.checkout.start(t.ann, 2, "ideal", code="SPRING10", delivery_consent=True)
    t.pay(first.payment_id)
    with pytest.raises(DomainError, match="code_used"):
        t.prices.discount(t.ann, "spring10", welcome=False)
    assert t.checkout.transactions(t.ann).transactions[0].discount_code == "SPRING10"


@pytest.mark.parametrize(("change", "code"), [
    ({"status": CodeStatus.DISABLED}, "code_not_found"),
    ({"expires": NOW - timedelta(seconds=1)}, "code_expired"),
    ({"country": "DE"}, "code_country"),
    ({"currency": "USD"}, "code_currency"),
    ({"member_id": 999}, "code_not_found"),
    ({"site_ids": (2,)}, "code_not_found"),
    ({"minimum_order_value": 2000}, "code_minimum_order"),
    ({"paymentmethods": ("creditcard",)}, "code_payment_method"),
])
def test_a_typed_code_that_does_not_fit_is_refused_with_its_reason(
        change: dict[str, object], code: str) -> None:
    t = till()
    add_code(t.store, "SPRING10", 10, **change)
    with pytest.raises(DomainError, match=code):
        t.checkout.start(t.ann, 1, "ideal", code="SPRING10", delivery_consent=True)
    assert not t.store.orders and not t.gateway.requests


def test_the_best_single_discount_applies_never_two() -> None:
    t = till(created_at=NOW - timedelta(hours=1))  # the 25 % time bonus runs
    add_code(t.store, "SMALL", 10)
    add_code(t.store, "BIG", 40)
    small = t.prices.discount(t.ann, "small", welcome=False)
    assert isinstance(small, TypedCode)
    assert [b.discounted_price for b in small.bundles] == [750, 1800]  # the bonus is better
    assert t.checkout.start(t.ann, 1, "ideal", code="BIG", delivery_consent=True).order
    assert [o.amount for o in t.store.orders.values()] == [600]


def test_the_stay_discount_is_claimed_once_and_used_once() -> None:
    t = till()
    claimed = t.prices.claim_stay_discount(t.ann)  # the company's delete discount: 50 %
    assert claimed.value_percentage == 50 and not claimed.spent
    assert t.prices.claim_stay_discount(t.ann) == claimed
    assert [b.discounted_price for b in t.prices.bundles(t.ann).bundles] == [500, 1200]
    t.bought()
    assert t.prices.claim_stay_discount(t.ann).spent
    assert [b.discounted_price for b in t.prices.bundles(t.ann).bundles] == [1000, 2400]


def test_a_code_spent_twice_is_flagged_and_the_credits_still_come() -> None:
    """An order from before reservations spent the once-per-member code already: the
    member paid this price, so the credits come, and the operators see the reuse."""
    t = till()
    add_code(t.store, "SPRING10", 10)
    started = t.checkout.start(t.ann, 1, "ideal", code="SPRING10", delivery_consent=True)
    with MemoryUnitOfWork(t.store) as uow:
        legacy = uow.orders.add(attrs.evolve(
            t.store.orders[started.order], reserved_code=None, status=OrderStatus.PAID,
            payment_id="tr_old", paid_at=LONG_AGO))
        uow.commit()
    t.pay(started.payment_id)
    assert balance(t.store, t.ann) == 100
    [(_, flag)] = t.store.flags
    assert flag.flag == "discount_code_reused"
    assert flag.details == {"order": started.order, "code": "SPRING10", "orders": [legacy.id]}


# --- the first-purchase discount, held like a code (issue 28.5) ----------------------------


def test_the_time_bonus_goes_to_one_open_order_at_a_time() -> None:
    """Four orders within the four hours: only the first gets the 25 %, and while it is
    open the shop offers the bonus to no other order (it says which order holds it)."""
    t = till(created_at=NOW - timedelta(hours=1))
    started = [t.checkout.start(t.ann, 1, "ideal", delivery_consent=True) for _ in range(4)]
    orders = [t.store.orders[s.order] for s in started]
    assert [o.amount for o in orders] == [750, 1000, 1000, 1000]
    assert [o.discount_code for o in orders] == ["TIMEBONUS25", None, None, None]
    offer = t.prices.bundles(t.ann)
    assert offer.discount is None and [b.discounted_price for b in offer.bundles] == [1000, 2400]
    assert offer.held_discount is not None and offer.held_discount.order == started[0].order
    assert offer.held_discount.kind is DiscountKind.TIME_BONUS
    with pytest.raises(DomainError, match="code_used"):
        t.prices.discount(t.ann, None, welcome=True)
    add_code(t.store, "SMALL", 10)  # a typed code is priced without the held bonus
    typed = t.prices.discount(t.ann, "small", False)
    assert isinstance(typed, TypedCode) and [b.discounted_price for b in typed.bundles] == [
        900, 2160]


def test_a_failed_order_frees_the_first_purchase_discount_and_a_paid_one_spends_it() -> None:
    t = till(created_at=NOW - timedelta(hours=1))
    first = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)
    t.pay(first.payment_id, "expired")
    assert t.prices.bundles(t.ann).held_discount is None
    second = t.checkout.start(t.ann, 2, "ideal", delivery_consent=True)
    assert t.store.orders[second.order].amount == 1800
    t.pay(second.payment_id)
    offer = t.prices.bundles(t.ann)
    assert offer.discount is None and offer.held_discount is None
    assert order_of(t, t.checkout.start(t.ann, 1, "ideal",
                                        delivery_consent=True).order).amount == 1000
    t.pay(second.payment_id, "refunded")  # a refund does not give it back
    assert order_of(t, t.checkout.start(t.ann, 1, "ideal",
                                        delivery_consent=True).order).amount == 1000


def test_the_welcome_discount_does_not_step_in_for_a_held_time_bonus() -> None:
    """Both are the one first-purchase discount: when the time bonus ends while its order
    is open, the welcome discount is not a second one for another order."""
    t = till(created_at=NOW - timedelta(hours=3))
    first = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)
    t.clock.current += timedelta(hours=2)  # the bonus is over, the 48 h welcome runs
    offer = t.prices.bundles(t.ann)
    assert offer.discount is None and offer.held_discount is not None
    assert offer.held_discount.kind is DiscountKind.WELCOME
    assert order_of(t, t.checkout.start(t.ann, 1, "ideal",
                                        delivery_consent=True).order).amount == 1000
    t.pay(first.payment_id, "canceled")
    again = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)
    assert order_of(t, again.order).discount_code == "WELCOME25"


def test_the_order_with_the_first_purchase_discount_holds_its_reservation() -> None:
    """What the store's unique reservation (uq_orders_reserved_code) keeps to one live
    order: the time bonus and the welcome discount are held under one name."""
    t = till(created_at=NOW - timedelta(hours=1))
    order = order_of(t, t.checkout.start(t.ann, 1, "ideal", delivery_consent=True).order)
    assert order.reserved_code == FIRST_PURCHASE
    with MemoryUnitOfWork(t.store) as uow, pytest.raises(DomainError, match="code_used"):
        uow.orders.add(attrs.evolve(order, discount_code=WELCOME_CODE))
