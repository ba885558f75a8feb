"""Refunds operators give (issue 32.4): all that is left of a paid order's money, or part
of it; several partial refunds add up to at most what was paid.

A refund takes back the share of the order's credits its money bought: the credits owed
back after all refunds so far are the order's credits times the share of the money given
back, rounded down (the member keeps a part of a credit until the last refund, which
takes back the rest). Credits come back from the member's balance; what they spent
already cannot be taken back (the balance never goes below zero) and is flagged for the
operators instead. The plan says all of that before anything moves, and is what the
operator confirms.
"""

from __future__ import annotations

from datetime import datetime

import attrs

from domain.errors import DomainError
from domain.money import format_money
from domain.orders import Order, OrderStatus, refundable


def credits_owed(credits: int, paid: int, refunded: int) -> int:
    """Credits owed back once ``refunded`` of the ``paid`` cents went back: none before
    any money, all once all of it did, the same share (rounded down) in between."""
    if refunded <= 0:
        return 0
    if refunded >= paid:
        return credits
    return credits * refunded // paid


@attrs.frozen(kw_only=True)
class RefundPlan:
    """What a refund of an order will do, in cents and credits."""

    order_id: int
    member_id: int
    currency: str
    paid: int  # what the order charged
    refunded_before: int  # what earlier refunds gave back
    amount: int  # what this refund gives back
    credits: int  # what the order bought
    credits_back: int  # what this refund owes back
    taken: int  # of those, what the balance gives back
    missing: int  # of those, what the member spent already: cannot be taken back
    balance: int  # the member's balance before

    @property
    def remaining(self) -> int:
        """Cents still refundable afterwards."""
        return self.paid - self.refunded_before - self.amount

    @property
    def full(self) -> bool:
        return self.remaining == 0

    @property
    def status_after(self) -> OrderStatus:
        return OrderStatus.REFUNDED if self.full else OrderStatus.PAID

    @property
    def balance_after(self) -> int:
        return self.balance - self.taken

    def same_as(self, confirmed: RefundPlan) -> bool:
        """Whether this refund still does what the operator confirmed: the same money and
        the same credits taken back and found spent (a balance that moved without
        changing those does not matter)."""
        return attrs.evolve(self, balance=confirmed.balance) == confirmed


def taken_from(balance: int, owed: int) -> int:
    """What a balance gives back of ``owed`` credits: never more than it holds."""
    return max(0, min(balance, owed))


def plan_refund(order: Order, now: datetime, refund_days: int, amount: int | None,
                balance: int) -> RefundPlan:
    """The refund of ``amount`` cents (None: all that is left) of a paid order within the
    site's refund period, with the credits it takes back from ``balance``."""
    refundable(order, now, refund_days)
    left = order.amount - order.refunded
    if left <= 0:
        raise DomainError("nothing_to_refund", order=order.id)
    amount = left if amount is None else amount
    if amount <= 0:
        raise DomainError("refund_amount_zero")
    if amount > left:
        raise DomainError("refund_too_much", order=order.id, amount=format_money(amount),
                          left=format_money(left), currency=order.currency)
    owed = (credits_owed(order.credits, order.amount, order.refunded + amount)
            - credits_owed(order.credits, order.amount, order.refunded))
    taken = taken_from(balance, owed)
    return RefundPlan(order_id=order.id, member_id=order.member_id, currency=order.currency,
                      paid=order.amount, refunded_before=order.refunded, amount=amount,
                      credits=order.credits, credits_back=owed, taken=taken,
                      missing=owed - taken, balance=balance)
