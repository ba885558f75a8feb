"""The prices a member sees (issue 7): the bundles on offer where they are, the
discount that applies to each, a code they type, the payment methods of their country,
and the stay discount the delete-account page offers.

Nothing is bought here: the checkout (application.checkout) charges by the same offer
(application.shared.offers).
"""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.payments import PaymentGateway, PaymentMethod
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.buyers import buyer_of, where_is
from application.shared.lookups import site_of_member
from application.shared.offers import (
    Automatic,
    automatic_discounts,
    bundles_of,
    first_purchase,
    own_bundle,
)
from application.shared.site_lookup import resolve_site
from domain.errors import DomainError
from domain.members import Member
from domain.payment_methods import methods_for
from domain.pricing import (
    Bundle,
    CodeStatus,
    DiscountCode,
    DiscountKind,
    Validity,
    best_discount,
    check_code,
    discount_kind,
    discounted,
    fits,
    saving_percentage,
    stay_code,
    stay_discount,
    time_bonus_left,
    whereabouts,
)


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
class Methods:
    """The methods of the member's country the gateway takes, likeliest first."""

    methods: list[PaymentMethod]
    preferred: str | None  # pre-selected on the checkout: the first of them


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


def held_offer(automatic: Automatic, now: datetime) -> HeldDiscount | None:
    """The first-purchase discount an open order of the member's holds, as shown."""
    if automatic.held is None or automatic.holder is None:
        return None
    return HeldDiscount(**attrs.asdict(CodeOffer.of(automatic.held, now), recurse=False),
                        order=automatic.holder)


@attrs.frozen
class Prices:
    uow: UnitFactory[ShopUnit]
    clock: Clock
    gateway: PaymentGateway

    def bundles(self, member: Member | None, host: str | None = None,
                geoip_country: str | None = None) -> Offer:
        """The bundles on offer where the member is (visitors, on the pricing page, too)."""
        now = self.clock.now()
        with self.uow() as uow:
            site = site_of_member(uow, member) if member else resolve_site(uow, host)
            where = (where_is(member, geoip_country) if member
                     else whereabouts(geoip_country, None))
            bundles = bundles_of(uow, site, where.country)
            automatic = (automatic_discounts(uow, site, member, where, now) if member
                         else Automatic([]))
        # The banner names the biggest automatic discount; each bundle says which applies.
        offers = automatic.offers
        banner = max((o for o in offers if o), key=lambda o: o.value_percentage, default=None)
        return Offer(bundles=priced_list(bundles, offers),
                     discount=CodeOffer.of(banner, now) if banner else None,
                     paid_user=bool(member and member.paid_user),
                     held_discount=held_offer(automatic, now))

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
                automatic = first_purchase(uow, site, member, where, now)
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
            bundles = bundles_of(uow, site, where.country)
            found = uow.discount_codes.get((code or "").strip().upper())
            used = found is not None and uow.discount_codes.used_by(member.id, found.code)
            # The member pays in their bundles' currency: a code for another is refused now.
            typed = check_code(found, buyer_of(member, where), used, now, site_id=site.id,
                               currency=bundles[0].currency if bundles else None)
            offers = [*automatic_discounts(uow, site, member, where, now).offers, typed]
        # Priced here, like an order would be: the page shows what the member will pay.
        return TypedCode(**attrs.asdict(CodeOffer.of(typed, now), recurse=False),
                         bundles=priced_list(bundles, offers))

    def methods(self, member: Member, bundle_id: int,
                geoip_country: str | None = None) -> Methods:
        """The methods follow the profile's country, unlike the prices: they are the
        member's bank's, which is where they live, not where they are today."""
        with self.uow() as uow:
            bundle = own_bundle(uow, member, bundle_id, where_is(member, geoip_country))
        offered = methods_for(member.profile.country)
        takes = {method.id: method for method in self.gateway.methods(bundle.price,
                                                                       bundle.currency)}
        methods = [takes[method] for method in offered if method in takes]
        return Methods(methods, preferred=methods[0].id if methods else None)

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
