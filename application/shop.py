"""Buying credits (issue 7): bundles, discounts, orders, the gateway's webhook, premium.

A payment is started here and finished by the gateway's report (webhook). Credits move
only inside the unit of work that moves the order, and only on the order's step into
'paid', so a webhook replayed or raced adds them exactly once.
"""

from __future__ import annotations

import logging
from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, PaymentSettled, member_channel
from application.ports.payments import Mandate, PaymentGateway, PaymentMethod, PaymentRequest
from application.ports.shop import Refund
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.buyers import DIRECT_DEBIT_BLOCK, buyer_of, where_is
from application.shared.ledger import book, credits_event
from application.shared.lookups import existing_member, site_of_member
from application.shared.outbox import notify_later
from application.shared.receipts import issue_receipt
from application.shared.site_lookup import resolve_site
from application.shared.vat import vat_of
from domain.checkout_consent import checkout_consent
from domain.credits import EntryKind
from domain.direct_debit import PERIOD, check_allowed
from domain.errors import DomainError
from domain.members import Member
from domain.money import format_money, parse_money
from domain.orders import (
    CODE_SPENT,
    METHODS,
    TAKEN_BACK,
    UNSETTLED,
    Order,
    OrderStatus,
    credit_change,
    next_status,
    reported_status,
)
from domain.payment_methods import methods_for, offered_to
from domain.pricing import (
    DEFAULT_CURRENCY,
    FIRST_PURCHASE,
    Bundle,
    CodeStatus,
    DiscountCode,
    DiscountKind,
    Validity,
    Whereabouts,
    active_discount,
    best_discount,
    check_code,
    currency_for,
    discount_kind,
    discounted,
    fits,
    reservation,
    saving_percentage,
    stay_code,
    stay_discount,
    time_bonus_left,
    whereabouts,
)
from domain.refunds import RefundPlan, credits_owed, plan_refund, taken_from
from domain.sites import Site
from domain.vat import TaxEvidence

CREDITS_SPENT = "payment_reversed_credits_spent"  # money back, credits spent already
log = logging.getLogger(__name__)


@attrs.frozen(kw_only=True)
class CodeOffer:
    """A discount code as the shop shows it (the spec's Discount code fields)."""

    code: str
    country: str | None
    user_id: int | None
    expires: datetime | None
    value_percentage: float
    currency: str | None
    minimum_order_value: int  # cents
    status: CodeStatus
    validity: Validity
    expired: bool
    paymentmethods: list[str]
    kind: DiscountKind

    @staticmethod
    def of(code: DiscountCode, now: datetime) -> CodeOffer:
        return CodeOffer(
            code=code.code, country=code.country, user_id=code.member_id, expires=code.expires,
            value_percentage=float(code.value_percentage), currency=code.currency,
            minimum_order_value=code.minimum_order_value, status=code.status,
            validity=code.validity, expired=code.expired(now),
            paymentmethods=list(code.paymentmethods), kind=discount_kind(code.code))


@attrs.frozen(kw_only=True)
class PricedBundle:
    """A bundle at the price the member pays."""

    id: int
    credits: int
    price: int  # cents
    currency: str
    discounted_price: int  # cents
    discount_code: str | None  # the discount that gives this price (the best that fits)
    discount_kind: DiscountKind | None
    saving_percentage: int  # how much cheaper a credit is than in the first bundle


@attrs.frozen(kw_only=True)
class AutomaticDiscount(CodeOffer):
    """The time bonus or welcome discount, with the time bonus's countdown."""

    seconds_left: int | None


@attrs.frozen(kw_only=True)
class TypedCode(CodeOffer):
    """A code the member typed, and every bundle at the price it would give."""

    bundles: list[PricedBundle]


@attrs.frozen(kw_only=True)
class StayDiscount(CodeOffer):
    spent: bool  # an order used it already


@attrs.frozen(kw_only=True)
class HeldDiscount(CodeOffer):
    """The first-purchase discount while another order of the member's holds it: it comes
    back if that order ends unpaid, and is spent if it is paid."""

    order: int


@attrs.frozen
class Offer:
    """The bundles on offer and the biggest automatic discount (the banner's)."""

    bundles: list[PricedBundle]
    discount: CodeOffer | None
    paid_user: bool
    held_discount: HeldDiscount | None = None


@attrs.frozen
class Automatic:
    """The discounts a member has without typing (the first-purchase one unless an open
    order holds it, and the stay discount they claimed), and the held one with its order."""

    offers: list[DiscountCode | None]
    held: DiscountCode | None = None
    holder: int | None = None

    def held_offer(self, now: datetime) -> HeldDiscount | None:
        if self.held is None or self.holder is None:
            return None
        return HeldDiscount(**attrs.asdict(CodeOffer.of(self.held, now), recurse=False),
                            order=self.holder)


@attrs.frozen
class Methods:
    """The methods of the member's country the gateway takes, likeliest first."""

    methods: list[PaymentMethod]
    preferred: str | None  # pre-selected on the checkout: the first of them


