"""The checkout (issue 7): an order for a bundle at the price after the one discount
that applies, with its VAT and the checkout's tick, and its payment at the gateway; the
last order again in one step; the member's orders as their transactions page lists them.

The order is paid later, by the gateway's report (application.settlement).
"""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.payments import Mandate, PaymentGateway, PaymentRequest
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.buyers import buyer_of, check_direct_debit, where_is
from application.shared.lookups import site_of_member
from application.shared.offers import automatic_discounts, own_bundle
from application.shared.orders import StartedOrder
from application.shared.vat import vat_of
from domain.checkout_consent import checkout_consent
from domain.errors import DomainError
from domain.members import Member
from domain.orders import METHODS, Order, OrderStatus
from domain.payment_methods import offered_to
from domain.pricing import (
    Bundle,
    DiscountCode,
    Whereabouts,
    best_discount,
    check_code,
    discount_kind,
    discounted,
    reservation,
)
from domain.sites import Site
from domain.vat import TaxEvidence


@attrs.frozen(kw_only=True)
class OrderView:
    id: int
    payment_id: str | None
    bundle_id: int
    credits: int
    method: str
    amount: int  # cents charged
    currency: str
    status: OrderStatus
    discount_code: str | None
    created_at: datetime
    paid_at: datetime | None
    receipt_number: str | None = None  # its receipt's, once paid (issue 34.4)

    @classmethod
    def of(cls, order: Order, receipt_number: str | None = None) -> OrderView:
        return cls(id=order.id, payment_id=order.payment_id, bundle_id=order.bundle_id,
                   credits=order.credits, method=order.method, amount=order.amount,
                   currency=order.currency, status=order.status,
                   discount_code=order.discount_code, created_at=order.created_at,
                   paid_at=order.paid_at, receipt_number=receipt_number)


@attrs.frozen
class OneOrder:
    order: OrderView


@attrs.frozen
class Transactions:
    transactions: list[OrderView]


