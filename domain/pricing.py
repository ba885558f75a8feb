"""Prices, discount codes, the welcome discount and the time bonus (issue 7; spec
sections 3, 4, 5 and 9). Amounts are whole cents; percentages may have decimals.

One discount at a time: of the discounts a member has for a bundle (the time bonus or
the welcome discount, the stay discount they claimed, a code they typed) the one that
leaves the lowest price. A discounted price is rounded half up to the cent, never below
zero, and a code's minimum order value is checked against the undiscounted price. Prices
are computed here only, so the price shown is the price charged.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction

import attrs

from domain.errors import DomainError
from domain.orders import METHODS

TIME_BONUS_CODE = "TIMEBONUS25"
TIME_BONUS_PERCENTAGE = Decimal("25.0")
TIME_BONUS_WINDOW = timedelta(seconds=14400)
WELCOME_CODE = "WELCOME25"
WELCOME_PERCENTAGE = Decimal("25.0")
STAY_CODE_PREFIX = "STAY-"
# What an order holding the time bonus or the welcome discount reserves: in lower case, so
# no code an operator makes (upper-case letters and digits) can share it.
FIRST_PURCHASE = "first-purchase"
CENT_PERCENT = Decimal("0.01")  # percentages have at most two decimals


class Validity(StrEnum):
    ONCE_PER_USER = "once-per-user"
    UNLIMITED = "unlimited"


class CodeStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"


@attrs.frozen(kw_only=True)
class Bundle:
    id: int
    site_id: int
    credits: int
    price: int  # cents
    currency: str
    position: int = 0

    def __attrs_post_init__(self) -> None:
        if self.credits <= 0 or self.price <= 0:
            raise DomainError("invalid_bundle")


@attrs.frozen(kw_only=True)
class DiscountCode:
    code: str
    value_percentage: Decimal
    status: CodeStatus = CodeStatus.ACTIVE
    validity: Validity = Validity.ONCE_PER_USER
    expires: datetime | None = None
    country: str | None = None  # only for members from this country
    member_id: int | None = None  # only for this member (the spec's user_id)
    currency: str | None = None
    minimum_order_value: int = 0  # cents, before the discount
    paymentmethods: tuple[str, ...] = ()  # empty: every method
    site_ids: tuple[int, ...] = ()  # only on these sites; empty: every site

    def __attrs_post_init__(self) -> None:
        # is_finite first: comparing a NaN Decimal raises InvalidOperation instead of refusing
        value = self.value_percentage
        if not (value.is_finite() and Decimal(0) < value <= Decimal(100)
                and value == value.quantize(CENT_PERCENT)):
            raise DomainError("invalid_discount", field="value_percentage")
        if self.country is not None and not (len(self.country) == 2 and self.country.isascii()
                                             and self.country.isalpha()
                                             and self.country.isupper()):
            raise DomainError("invalid_discount", field="country")
        if not set(self.paymentmethods) <= set(METHODS):
            raise DomainError("invalid_discount", field="paymentmethods")
        if self.minimum_order_value < 0:
            raise DomainError("invalid_discount", field="minimum_order_value")

    def expired(self, now: datetime) -> bool:
        return self.expires is not None and now >= self.expires


@attrs.frozen(kw_only=True)
class Buyer:
    member_id: int
    country: str | None
    paid_user: bool
    signup_at: datetime


def check_code(code: DiscountCode | None, buyer: Buyer, used_before: bool, now: datetime,
               order_value: int | None = None, currency: str | None = None,
               method: str | None = None, site_id: int | None = None) -> DiscountCode:
    """The code if this buyer may use it for this order; else the rule it breaks. A code
    meant for another member or another site does not exist for this one."""
    if code is None or code.status is not CodeStatus.ACTIVE or (
            code.member_id is not None and code.member_id != buyer.member_id) or (
            code.site_ids and site_id not in code.site_ids):
        raise DomainError("code_not_found")
    if code.expired(now):
        raise DomainError("code_expired")
    if used_before and code.validity is Validity.ONCE_PER_USER:
        raise DomainError("code_used")
    if code.country and code.country != buyer.country:
        raise DomainError("code_country", country=code.country)
    if currency and code.currency and code.currency != currency:
        raise DomainError("code_currency", currency=code.currency)
    if order_value is not None and order_value < code.minimum_order_value:
        raise DomainError("code_minimum_order", minimum=code.minimum_order_value)
    if method and code.paymentmethods and method not in code.paymentmethods:
        raise DomainError("code_payment_method", methods=list(code.paymentmethods))
    return code


def discounted(price: int, percentage: Decimal | None) -> int:
    """The price after a percentage off, in cents, rounded half up, never negative."""
    if not percentage:
        return price
    off = (Decimal(price) * percentage / Decimal(100)).quantize(Decimal(1), ROUND_HALF_UP)
    return max(0, price - int(off))


def saving_percentage(bundle: Bundle, reference: Bundle) -> int:
    """How much cheaper a credit of this bundle is than one of the reference bundle (the
    smallest on offer), by list price, in whole percent rounded half up; 0 if not cheaper."""
    ratio = Fraction(bundle.price * reference.credits, reference.price * bundle.credits)
    if ratio >= 1:
        return 0
    return int((1 - ratio) * 100 + Fraction(1, 2))


def best_discount(price: int, *offers: DiscountCode | None) -> DiscountCode | None:
    """The offer that leaves the member the lowest price. On a tie the earlier one wins,
    so callers list automatic discounts first: they cost the member no once-only code."""
    present = [offer for offer in offers if offer is not None]
    return min(present, key=lambda offer: discounted(price, offer.value_percentage),
               default=None)


def reservation(code: DiscountCode) -> str | None:
    """What an order holds while it lives for this discount, so no second live order gets
    it (None: nothing, the code is for every order). A once-per-member code is held under
    its name. The time bonus and the welcome discount are the spec's one discount on the
    first purchase (the time bonus is its first hours), so both are held under
    FIRST_PURCHASE: with the time bonus in an open order, the welcome discount cannot
    step in for a second. An order that ends unpaid lets it go (orders.CODE_HELD)."""
    if code.code in (TIME_BONUS_CODE, WELCOME_CODE):
        return FIRST_PURCHASE
    return code.code if code.validity is Validity.ONCE_PER_USER else None


def fits(code: DiscountCode, price: int, currency: str) -> bool:
    """Whether a code the member may use lowers this bundle (currency, minimum order)."""
    return ((code.currency is None or code.currency == currency)
            and price >= code.minimum_order_value)


class DiscountKind(StrEnum):
    """Which discount a code is, so the shop can name it."""

    TIME_BONUS = "time_bonus"
    WELCOME = "welcome"
    STAY = "stay"
    CODE = "code"


def discount_kind(code: str) -> DiscountKind:
    if code == TIME_BONUS_CODE:
        return DiscountKind.TIME_BONUS
    if code == WELCOME_CODE:
        return DiscountKind.WELCOME
    if code.startswith(STAY_CODE_PREFIX):
        return DiscountKind.STAY
    return DiscountKind.CODE


def stay_code(member_id: int) -> str:
    """The member's own code for the delete-account 'stay' offer."""
    return f"{STAY_CODE_PREFIX}{member_id}"


