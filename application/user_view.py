"""What GET /api/user tells the signed-in member about themselves (spec section 3)."""

from __future__ import annotations

from typing import Any

import attrs

from application.ports import UnitOfWorkFactory
from domain.members import Member


@attrs.frozen
class UserView:
    uow: UnitOfWorkFactory

    def render(self, member: Member) -> dict[str, Any]:
        with self.uow() as uow:
            site = uow.sites.get(member.site_id)
            main = uow.photos.main_of(member.id)
            credits = uow.ledger.balance(member.id)
            _, mail_off = uow.notifications.preferences(member.id)
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
