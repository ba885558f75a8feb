"""The gateway's news of a payment (issue 7): its webhook says 'look at payment X', the
gateway's status moves the order, and the order's step moves the credits.

Credits move only inside the unit of work that moves the order, and only on the order's
step into 'paid', so a webhook replayed or raced adds them exactly once. Money the
gateway reports back (a refund made there, a chargeback) takes the rest of the credits
back as an operator's refund would (application.shared.refunds).
"""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, PaymentSettled, member_channel
from application.ports.payments import PaymentGateway
from application.ports.shop import Refund
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.ledger import book, credits_event
from application.shared.lookups import existing_member
from application.shared.outbox import notify_later
from application.shared.receipts import issue_receipt
from application.shared.refunds import take_back
from application.shared.vat import vat_of
from domain.credits import EntryKind
from domain.orders import (
    CODE_SPENT,
    TAKEN_BACK,
    Order,
    OrderStatus,
    credit_change,
    next_status,
    reported_status,
)
from domain.pricing import Validity
from domain.refunds import credits_owed
from domain.vat import TaxEvidence


@attrs.frozen
class Settlement:
    uow: UnitFactory[ShopUnit]
    clock: Clock
    gateway: PaymentGateway
    events: EventBus

    def webhook(self, provider: str, payment_id: str) -> None:
        """The gateway says 'look at payment X': ask it for the status and move the order.
        Unknown ids are ignored (the gateway gets 200 either way)."""
        if provider != self.gateway.name or not payment_id:
            return
        reported = self.gateway.status(payment_id)
        if reported is None:
            return
        status = reported_status(reported)
        # Tax evidence the provider has once the money is there (a card's, a bank's country).
        country = (self.gateway.payment_country(payment_id) if status is OrderStatus.PAID
                   else None)
        self.settle(provider, payment_id, status, country)

    def settle(self, provider: str, payment_id: str, reported: OrderStatus,
               payment_country: str | None = None) -> None:
        now = self.clock.now()
        with self.uow() as uow:
            order = uow.orders.by_payment(provider, payment_id)
            if order is None:
                return
            after = next_status(order.status, reported)
            if after is order.status or not uow.orders.advance(order.id, order.status, after,
                                                               now):
                return  # nothing new, or a concurrent webhook made this step already
            if after in TAKEN_BACK:
                balance = self._money_went_back(uow, order, after, provider, now)
            else:
                balance = self._move_credits(uow, order, after, now)
            if after is OrderStatus.PAID:
                self._check_code_once(uow, order, now)
                # VAT falls due as the money arrives: the evidence with the payment's
                # country now, at the rate of the day it was paid.
                uow.orders.set_vat(order.id, payment_country, vat_of(
                    uow, order.site_id, order.amount, TaxEvidence(
                        order.profile_country, order.geoip_country, payment_country),
                    now.date()))
            settled = PaymentSettled(order=order.id, status=after)
            notify_later(uow, member_channel(order.member_id), settled)  # the receipt
            if after is OrderStatus.PAID:  # last: the company's receipt counter stays
                issue_receipt(uow, order, now)  # locked until this commit (issue 34.4)
            uow.commit()
        self.events.publish(member_channel(order.member_id), settled)
        if balance is not None:
            self.events.publish(member_channel(order.member_id), credits_event(balance))

    @staticmethod
    def _check_code_once(uow: ShopUnit, order: Order, now: datetime) -> None:
        """The reservation is checked again as the money arrives: a once-per-member code
        already spent by another order (one from before reservations, say) is flagged for
        the operators. The member paid this price, so the credits still come."""
        code = uow.discount_codes.get(order.discount_code) if order.discount_code else None
        if code is None or code.validity is not Validity.ONCE_PER_USER:
            return
        others = [o.id for o in uow.shop_queries.orders_of(order.member_id)
                  if o.id != order.id and o.discount_code == code.code
                  and o.status in CODE_SPENT]
        if others:
            uow.member_flags.add(order.member_id, "discount_code_reused",
                                 {"order": order.id, "code": code.code, "orders": others}, now)

    @staticmethod
    def _move_credits(uow: ShopUnit, order: Order, after: OrderStatus,
                      now: datetime) -> int | None:
        change = credit_change(order.status, after, order.credits)
        if change <= 0:
            return None
        book(uow, order.member_id, EntryKind.PURCHASE, change, f"order:{order.id}:paid",
             f"order {order.id}", now)
        member = existing_member(uow, order.member_id)
        if not member.paid_user:  # the first purchase makes a member premium
            uow.members.save(member, member.became_premium())
        return uow.ledger.balance(order.member_id)

    @staticmethod
    def _money_went_back(uow: ShopUnit, order: Order, after: OrderStatus,
                         provider: str, now: datetime) -> int | None:
        """The gateway reports the rest of a paid order's money back (a refund made at
        the provider, a chargeback): the rest of its credits come back and the money is
        kept as a refund of the provider's."""
        current = uow.orders.get(order.id) or order  # after the step: nothing moves it now
        back = current.amount - current.refunded
        if back > 0 and uow.orders.give_back(order.id, back) is None:
            raise AssertionError("an order's refunded total moved past its amount")
        owed = -credit_change(OrderStatus.PAID, after, order.credits,
                              credits_owed(order.credits, order.amount, current.refunded))
        taken, missing = take_back(uow, order, owed, f"order:{order.id}:{after.value}",
                                   after, now)
        uow.orders.add_refund(Refund(order_id=order.id, amount=back, credits=taken,
                                     missing=missing, kind=after.value,
                                     reason=f"reported by {provider}", actor=provider,
                                     created_at=now))
        return uow.ledger.balance(order.member_id) if owed else None
