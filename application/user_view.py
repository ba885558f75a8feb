"""What GET /api/user tells the signed-in member about themselves (spec section 3)."""

from __future__ import annotations

from typing import Any

import attrs

from application.ports.accounts import SignedIn
from application.ports.unit_of_work import UnitOfWorkFactory
from application.shop import buyer_of
from application.sites import SiteDirectory
from domain.members import Member
from domain.pricing import time_bonus_end


@attrs.frozen
class UserView:
    uow: UnitOfWorkFactory
    sites: SiteDirectory

    def render(self, member: Member) -> dict[str, Any]:
        with self.uow() as uow:
            main = uow.photos.main_of(member.id)
            credits = uow.ledger.balance(member.id)
            _, mail_off = uow.notifications.preferences(member.id)
        return self._view(member, credits, main, mail_off)

    def of(self, signed_in: SignedIn) -> dict[str, Any]:
        """The view of the member signed in, from what the session lookup read."""
        return self._view(signed_in.member, signed_in.credits, signed_in.main_photo,
                          signed_in.mail_off)

    def _view(self, member: Member, credits: int, main: dict[str, str] | None,
              mail_off: str | None) -> dict[str, Any]:
        site = self.sites.get(member.site_id)
        profile = member.profile
        bonus_end = time_bonus_end(buyer_of(member))
        return {
            "id": member.id,
            "email": member.email,
            "status": member.status.value,
            "credits": credits,
            # Why e-mail is off, if it is (fbl, bounce, unsubscribed): the client says so.
            "notifications_disabled": [mail_off] if mail_off else [],
            "paid_user": member.paid_user,
            "signup_date": member.created_at.isoformat(),
            # The client asks for the time bonus only until then (null once paid).
            "time_bonus_until": bonus_end.isoformat() if bonus_end else None,
            "fictional_icon": site.fictional_icon if site else "",
            "language": member.language,
            "invisible": member.invisible,
            "profile": {
                "id": member.id,
                "name": profile.name,
                "gender": profile.gender,
                "sexuality": profile.sexuality,
                "birth_date": profile.birth_date.isoformat(),
                "country": profile.country,
                "region": profile.region,
                "city": profile.city,
                "status": profile.status.value,
                "main_image": main,
            },
        }