@attrs.frozen
class Checkout:
    uow: UnitFactory[ShopUnit]
    clock: Clock
    gateway: PaymentGateway
    base_url: str

    def start(self, member: Member, bundle_id: int, method: str, issuer: str | None = None,
              code: str | None = None, repeat: bool = False,
              geoip_country: str | None = None, *, delivery_consent: bool) -> StartedOrder:
        """An order at the price after the one discount that applies, and its payment;
        only with the checkout's tick (``delivery_consent``), which the order keeps with
        its VAT (issue 34)."""
        now = self.clock.now()
        consent = checkout_consent(delivery_consent, now)
        if method not in METHODS or not offered_to(member.profile.country, method):
            raise DomainError("invalid_payment_method")
        where = where_is(member, geoip_country)
        with self.uow() as uow:
            site = site_of_member(uow, member)
            site.refuse_if_closed()  # a closed site sells nothing (issue 32.5)
            bundle = own_bundle(uow, member, bundle_id, where)
            mandate = (self._mandate(uow, site, member, now) if method == "directdebit"
                       else None)
            discount = self._discount(uow, site, member, code, bundle, method, where, now)
            amount = discounted(bundle.price, discount.value_percentage if discount else None)
            vat = vat_of(uow, site.id, amount,
                         TaxEvidence(where.profile_country, where.geoip_country), now.date())
            order = self._add_order(uow, discount, Order(
                id=0, member_id=member.id, site_id=site.id, bundle_id=bundle.id,
                credits=bundle.credits, currency=bundle.currency, method=method, issuer=issuer,
                amount=amount,
                discount_code=discount.code if discount else None,
                # Held by this order until it ends unpaid: of two live orders racing for
                # it, the store lets one in and refuses the other (code_used).
                reserved_code=reservation(discount) if discount else None,
                provider=self.gateway.name, created_at=now, country=where.country,
                geoip_country=where.geoip_country, profile_country=where.profile_country,
                consent_version=consent.version, consent_at=consent.at,
                vat_country=vat.country, vat_rate_bp=vat.rate_bp, vat_amount=vat.amount,
                net_amount=vat.net))
            uow.commit()
        # The gateway is called outside the transaction: no database lock is held while
        # it answers. If it fails, the order stays without a payment and is marked failed.
        base = self.base_url.format(domain=site.domain)
        try:
            payment = self.gateway.create(PaymentRequest(
                amount=order.amount, currency=order.currency,
                description=f"{site.name}: {order.credits} credits (order {order.id})",
                method=method, issuer=issuer,
                # A repeated order says so on return: a failed repeated card payment
                # is the recurring-card-failed case, with its own page.
                redirect_url=(f"{base}/credits/{bundle.id}/{method}?order={order.id}"
                              + ("&repeat=1" if repeat else "")),
                webhook_url=f"{base}/api/payments/webhook/{self.gateway.name}",
                metadata={"order": order.id}, mandate=mandate))
        except Exception:
            with self.uow() as uow:
                uow.orders.advance(order.id, OrderStatus.OPEN, OrderStatus.FAILED, None)
                uow.commit()
            raise DomainError("payment_unavailable") from None
        with self.uow() as uow:
            uow.orders.set_payment(order.id, payment.payment_id, payment.checkout_url)
            uow.commit()
        return StartedOrder(payment.payment_id, payment.checkout_url, order=order.id)

    @staticmethod
    def _add_order(uow: ShopUnit, discount: DiscountCode | None, order: Order) -> Order:
        try:
            return uow.orders.add(order)
        except DomainError as taken:
            # A parallel order of the member's took the reservation first. Name the
            # discount: the first-purchase one was never typed, "code used" alone misleads.
            if discount is None or taken.code != "code_used":
                raise
            raise DomainError("code_used", discount=discount_kind(discount.code).value) from None

    def _mandate(self, uow: ShopUnit, site: Site, member: Member, now: datetime) -> Mandate:
        """Every direct-debit order, repeated ones too, needs an allowed, signed mandate."""
        check_direct_debit(uow, site, member, now)
        signed = uow.direct_debit.latest_mandate(member.id)
        if signed is None:
            raise DomainError("directdebit_mandate_missing")
        return Mandate(reference=f"{site.name[:20]}-M{signed.id}",
                       account_holder=signed.account_holder, iban=signed.iban,
                       signed_at=signed.signed_at, email=member.email)

    def _discount(self, uow: ShopUnit, site: Site, member: Member, code: str | None,
                  bundle: Bundle, method: str, where: Whereabouts,
                  now: datetime) -> DiscountCode | None:
        """One discount at a time: the best for the member of the automatic ones and a
        typed code (which must fit this order, or the member hears why)."""
        typed = None
        if code:
            found = uow.discount_codes.get(code.strip().upper())
            used = found is not None and uow.discount_codes.used_by(member.id, found.code)
            typed = check_code(found, buyer_of(member, where), used, now,
                               order_value=bundle.price, currency=bundle.currency,
                               method=method, site_id=site.id)
        automatic = automatic_discounts(uow, site, member, where, now)
        return best_discount(bundle.price, *automatic.offers, typed)

    def repeat(self, member: Member, geoip_country: str | None = None, *,
               delivery_consent: bool) -> StartedOrder:
        """The last paid bundle again, by the same method, in one step. A new contract,
        so the tick is asked again: the earlier order's consent was for that order."""
        checkout_consent(delivery_consent, self.clock.now())
        with self.uow() as uow:
            last = uow.orders.last_paid(member.id)
        if last is None:
            raise DomainError("no_order_to_repeat")
        return self.start(member, last.bundle_id, last.method, last.issuer, repeat=True,
                          geoip_country=geoip_country, delivery_consent=delivery_consent)

    def order(self, member: Member, order_id: int) -> OneOrder:
        with self.uow() as uow:
            order = uow.orders.get(order_id)
            if order is None or order.member_id != member.id:
                raise DomainError("order_not_found")
            receipts = uow.receipts.numbers_of([order.id])
        return OneOrder(OrderView.of(order, receipts.get(order.id)))

    def transactions(self, member: Member) -> Transactions:
        with self.uow() as uow:
            orders = uow.shop_queries.orders_of(member.id)
            receipts = uow.receipts.numbers_of([order.id for order in orders])
        return Transactions([OrderView.of(order, receipts.get(order.id)) for order in orders])
