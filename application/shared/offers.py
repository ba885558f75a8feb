"""What the shop offers a member: the bundles of their site in the currency where they
are, and the discounts they have without typing. The prices page shows them and the
checkout charges by them, so both read them here."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.units import ShopUnit
from application.shared.buyers import buyer_of
from application.shared.lookups import site_of_member
from domain.errors import DomainError
from domain.members import Member
from domain.orders import UNSETTLED
from domain.pricing import (
    DEFAULT_CURRENCY,
    FIRST_PURCHASE,
    Bundle,
    DiscountCode,
    Whereabouts,
    active_discount,
    currency_for,
    stay_code,
)
from domain.sites import Site


@attrs.frozen
class Automatic:
    """The discounts a member has without typing (the first-purchase one unless an open
    order holds it, and the stay discount they claimed), and the held one with its order."""

    offers: list[DiscountCode | None]
    held: DiscountCode | None = None
    holder: int | None = None


def bundles_of(uow: ShopUnit, site: Site, country: str | None) -> list[Bundle]:
    """The site's bundles in the currency of ``country``, else in the default one."""
    return (uow.bundles.of_site(site.id, currency_for(country))
            or uow.bundles.of_site(site.id, DEFAULT_CURRENCY))


def own_bundle(uow: ShopUnit, member: Member, bundle_id: int, where: Whereabouts) -> Bundle:
    """Only a bundle on offer to this member: their site, the currency where they are."""
    site = site_of_member(uow, member)
    offered = {b.id: b for b in bundles_of(uow, site, where.country)}
    if bundle_id not in offered:
        raise DomainError("bundle_not_found")
    return offered[bundle_id]


def automatic_discounts(uow: ShopUnit, site: Site, member: Member, where: Whereabouts,
                        now: datetime) -> Automatic:
    """Discounts the member has without typing: the time bonus or welcome discount
    unless an order holds it, and the stay discount they claimed while it is unspent."""
    stay = uow.discount_codes.get(stay_code(member.id))
    if stay is not None and (stay.expired(now)
                             or uow.discount_codes.used_by(member.id, stay.code)):
        stay = None
    first = first_purchase(uow, site, member, where, now)
    return attrs.evolve(first, offers=[*first.offers, stay])


def first_purchase(uow: ShopUnit, site: Site, member: Member, where: Whereabouts,
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
