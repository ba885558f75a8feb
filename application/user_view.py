"""What GET /api/user tells the signed-in member about themselves (spec section 3)."""

from __future__ import annotations

from datetime import date, datetime

import attrs

from application.ports.accounts import SignedIn
from application.ports.photos import MainPhoto
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.buyers import buyer_of
from application.shared.photo_links import PhotoLinks
from application.shared.site_directory import SiteDirectory
from domain.members import AccountStatus, Member, ProfileStatus
from domain.photos import PhotoStatus
from domain.pricing import time_bonus_end


@attrs.frozen
class OwnProfile:
    id: int
    name: str
    gender: str
    sexuality: str
    birth_date: date
    country: str
    region: str | None
    city: str | None
    status: ProfileStatus
    main_image: MainPhoto | None


@attrs.frozen
class User:
    """The signed-in member as their own pages show them."""

    id: int
    email: str
    status: AccountStatus
    credits: int
    # Why e-mail is off, if it is (fbl, bounce, unsubscribed): the client says so.
    notifications_disabled: list[str]
    paid_user: bool
    signup_date: datetime
    # The client asks for the time bonus only until then (None once paid).
    time_bonus_until: datetime | None
    fictional_icon: str
    language: str
    invisible: bool
    # Quiet mode (domain/privacy.py): shared only when both members share it.
    share_typing: bool
    share_read_receipts: bool
    show_online: bool
    profile: OwnProfile


@attrs.frozen
class UserView:
    uow: UnitFactory[AccountsUnit]
    sites: SiteDirectory
    links: PhotoLinks  # a main photo still waiting for review: the member's own link

    def render(self, member: Member) -> User:
        with self.uow() as uow:
            main = uow.photos.main_of(member.id)
            credits = uow.ledger.balance(member.id)
            _, mail_off = uow.notifications.preferences(member.id)
        return self._view(member, credits, main, mail_off)

    def of(self, signed_in: SignedIn) -> User:
        """The view of the member signed in, from what the session lookup read."""
        return self._view(signed_in.member, signed_in.credits, signed_in.main_photo,
                          signed_in.mail_off)

    def _view(self, member: Member, credits: int, main: MainPhoto | None,
              mail_off: str | None) -> User:
        site = self.sites.get(member.site_id)
        profile = member.profile
        return User(
            id=member.id, email=member.email, status=member.status, credits=credits,
            notifications_disabled=[mail_off] if mail_off else [],
            paid_user=member.paid_user, signup_date=member.created_at,
            time_bonus_until=time_bonus_end(buyer_of(member)),
            fictional_icon=site.fictional_icon if site else "",
            language=member.language, invisible=member.invisible,
            share_typing=member.share_typing, share_read_receipts=member.share_read_receipts,
            show_online=member.show_online,
            profile=OwnProfile(
                id=member.id, name=profile.name, gender=profile.gender,
                sexuality=profile.sexuality, birth_date=profile.birth_date,
                country=profile.country, region=profile.region, city=profile.city,
                status=profile.status, main_image=self._own(main, member.id)))

    def _own(self, main: MainPhoto | None, member_id: int) -> MainPhoto | None:
        if main is None or main.status == PhotoStatus.ACTIVE:  # on every card: plain
            return main
        return attrs.evolve(main, filename=self.links.name(main.filename, member_id, False),
                            thumb_filename=self.links.name(main.thumb_filename, member_id,
                                                           False))
