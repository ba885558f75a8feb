"""Refunds operators give (issue 7): what refunding part or all of a paid order would
do, and the refund itself, the gateway first and then, in one transaction, the money,
the credits taken back and the audit line (application.shared.refunds)."""

from __future__ import annotations

import logging
from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, PaymentSettled, member_channel
from application.ports.payments import PaymentGateway
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.ledger import credits_event
from application.shared.refunds import Refunded, give_back
from domain.errors import DomainError
from domain.money import format_money, parse_money
from domain.orders import Order, OrderStatus
from domain.refunds import RefundPlan, plan_refund

log = logging.getLogger(__name__)


@attrs.frozen
class Refunds:
    uow: UnitFactory[ShopUnit]
    clock: Clock
    gateway: PaymentGateway
    events: EventBus

    def refund_plan(self, order_id: int, amount: str | None = None,
                    reason: str | None = None) -> RefundPlan:
        """What refunding ``amount`` (currency units; None: all that is left) of the order
        would do now, changing nothing: the money, the credits taken back and those that
        cannot be (spent already). A ``reason`` given is checked as the refund would."""
        if reason is not None and not reason.strip():
            raise DomainError("reason_required")
        cents = parse_money(amount) if amount is not None else None
        with self.uow() as uow:
            return self._plan(uow, order_id, cents, self.clock.now())[1]

    @staticmethod
    def _plan(uow: ShopUnit, order_id: int, cents: int | None,
              now: datetime) -> tuple[Order, RefundPlan]:
        order = uow.orders.get(order_id)
        if order is None:
            raise DomainError("order_not_found")
        site = uow.sites.get(order.site_id)
        return order, plan_refund(order, now, site.refund_days if site else 0, cents,
                                  uow.ledger.balance(order.member_id))

    def refund(self, order_id: int, actor: str, *, reason: str, amount: str | None = None,
               confirmed: RefundPlan | None = None) -> Refunded:
        """Operators give back ``amount`` (currency units; None: all that is left) of a
        paid order within the site's refund period, for a reason. With ``confirmed``,
        only if the refund would still do what that plan said.

        The gateway is asked first, inside the unit of work but before it writes
        anything: if it refuses, nothing changed. Then, in that one transaction, the
        order's refunded total (a conditional update: never past what was paid), its
        step into 'refunded' once all is back, the credits taken back, the flag for
        those spent already, the refund, the audit line and the member's notice."""
        reason = reason.strip()
        if not reason:
            raise DomainError("reason_required")
        cents = parse_money(amount) if amount is not None else None
        now = self.clock.now()
        with self.uow() as uow:
            order, plan = self._plan(uow, order_id, cents, now)
            if confirmed is not None and not plan.same_as(confirmed):
                raise DomainError("refund_plan_changed", order=order.id)
            assert order.payment_id is not None  # a paid order was paid through one
            try:
                self.gateway.refund(order.payment_id, plan.amount, plan.currency)
            except Exception as error:
                log.info("refund of order %s refused by %s: %r", order.id,
                         self.gateway.name, error)
                said = " ".join(str(error).split())[:200] or type(error).__name__
                raise DomainError("refund_failed", order=order.id, provider=self.gateway.name,
                                  detail=said) from None
            try:
                refunded = give_back(uow, order, plan, reason, actor, now)
                uow.commit()
            except Exception:
                # The money went back but this could not be kept: say so loudly, with
                # what an operator needs to put it right.
                log.critical("order %s: %s %s refunded at %s but not recorded", order.id,
                             format_money(plan.amount), plan.currency, self.gateway.name)
                raise
        if refunded.order.status is OrderStatus.REFUNDED:
            self.events.publish(member_channel(order.member_id),
                                PaymentSettled(order=order.id, status=OrderStatus.REFUNDED))
        if refunded.refund.credits:
            self.events.publish(member_channel(order.member_id),
                                credits_event(refunded.balance))
        return refunded