@attrs.frozen
class StartedOrder:
    """An order and its payment: the payer goes on to ``checkout_url``."""

    payment_id: str
    checkout_url: str
    order: int


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
class Refunded:
    """A refund given: the order after it, the refund as kept (its credits taken back
    and those spent already) and the member's balance after it."""

    order: Order
    refund: Refund
    balance: int


@attrs.frozen
class OneOrder:
    order: OrderView


@attrs.frozen
class Transactions:
    transactions: list[OrderView]


def priced(bundle: Bundle, offers: list[DiscountCode | None], reference: Bundle) -> PricedBundle:
    """A bundle at the price the member pays: the best of their offers that fits it, and
    its saving against the reference bundle (the first on offer)."""
    best = best_discount(bundle.price, *(o for o in offers if o and fits(o, bundle.price,
                                                                         bundle.currency)))
    return PricedBundle(
        id=bundle.id, credits=bundle.credits, price=bundle.price, currency=bundle.currency,
        discounted_price=discounted(bundle.price, best.value_percentage if best else None),
        discount_code=best.code if best else None,
        discount_kind=discount_kind(best.code) if best else None,
        saving_percentage=saving_percentage(bundle, reference))


def priced_list(bundles: list[Bundle], offers: list[DiscountCode | None]) -> list[PricedBundle]:
    """The bundles on offer, each priced; savings are measured against the first one."""
    return [priced(bundle, offers, bundles[0]) for bundle in bundles]


