"""The tick at checkout (issue 34.1): the member asks for delivery to start at once and
acknowledges that their right of withdrawal ends for the credits they use (Consumer
Rights Directive 2011/83/EU: the express request of art. 8(8) for a service begun within
the withdrawal period, the consent and acknowledgement of art. 16(m) for digital
content). Without it no order is made.

The wording the member ticks lives in the web app's catalogs (shop.json
``checkout.consent``, in eleven languages); its version is kept with every order, so a
later change of wording does not change what an earlier buyer agreed to. Changing the
wording means a new version here, in the same commit.
"""

from __future__ import annotations

from datetime import datetime

import attrs

from domain.errors import DomainError

CHECKOUT_CONSENT_VERSION = "2026-11"


@attrs.frozen
class CheckoutConsent:
    version: str
    at: datetime


def checkout_consent(given: bool, now: datetime) -> CheckoutConsent:
    """The consent an order keeps; refused (delivery_consent_required) unless ticked."""
    if given is not True:
        raise DomainError("delivery_consent_required")
    return CheckoutConsent(CHECKOUT_CONSENT_VERSION, now)
