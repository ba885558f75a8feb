"""Money going back on a paid order, and the credits it bought with it: an operator's
refund (application.refunds), a member's withdrawal (application.withdrawals) and the
gateway's report of a refund or chargeback made there (application.settlement) take
credits back alike, never below zero, flagging for the operators those spent already."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.events import PaymentSettled, member_channel
from application.ports.shop import Refund
from application.ports.units import ShopUnit
from application.shared.ledger import book
from application.shared.outbox import notify_later
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.money import format_money
from domain.orders import Order, OrderStatus
from domain.refunds import RefundPlan, credits_owed, taken_from

CREDITS_SPENT = "payment_reversed_credits_spent"  # money back, credits spent already


@attrs.frozen
class Refunded:
    """A refund given: the order after it, the refund as kept (its credits taken back
    and those spent already) and the member's balance after it."""

    order: Order
    refund: Refund
    balance: int


def take_back(uow: ShopUnit, order: Order, owed: int, key: str, status: OrderStatus,
              now: datetime) -> tuple[int, int]:
    """Take back what is left of ``owed`` credits; what was spent already is flagged,
    never negative. (taken, missing)."""
    taken = taken_from(uow.ledger.balance(order.member_id), owed)
    if taken:
        book(uow, order.member_id, EntryKind.REVOKE, taken, key,
             f"order {order.id} {status.value}", now)
    if taken < owed:
        uow.member_flags.add(order.member_id, CREDITS_SPENT,
                             {"order": order.id, "missing": owed - taken,
                              "status": status.value}, now)
    return taken, owed - taken


def give_back(uow: ShopUnit, order: Order, plan: RefundPlan, reason: str, actor: str,
              now: datetime, *, kind: str = OrderStatus.REFUNDED.value,
              key: str | None = None, action: str = "orders.refund") -> Refunded:
    """The refund's writes, in the caller's unit of work: the order's refunded total,
    the credits taken back, the order's step into refunded once all is back, the
    refund (``kind``), the audit line (``action``) and the member's notice. The
    credits owed back are the money's share of the order's, unless ``key`` is given
    (a withdrawal, issue 34.2): then exactly the plan's ``credits_back``, booked
    under that ledger key."""
    total = uow.orders.give_back(order.id, plan.amount)
    if total is None:  # another refund took the rest meanwhile
        raise DomainError("refund_plan_changed", order=order.id)
    owed = plan.credits_back if key is not None else (
        credits_owed(order.credits, order.amount, total)
        - credits_owed(order.credits, order.amount, total - plan.amount))
    taken, missing = take_back(uow, order, owed, key or f"order:{order.id}:refund:{total}",
                               OrderStatus.REFUNDED, now)
    if total == order.amount and not uow.orders.advance(
            order.id, OrderStatus.PAID, OrderStatus.REFUNDED, now):
        raise DomainError("refund_plan_changed", order=order.id)
    refund = Refund(order_id=order.id, amount=plan.amount, credits=taken, missing=missing,
                    kind=kind, reason=reason, actor=actor, created_at=now)
    uow.orders.add_refund(refund)
    uow.audit.record(now, actor, action, str(order.id), {
        "member": order.member_id, "amount": format_money(plan.amount),
        "currency": order.currency, "refunded": format_money(total),
        "paid": format_money(order.amount), "credits_taken": taken,
        "credits_spent": missing, "reason": reason})
    if total == order.amount:
        notify_later(uow, member_channel(order.member_id),
                     PaymentSettled(order=order.id, status=OrderStatus.REFUNDED))
    after = uow.orders.get(order.id)
    assert after is not None
    return Refunded(order=after, refund=refund,
                    balance=uow.ledger.balance(order.member_id))
