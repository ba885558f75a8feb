"""The member as the shop sees them: where they are for pricing and VAT, and the flag
that bars them from paying by direct debit."""

from __future__ import annotations

from domain.members import Member
from domain.pricing import Buyer, Whereabouts, whereabouts

DIRECT_DEBIT_BLOCK = "directdebit_blocked"  # the member flag operators set


def buyer_of(member: Member, where: Whereabouts | None = None) -> Buyer:
    """The member as the shop prices them: in the country they are (else their profile's)."""
    return Buyer(member_id=member.id,
                 country=where.country if where else member.profile.country,
                 paid_user=member.paid_user, signup_at=member.created_at)


def where_is(member: Member, geoip_country: str | None) -> Whereabouts:
    return whereabouts(geoip_country, member.profile.country)
