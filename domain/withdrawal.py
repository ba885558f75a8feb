"""Withdrawal from a purchase (issue 34.2): the EU's right of withdrawal, with the
"withdraw from contract here" function consumer law asks for since 19 June 2026.

For 14 days after a purchase the member may withdraw from it. Credits are delivered at
once (the member agreed to that at checkout), so the right ends for the credits they
used; following the EU Court's Parship ruling (C-641/19) they pay only for what they
used: the unused credits of the order come back off their balance and their money
comes back, valued at the price they paid per credit.

- **The period** ends at midnight, in the site's time zone, at the end of the 14th day
  after the day of the payment (the day of payment does not count, as in Directive
  2011/83/EU read with Regulation 1182/71): paid on 1 December at 15:00, the member may
  withdraw until 15 December, 23:59:59.
- **Which credits are unused** (the attribution): a member spends their oldest credits
  first (first in, first out over every credit they received: the sign-up bonus,
  grants and purchases, in the order they were booked). So an order's credits are
  unused as long as the member's balance still covers them on top of everything added
  after it: ``unused = balance - added after the order``, at least 0 and at most what the
  order added. Credits an earlier refund took back from an order (a ledger ``revoke``
  keyed ``order:<id>:...``) come off that order's part, and off what was added after it
  when they belong to a later order. Credits given back for something that failed
  (kind ``refund``) undo a spend: they are no new credits. Any other take-back by an
  operator counts as spent.
- **The value** is the unused credits times the price paid per credit (what the order
  charged after any discount, divided by its credits), rounded **up** to the cent: in
  the member's favour, never more than what is still unrefunded of the order. All
  credits unused is exactly what was paid; none unused is nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import attrs

from domain.credits import EntryKind, LedgerEntry
from domain.errors import DomainError
from domain.orders import Order, OrderStatus

WITHDRAWAL_DAYS = 14
# The kinds whose credits are new credits (a lot the first-in-first-out order counts).
LOTS = frozenset({EntryKind.GRANT, EntryKind.SIGNUP_BONUS, EntryKind.PURCHASE})


def withdrawal_deadline(paid_at: datetime, time_zone: str) -> datetime:
    """The first moment the member can no longer withdraw: the midnight that ends the
    14th day after the day of payment, in the site's time zone."""
    zone = ZoneInfo(time_zone)
    day = paid_at.astimezone(zone).date() + timedelta(days=WITHDRAWAL_DAYS + 1)
    return datetime.combine(day, time(0), zone)


def purchase_key(order_id: int) -> str:
    """The ledger key of the order's credits (application.settlement books them so)."""
    return f"order:{order_id}:paid"


def withdrawal_key(order_id: int) -> str:
    """The ledger key of the credits a withdrawal takes back."""
    return f"order:{order_id}:withdrawn"


def _order_of(key: str) -> int | None:
    parts = key.split(":")
    if len(parts) >= 3 and parts[0] == "order" and parts[1].isdigit():
        return int(parts[1])
    return None


def unused_credits(order_id: int, entries: Sequence[LedgerEntry], balance: int) -> int:
    """The order's credits the member has not spent, first in first out (see above).
    ``entries``: the member's ledger entries oldest first (only those that add credits
    and the take-backs matter); ``balance``: their balance now."""
    lots: list[tuple[int | None, int]] = []  # (order or None, credits it added)
    taken: dict[int, int] = {}  # order: credits refunds took back from it
    for entry in entries:
        if entry.kind in LOTS and entry.amount > 0:
            lots.append((_order_of(entry.key) if entry.kind is EntryKind.PURCHASE else None,
                         entry.amount))
        elif entry.kind is EntryKind.REVOKE:
            owner = _order_of(entry.key)
            if owner is not None:
                taken[owner] = taken.get(owner, 0) - entry.amount  # amount is negative
    position = next((i for i, (owner, _) in enumerate(lots) if owner == order_id), None)
    if position is None:
        return 0
    left = [max(0, added - (taken.get(owner, 0) if owner is not None else 0))
            for owner, added in lots]
    after = sum(left[position + 1:])
    return max(0, min(left[position], balance - after))


def refund_value(unused: int, credits: int, paid: int, refunded: int = 0) -> int:
    """What ``unused`` of an order's ``credits`` are worth at the price paid per credit,
    in cents rounded up (the member's favour), at most what is still unrefunded."""
    if unused <= 0 or credits <= 0 or paid <= 0:
        return 0
    worth = -(-min(unused, credits) * paid // credits)  # ceil without floats
    return max(0, min(worth, paid - refunded))


@attrs.frozen(kw_only=True)
class WithdrawalPlan:
    """What withdrawing from an order does now: the credits that come back off the
    balance and the money that goes back."""

    order_id: int
    member_id: int
    currency: str
    paid: int  # cents the order charged
    refunded_before: int  # cents earlier refunds gave back
    credits: int  # what the order bought
    unused: int  # of those, still on the balance: taken back
    refund: int  # cents given back for them
    balance: int  # the member's balance before
    until: datetime  # the end of the withdrawal period

    @property
    def used(self) -> int:
        return self.credits - self.unused

    @property
    def balance_after(self) -> int:
        return self.balance - self.unused

    @property
    def full(self) -> bool:
        """All that was left of the money goes back: the order ends refunded."""
        return self.refunded_before + self.refund >= self.paid


def may_withdraw(order: Order, now: datetime, time_zone: str) -> datetime:
    """The end of the order's withdrawal period, if the member may withdraw from it now
    (a paid order with money left to give back, within the period); refused otherwise."""
    if order.status is not OrderStatus.PAID or order.paid_at is None:
        raise DomainError("order_not_withdrawable", state=order.status.value)
    if order.amount <= 0:
        raise DomainError("withdrawal_free_order")
    if order.refunded >= order.amount:
        raise DomainError("order_not_withdrawable", state=OrderStatus.REFUNDED.value)
    until = withdrawal_deadline(order.paid_at, time_zone)
    if now >= until:
        raise DomainError("withdrawal_period_over", days=WITHDRAWAL_DAYS,
                          until=until.isoformat())
    return until


def plan_withdrawal(order: Order, now: datetime, time_zone: str,
                    entries: Sequence[LedgerEntry], balance: int) -> WithdrawalPlan:
    """The withdrawal from ``order`` now; refused when the period is over, the order is
    not paid (or all of it refunded), it cost nothing or all its credits are spent."""
    until = may_withdraw(order, now, time_zone)
    unused = unused_credits(order.id, entries, balance)
    if unused <= 0:
        raise DomainError("withdrawal_credits_used", credits=order.credits)
    return WithdrawalPlan(
        order_id=order.id, member_id=order.member_id, currency=order.currency,
        paid=order.amount, refunded_before=order.refunded, credits=order.credits,
        unused=unused, refund=refund_value(unused, order.credits, order.amount, order.refunded),
        balance=balance, until=until)
