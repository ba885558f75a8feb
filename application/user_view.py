"""What GET /api/user tells the signed-in member about themselves (spec section 3)."""

from __future__ import annotations

from typing import Any

import attrs

from application.ports import SignedIn, UnitOfWorkFactory
from application.sites import SiteDirectory
from domain.members import Member


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
        return {
            "id": member.id,
            "email": member.email,
            "status": member.status.value,
            "credits": credits,
            # Why e-mail is off, if it is (fbl, bounce, unsubscribed): the client says so.
            "notifications_disabled": [mail_off] if mail_off else [],
            "paid_user": member.paid_user,
            "signup_date": member.created_at.isoformat(),
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
