"""A site's price list in one currency, changed a bundle at a time (issue 32.4).

Operators name bundles by their credits: ``100:14.99,250:29.99`` sets the price of the
100- and 250-credit bundles (adding them if they are not on offer) and leaves every other
bundle as it is; removing names credits too. A bundle whose price stays keeps its id, so
a member on the checkout page of it is not turned away. The list is offered smallest
bundle first (the first is what the others' savings are measured against), at most eight.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

from domain.credits import MAX_AMOUNT
from domain.errors import DomainError
from domain.money import parse_money
from domain.pricing import DEFAULT_CURRENCY, Bundle

MAX_BUNDLES = 8
# ASCII digits only: int() would also take 1_000 and Arabic digits.
_CREDITS = re.compile(r"[0-9]{1,7}")


def parse_credits(text: str) -> int:
    """A bundle's name: its credits, a whole number from 1 to MAX_AMOUNT."""
    typed = text.strip()
    credits = int(typed) if typed.isascii() and _CREDITS.fullmatch(typed) else 0
    if not 0 < credits <= MAX_AMOUNT:
        raise DomainError("invalid_bundle", value=text)
    return credits


def parse_offer(text: str, currency: str) -> list[Bundle]:
    """'100:14.99,250:29.99' → bundles of 100 credits for 14.99 and 250 for 29.99; each
    bundle named once, the price in currency units (domain.money)."""
    bundles: list[Bundle] = []
    for part in filter(None, (item.strip() for item in text.split(","))):
        credits, colon, price = part.partition(":")
        if not colon:
            raise DomainError("invalid_bundle", value=part)
        try:
            cents = parse_money(price)
        except DomainError:
            raise DomainError("invalid_bundle", value=part) from None
        if cents <= 0:
            raise DomainError("invalid_bundle", value=part)
        bundle = Bundle(id=0, site_id=0, credits=parse_credits(credits), price=cents,
                        currency=currency)
        if any(b.credits == bundle.credits for b in bundles):
            raise DomainError("bundle_named_twice", credits=bundle.credits)
        bundles.append(bundle)
    if not 0 < len(bundles) <= MAX_BUNDLES:
        raise DomainError("invalid_bundle", value=text)
    return bundles


def _offered(bundles: Iterable[Bundle], currency: str) -> list[Bundle]:
    ordered = sorted(bundles, key=lambda b: b.credits)
    if len(ordered) > MAX_BUNDLES:
        raise DomainError("too_many_bundles", currency=currency, max=MAX_BUNDLES,
                          count=len(ordered))
    return [attrs.evolve(b, position=n) for n, b in enumerate(ordered)]


def with_prices(current: Sequence[Bundle], changes: Sequence[Bundle],
                currency: str) -> list[Bundle]:
    """The price list with each named bundle at its new price (added if new); a bundle
    whose price stays is the same bundle (its id kept), a changed one a new one (id 0)."""
    named = {b.credits: b for b in changes}
    kept = [b for b in current if b.credits not in named]
    for credits, change in named.items():
        same = next((b for b in current if b.credits == credits and b.price == change.price),
                    None)
        kept.append(same or attrs.evolve(change, id=0, currency=currency))
    return _offered(kept, currency)


def without(current: Sequence[Bundle], credits: Sequence[int],
            currency: str) -> list[Bundle]:
    """The price list without the named bundles, each of which must be on offer. The
    default currency's list is what members everywhere else fall back to: its last
    bundle stays."""
    offered = {b.credits for b in current}
    for each in credits:
        if each not in offered:
            raise DomainError("bundle_not_offered", credits=each, currency=currency)
    left = [b for b in current if b.credits not in set(credits)]
    if not left and currency == DEFAULT_CURRENCY:
        raise DomainError("last_default_bundle", currency=currency)
    return _offered(left, currency)
