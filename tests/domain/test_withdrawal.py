"""Withdrawal (issue 34.2): the period, which credits of an order are unused (first in,
first out) and what they are worth (rounded up, in the member's favour)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.credits import EntryKind, LedgerEntry
from domain.errors import DomainError
from domain.orders import Order, OrderStatus
from domain.withdrawal import (
    plan_withdrawal,
    refund_value,
    unused_credits,
    withdrawal_deadline,
)

AT = datetime(2026, 12, 1, 14, 0, tzinfo=UTC)  # 15:00 in Amsterdam


def entry(kind: EntryKind, amount: int, key: str) -> LedgerEntry:
    return LedgerEntry(member_id=1, kind=kind, amount=amount, balance_after=0, key=key, at=AT)


def bought(order_id: int, credits: int) -> LedgerEntry:
    return entry(EntryKind.PURCHASE, credits, f"order:{order_id}:paid")


def spent(credits: int, key: str = "m") -> LedgerEntry:
    return entry(EntryKind.MESSAGE, -credits, key)


def paid_order(credits: int = 100, amount: int = 1000, **change: object) -> Order:
    values: dict[str, object] = {
        "id": 7, "member_id": 1, "site_id": 1, "bundle_id": 1, "credits": credits,
        "amount": amount, "currency": "EUR", "method": "ideal", "status": OrderStatus.PAID,
        "created_at": AT, "paid_at": AT, **change}
    return Order(**values)  # type: ignore[arg-type]


# --- the value --------------------------------------------------------------------------

@given(credits=st.integers(1, 100_000), paid=st.integers(0, 10_000_000), data=st.data())
def test_the_value_is_never_negative_nor_more_than_paid(credits: int, paid: int,
                                                        data: st.DataObject) -> None:
    unused = data.draw(st.integers(-5, credits + 5))
    value = refund_value(unused, credits, paid)
    assert 0 <= value <= paid


@given(credits=st.integers(1, 100_000), paid=st.integers(1, 10_000_000))
def test_all_unused_is_all_paid_and_none_unused_is_nothing(credits: int, paid: int) -> None:
    assert refund_value(credits, credits, paid) == paid
    assert refund_value(0, credits, paid) == 0


@given(credits=st.integers(1, 100_000), paid=st.integers(1, 10_000_000), data=st.data())
def test_the_value_is_rounded_up_to_the_cent(credits: int, paid: int,
                                             data: st.DataObject) -> None:
    unused = data.draw(st.integers(1, credits))
    value = refund_value(unused, credits, paid)
    # The exact worth is unused * paid / credits: the refund is it or the next cent up.
    assert value * credits >= unused * paid > (value - 1) * credits
    # More unused credits are never worth less.
    assert refund_value(unused - 1, credits, paid) <= value


@given(credits=st.integers(1, 10_000), paid=st.integers(1, 1_000_000), data=st.data())
def test_the_value_never_exceeds_what_is_left_after_earlier_refunds(
        credits: int, paid: int, data: st.DataObject) -> None:
    refunded = data.draw(st.integers(0, paid))
    unused = data.draw(st.integers(0, credits))
    assert 0 <= refund_value(unused, credits, paid, refunded) <= paid - refunded


def test_examples_of_the_value() -> None:
    assert refund_value(40, 100, 1000) == 400
    assert refund_value(1, 3, 1000) == 334  # 333.33 rounded up
    assert refund_value(2, 3, 1000) == 667  # 666.67 rounded up
    assert refund_value(1, 300, 2400) == 8


# --- which credits are unused -----------------------------------------------------------

def fifo(order_id: int, ledger: list[LedgerEntry]) -> int:
    """A plain simulation: every credit added is a lot, spends eat the oldest first."""
    lots: list[list[int]] = []  # [order or 0, credits left]
    for e in ledger:
        if e.amount > 0:
            owner = int(e.key.split(":")[1]) if e.key.startswith("order:") else 0
            lots.append([owner, e.amount])
        else:
            need = -e.amount
            for lot in lots:
                took = min(lot[1], need)
                lot[1] -= took
                need -= took
    return sum(left for owner, left in lots if owner == order_id)


ledgers = st.lists(st.one_of(
    st.tuples(st.just("buy"), st.integers(1, 500)),
    st.tuples(st.just("grant"), st.integers(1, 100)),
    st.tuples(st.just("spend"), st.integers(1, 300)),
), max_size=25)


def book(steps: list[tuple[str, int]]) -> tuple[list[LedgerEntry], int, list[int]]:
    """The steps as a ledger (spends only of what the balance holds); its balance and
    the orders bought."""
    ledger, balance, orders = [entry(EntryKind.SIGNUP_BONUS, 20, "bonus")], 20, []
    for i, (step, amount) in enumerate(steps):
        if step == "buy":
            orders.append(i + 1)
            ledger.append(bought(i + 1, amount))
            balance += amount
        elif step == "grant":
            ledger.append(entry(EntryKind.GRANT, amount, f"grant:{i}"))
            balance += amount
        elif min(amount, balance):
            ledger.append(spent(min(amount, balance), f"m{i}"))
            balance -= min(amount, balance)
    return ledger, balance, orders


@given(ledgers)
def test_unused_credits_are_counted_first_in_first_out(steps: list[tuple[str, int]]) -> None:
    ledger, balance, orders = book(steps)
    for order_id in orders:
        assert unused_credits(order_id, ledger, balance) == fifo(order_id, ledger)
    # The unused parts of all orders never add up to more than the balance.
    assert sum(unused_credits(o, ledger, balance) for o in orders) <= balance


def test_spending_eats_the_bonus_and_older_orders_first() -> None:
    ledger = [entry(EntryKind.SIGNUP_BONUS, 20, "bonus"), bought(1, 100), spent(50),
              bought(2, 300), spent(80)]
    balance = 20 + 100 - 50 + 300 - 80
    assert unused_credits(1, ledger, balance) == 0  # 20 bonus + 100 spent (130 in all)
    assert unused_credits(2, ledger, balance) == 290  # 10 of it spent
    assert unused_credits(3, ledger, balance) == 0  # not on this ledger


def test_credits_given_back_undo_a_spend_and_refunds_come_off_their_order() -> None:
    ledger = [bought(1, 100), spent(30), entry(EntryKind.REFUND, 30, "message:9:back"),
              bought(2, 100), entry(EntryKind.REVOKE, -50, "order:2:refund:500")]
    balance = 100 - 30 + 30 + 100 - 50
    assert unused_credits(1, ledger, balance) == 100
    assert unused_credits(2, ledger, balance) == 50
    # An operator's take-back of no order counts as spent (from the oldest first).
    ledger.append(entry(EntryKind.REVOKE, -120, "operator:1"))
    assert unused_credits(1, ledger, balance - 120) == 0
    assert unused_credits(2, ledger, balance - 120) == 30


# --- the period and the plan ------------------------------------------------------------

def test_the_period_ends_at_midnight_after_the_14th_day_in_the_sites_time_zone() -> None:
    until = withdrawal_deadline(AT, "Europe/Amsterdam")
    assert until == datetime(2026, 12, 15, 23, 0, tzinfo=UTC)  # 16 Dec 00:00 in Amsterdam
    # Paid just before midnight local time: that day does not count either.
    late = datetime(2026, 12, 1, 22, 59, tzinfo=UTC)
    assert withdrawal_deadline(late, "Europe/Amsterdam") == until
    assert withdrawal_deadline(late + timedelta(minutes=1), "Europe/Amsterdam") == (
        until + timedelta(days=1))


def test_a_plan_within_the_period_takes_back_the_unused_credits() -> None:
    ledger = [bought(7, 100), spent(40)]
    plan = plan_withdrawal(paid_order(), AT + timedelta(days=3), "Europe/Amsterdam", ledger, 60)
    assert (plan.unused, plan.used, plan.refund, plan.balance_after) == (60, 40, 600, 0)
    assert not plan.full
    whole = plan_withdrawal(paid_order(), AT, "Europe/Amsterdam", [bought(7, 100)], 100)
    assert whole.refund == 1000 and whole.full


@pytest.mark.parametrize(("order", "offset", "code"), [
    (paid_order(), timedelta(days=14, hours=9), "withdrawal_period_over"),
    (paid_order(status=OrderStatus.REFUNDED), timedelta(0), "order_not_withdrawable"),
    (paid_order(status=OrderStatus.OPEN, paid_at=None), timedelta(0), "order_not_withdrawable"),
    (paid_order(refunded=1000), timedelta(0), "order_not_withdrawable"),
    (paid_order(amount=0), timedelta(0), "withdrawal_free_order"),
])
def test_no_withdrawal_after_the_period_nor_of_refunded_unpaid_or_free_orders(
        order: Order, offset: timedelta, code: str) -> None:
    with pytest.raises(DomainError) as refused:
        plan_withdrawal(order, AT + offset, "Europe/Amsterdam", [bought(7, 100)], 100)
    assert refused.value.code == code


def test_no_withdrawal_once_every_credit_is_spent() -> None:
    with pytest.raises(DomainError) as refused:
        plan_withdrawal(paid_order(), AT, "Europe/Amsterdam", [bought(7, 100), spent(100)], 0)
    assert refused.value.code == "withdrawal_credits_used"
