"""An order started and on its way to the gateway's checkout: what the checkout
(application.checkout) answers, and how a use case that ends in an order (the direct
debit's mandate) is given the checkout's ``start`` without importing it."""

from __future__ import annotations

from typing import Protocol

import attrs

from domain.members import Member


@attrs.frozen
class StartedOrder:
    """An order and its payment: the payer goes on to ``checkout_url``."""

    payment_id: str
    checkout_url: str
    order: int


class StartOrder(Protocol):
    """Start an order for a bundle by a payment method (application.checkout.Checkout.start)."""

    def __call__(self, member: Member, bundle_id: int, method: str, issuer: str | None = None,
                 code: str | None = None, repeat: bool = False,
                 geoip_country: str | None = None, *,
                 delivery_consent: bool) -> StartedOrder: ...