@attrs.frozen
class Shop:
    uow: UnitFactory[ShopUnit]
    clock: Clock
    gateway: PaymentGateway
    events: EventBus
    base_url: str

    @staticmethod
    def _bundles(uow: ShopUnit, site: Site, country: str | None) -> list[Bundle]:
        return (uow.bundles.of_site(site.id, currency_for(country))
                or uow.bundles.of_site(site.id, DEFAULT_CURRENCY))

    def bundles(self, member: Member | None, host: str | None = None,
                geoip_country: str | None = None) -> Offer:
        """The bundles on offer where the member is (visitors, on the pricing page, too)."""
        now = self.clock.now()
        with self.uow() as uow:
            site = site_of_member(uow, member) if member else resolve_site(uow, host)
            where = (where_is(member, geoip_country) if member
                     else whereabouts(geoip_country, None))
            bundles = self._bundles(uow, site, where.country)
            automatic = (self._automatic(uow, site, member, where, now) if member
                         else Automatic([]))
        # The banner names the biggest automatic discount; each bundle says which applies.
        offers = automatic.offers
        banner = max((o for o in offers if o), key=lambda o: o.value_percentage, default=None)
        return Offer(bundles=priced_list(bundles, offers),
                     discount=CodeOffer.of(banner, now) if banner else None,
                     paid_user=bool(member and member.paid_user),
                     held_discount=automatic.held_offer(now))

    def discount(self, member: Member, code: str | None, welcome: bool,
                 geoip_country: str | None = None) -> AutomaticDiscount | TypedCode:
        """GET /api/discountcode: a typed code (checked for this member), or with
        welcome=true the automatic one (time bonus, else welcome discount); code_used
        while an open order holds it (the bundles' answer names that order)."""
        now = self.clock.now()
        where = where_is(member, geoip_country)
        if welcome:
            with self.uow() as uow:
                site = site_of_member(uow, member)
                automatic = self._first_purchase(uow, site, member, where, now)
            if automatic.held is not None:
                raise DomainError("code_used", order=automatic.holder,
                                  discount=discount_kind(automatic.held.code).value)
            [first] = automatic.offers
            if first is None:
                raise DomainError("code_not_found")
            left = time_bonus_left(buyer_of(member, where), now)
            offer = CodeOffer.of(first, now)
            return AutomaticDiscount(**attrs.asdict(offer, recurse=False),
                                     seconds_left=int(left.total_seconds()) if left else None)
        with self.uow() as uow:
            site = site_of_member(uow, member)
            bundles = self._bundles(uow, site, where.country)
            found = uow.discount_codes.get((code or "").strip().upper())
            used = found is not None and uow.discount_codes.used_by(member.id, found.code)
            # The member pays in their bundles' currency: a code for another is refused now.
            typed = check_code(found, buyer_of(member, where), used, now, site_id=site.id,
                               currency=bundles[0].currency if bundles else None)
            offers = [*self._automatic(uow, site, member, where, now).offers, typed]
        # Priced here, like an order would be: the page shows what the member will pay.
        return TypedCode(**attrs.asdict(CodeOffer.of(typed, now), recurse=False),
                         bundles=priced_list(bundles, offers))

    def methods(self, member: Member, bundle_id: int,
                geoip_country: str | None = None) -> Methods:
        """The methods follow the profile's country, unlike the prices: they are the
        member's bank's, which is where they live, not where they are today."""
        with self.uow() as uow:
            bundle = self._own_bundle(uow, member, bundle_id, where_is(member, geoip_country))
        offered = methods_for(member.profile.country)
        takes = {method.id: method for method in self.gateway.methods(bundle.price,
                                                                       bundle.currency)}
        methods = [takes[method] for method in offered if method in takes]
        return Methods(methods, preferred=methods[0].id if methods else None)

    def _own_bundle(self, uow: ShopUnit, member: Member, bundle_id: int,
                    where: Whereabouts) -> Bundle:
        """Only a bundle on offer to this member: their site, the currency where they are."""
        site = site_of_member(uow, member)
        offered = {b.id: b for b in self._bundles(uow, site, where.country)}
        if bundle_id not in offered:
            raise DomainError("bundle_not_found")
        return offered[bundle_id]

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
            bundle = self._own_bundle(uow, member, bundle_id, where)
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

    @staticmethod
    def check_direct_debit(uow: ShopUnit, site: Site, member: Member, now: datetime) -> None:
        """Blocked accounts and members over the period's limit may not pay by debit, nor
        anyone on a closed site (no SMS code or mandate for an order that cannot be)."""
        site.refuse_if_closed()
        blocked = any(f.flag == DIRECT_DEBIT_BLOCK
                      for f in uow.member_flags.of_member(member.id))
        recent = uow.orders.count_by_method_since(member.id, "directdebit", now - PERIOD)
        check_allowed(blocked, recent, site.directdebit_limit)

    def _mandate(self, uow: ShopUnit, site: Site, member: Member, now: datetime) -> Mandate:
        """Every direct-debit order, repeated ones too, needs an allowed, signed mandate."""
        self.check_direct_debit(uow, site, member, now)
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
        automatic = self._automatic(uow, site, member, where, now)
        return best_discount(bundle.price, *automatic.offers, typed)

    @classmethod
    def _automatic(cls, uow: ShopUnit, site: Site, member: Member, where: Whereabouts,
                   now: datetime) -> Automatic:
        """Discounts the member has without typing: the time bonus or welcome discount
        unless an order holds it, and the stay discount they claimed while it is unspent."""
        stay = uow.discount_codes.get(stay_code(member.id))
        if stay is not None and (stay.expired(now)
                                 or uow.discount_codes.used_by(member.id, stay.code)):
            stay = None
        first = cls._first_purchase(uow, site, member, where, now)
        return attrs.evolve(first, offers=[*first.offers, stay])

    @staticmethod
    def _first_purchase(uow: ShopUnit, site: Site, member: Member, where: Whereabouts,
                        now: datetime) -> Automatic:
        """The time bonus, else the welcome discount, for one order at a time: while an
        open order holds it no other gets it, and once an order paid with it, it is spent
        (the member is premium then, so it had ended anyway)."""
        automatic = active_discount(buyer_of(member, where), now, site.welcome_discount_hours)
        holder = uow.orders.holding(member.id, FIRST_PURCHASE) if automatic else None
        if holder is None:
            return Automatic([automatic])
        return Automatic([None], held=automatic if holder.status in UNSETTLED else None,
                         holder=holder.id)

    def claim_stay_discount(self, member: Member) -> StayDiscount:
        """The delete-account page's 'stay and get N % off': the company's delete discount
        on the member's next order, once. Claiming again changes nothing."""
        now = self.clock.now()
        with self.uow() as uow:
            site = site_of_member(uow, member)
            company = uow.companies.get(site.company_id)
            code = uow.discount_codes.get(stay_code(member.id)) or uow.discount_codes.keep(
                stay_discount(member.id, company.delete_discount if company else 0), now)
            spent = uow.discount_codes.used_by(member.id, code.code)
            uow.commit()
        offer = CodeOffer.of(code, now)
        return StayDiscount(**attrs.asdict(offer, recurse=False), spent=spent)

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

    # --- payment news ------------------------------------------------------------------

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
    def _take_back(uow: ShopUnit, order: Order, owed: int, key: str, status: OrderStatus,
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

    def _money_went_back(self, uow: ShopUnit, order: Order, after: OrderStatus,
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
        taken, missing = self._take_back(uow, order, owed, f"order:{order.id}:{after.value}",
                                         after, now)
        uow.orders.add_refund(Refund(order_id=order.id, amount=back, credits=taken,
                                     missing=missing, kind=after.value,
                                     reason=f"reported by {provider}", actor=provider,
                                     created_at=now))
        return uow.ledger.balance(order.member_id) if owed else None

    # --- refunds operators give ----------------------------------------------------------

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
                refunded = self.give_back(uow, order, plan, reason, actor, now)
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

    def give_back(self, uow: ShopUnit, order: Order, plan: RefundPlan, reason: str,
                  actor: str, now: datetime, *, kind: str = OrderStatus.REFUNDED.value,
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
        taken, missing = self._take_back(uow, order, owed,
                                         key or f"order:{order.id}:refund:{total}",
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
