"""Orders of credit bundles and how payment news moves them (issue 7; spec section 4).

A gateway reports a payment's status (Mollie's words: open, pending, authorized, paid,
failed, canceled, expired; refunds and chargebacks come on a paid payment). Credits are
added exactly once, on the step into 'paid'; a refund or chargeback takes them back.
A report that would move an order backwards is ignored, so replays change nothing.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

import attrs

from domain.errors import DomainError


class OrderStatus(StrEnum):
    OPEN = "open"
    PENDING = "pending"
    PAID = "paid"
    FAILED = "failed"
    CANCELED = "canceled"
    EXPIRED = "expired"
    REFUNDED = "refunded"
    CHARGED_BACK = "charged_back"


REPORTED = {
    "open": OrderStatus.OPEN, "pending": OrderStatus.PENDING,
    "authorized": OrderStatus.PENDING, "paid": OrderStatus.PAID,
    "failed": OrderStatus.FAILED, "canceled": OrderStatus.CANCELED,
    "expired": OrderStatus.EXPIRED, "refunded": OrderStatus.REFUNDED,
    "charged_back": OrderStatus.CHARGED_BACK,
}
UNSETTLED = frozenset({OrderStatus.OPEN, OrderStatus.PENDING})
TAKEN_BACK = frozenset({OrderStatus.REFUNDED, OrderStatus.CHARGED_BACK})
# A once-per-member code is spent by a paid order (a refund does not give it back) and
# held by an unsettled one; an order that ends unpaid lets it go.
CODE_SPENT = frozenset({OrderStatus.PAID}) | TAKEN_BACK
CODE_HELD = UNSETTLED | CODE_SPENT
METHODS = ("creditcard", "ideal", "directdebit", "paypal", "bancontact", "sofort")


@attrs.frozen(kw_only=True)
class Order:
    id: int
    member_id: int
    site_id: int
    bundle_id: int
    credits: int
    amount: int  # cents actually charged (after any discount)
    currency: str
    method: str
    status: OrderStatus = OrderStatus.OPEN
    discount_code: str | None = None
    reserved_code: str | None = None  # what this order holds (pricing.reservation)
    issuer: str | None = None
    provider: str = "sandbox"
    payment_id: str | None = None
    checkout_url: str | None = None
    created_at: datetime
    paid_at: datetime | None = None
    # Where the member was taken to be when the order was priced (pricing.whereabouts):
    # the country priced by, and its evidence, the GeoIP country and the profile's.
    country: str | None = None
    geoip_country: str | None = None
    profile_country: str | None = None
    # Cents given back so far: refunds (several partial ones add up) and a chargeback.
    # The order stays paid until all of it is back (domain.refunds).
    refunded: int = 0
    # The checkout's tick (domain.checkout_consent): the wording's version and when.
    consent_version: str | None = None
    consent_at: datetime | None = None
    # Its VAT (domain.vat), VAT-inclusive ``amount`` split at the rate of ``vat_country``;
    # set as the order is made and again with the payment's country once it is paid.
    payment_country: str | None = None  # the bank's or card's, where the provider says
    vat_country: str | None = None
    vat_rate_bp: int | None = None  # basis points: 2100 = 21.00 %
    vat_amount: int | None = None  # cents
    net_amount: int | None = None  # cents


def reported_status(word: str) -> OrderStatus:
    try:
        return REPORTED[word]
    except KeyError:
        raise DomainError("unknown_payment_status", status=word) from None


def next_status(current: OrderStatus, reported: OrderStatus) -> OrderStatus:
    """Where an order goes on a gateway report. Unsettled orders follow the gateway; a
    paid order only to refunded or charged back; every other report changes nothing."""
    if current in UNSETTLED:
        return reported if reported not in TAKEN_BACK else current
    if current is OrderStatus.PAID and reported in TAKEN_BACK:
        return reported
    return current


def credit_change(before: OrderStatus, after: OrderStatus, credits: int,
                  already_back: int = 0) -> int:
    """Credits to add (+) or take back (-) for this step; ``already_back``: credits
    earlier partial refunds of the order took back (or found spent) already."""
    if before is not OrderStatus.PAID and after is OrderStatus.PAID:
        return credits
    if before is OrderStatus.PAID and after in TAKEN_BACK:
        return -(credits - already_back)
    return 0


def refundable(order: Order, now: datetime, refund_days: int) -> None:
    """An operator refunds a paid order within the site's refund period."""
    if order.status is not OrderStatus.PAID or order.paid_at is None:
        raise DomainError("order_not_refundable", status=order.status.value)
    if (now - order.paid_at).days >= refund_days:
        raise DomainError("refund_period_over", days=refund_days)