def stay_discount(member_id: int, percentage: int) -> DiscountCode:
    """Claimed instead of deleting the account: once, on the next order, for them only."""
    if not 0 < percentage <= 100:
        raise DomainError("no_stay_discount")
    return DiscountCode(code=stay_code(member_id), value_percentage=Decimal(percentage),
                        validity=Validity.ONCE_PER_USER, member_id=member_id)


def time_bonus_left(buyer: Buyer, now: datetime) -> timedelta | None:
    """The time bonus runs for four hours from signup for a member who never paid."""
    end = time_bonus_end(buyer)
    if end is None:
        return None
    left = end - now
    return left if left > timedelta(0) else None


def time_bonus_end(buyer: Buyer) -> datetime | None:
    """When the member's time bonus window closes (None once they paid); it may be past."""
    return None if buyer.paid_user else buyer.signup_at + TIME_BONUS_WINDOW


def time_bonus(buyer: Buyer, now: datetime) -> DiscountCode | None:
    left = time_bonus_left(buyer, now)
    if left is None:
        return None
    return DiscountCode(code=TIME_BONUS_CODE, value_percentage=TIME_BONUS_PERCENTAGE,
                        expires=now + left, member_id=buyer.member_id)


def welcome_discount(buyer: Buyer, now: datetime, hours: int) -> DiscountCode | None:
    """25 % on the first purchase within the site's welcome window after signup."""
    if buyer.paid_user or hours <= 0:
        return None
    expires = buyer.signup_at + timedelta(hours=hours)
    if now >= expires:
        return None
    return DiscountCode(code=WELCOME_CODE, value_percentage=WELCOME_PERCENTAGE,
                        expires=expires, member_id=buyer.member_id)


def active_discount(buyer: Buyer, now: datetime, welcome_hours: int) -> DiscountCode | None:
    """The automatic discount: the time bonus if it runs, else the welcome discount."""
    return time_bonus(buyer, now) or welcome_discount(buyer, now, welcome_hours)


# The currency a member pays in, by their country; everyone else pays in euros.
CURRENCIES = {"US": "USD", "GB": "GBP", "SE": "SEK", "NO": "NOK", "DK": "DKK", "PL": "PLN",
              "CH": "CHF"}
DEFAULT_CURRENCY = "EUR"


def currency_for(country: str | None) -> str:
    return CURRENCIES.get(country or "", DEFAULT_CURRENCY)


@attrs.frozen(kw_only=True)
class Whereabouts:
    """The country the shop prices a member by, and the evidence it rests on."""

    country: str | None  # the price list, the currency and country-bound codes follow it
    geoip_country: str | None  # where the request came from, as the proxy's GeoIP says
    profile_country: str | None  # what the member typed in their profile


def whereabouts(geoip_country: str | None, profile_country: str | None) -> Whereabouts:
    """Prices follow where the member is, not the country they type (issue 28.6).

    EU VAT on electronic services is due where the customer is, and the seller shows that
    place by evidence (Implementing Regulation 282/2011, art. 24f: the IP address's
    location, a billing address, the bank's country ...). The GeoIP country is the evidence
    a member cannot type, so it decides whenever the proxy knows it; the profile's country,
    one click to change, is only the hint used when it does not (no header, an anonymous
    proxy or satellite link: adapters/http/requests.geoip_country drops those). When the
    two disagree the price still follows GeoIP, and the order keeps both, so the VAT
    report (issue 34) sees the disagreement instead of a country someone chose."""
    return Whereabouts(country=geoip_country or profile_country, geoip_country=geoip_country,
                       profile_country=profile_country)
