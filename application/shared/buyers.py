"""The member as the shop sees them: where they are for pricing and VAT, and whether
they may pay by direct debit (the flag that bars them, the period's limit)."""

from __future__ import annotations

from datetime import datetime

from application.ports.units import ShopUnit
from domain.direct_debit import PERIOD, check_allowed
from domain.members import Member
from domain.pricing import Buyer, Whereabouts, whereabouts
from domain.sites import Site

DIRECT_DEBIT_BLOCK = "directdebit_blocked"  # the member flag operators set


def buyer_of(member: Member, where: Whereabouts | None = None) -> Buyer:
    """The member as the shop prices them: in the country they are (else their profile's)."""
    return Buyer(member_id=member.id,
                 country=where.country if where else member.profile.country,
                 paid_user=member.paid_user, signup_at=member.created_at)


def where_is(member: Member, geoip_country: str | None) -> Whereabouts:
    return whereabouts(geoip_country, member.profile.country)


def check_direct_debit(uow: ShopUnit, site: Site, member: Member, now: datetime) -> None:
    """Blocked accounts and members over the period's limit may not pay by debit, nor
    anyone on a closed site (no SMS code or mandate for an order that cannot be)."""
    site.refuse_if_closed()
    blocked = any(f.flag == DIRECT_DEBIT_BLOCK
                  for f in uow.member_flags.of_member(member.id))
    recent = uow.orders.count_by_method_since(member.id, "directdebit", now - PERIOD)
    check_allowed(blocked, recent, site.directdebit_limit)
