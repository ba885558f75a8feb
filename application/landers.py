"""Landing pages (issue 9): real members of the site to show, one member for the member
landers, and the visits that tell which landers keep visitors (bounces, with ?lb)."""

from __future__ import annotations

from datetime import timedelta
from typing import Protocol

import attrs

from application.ports.clock import Clock
from application.ports.discovery import SearchQuery
from application.ports.security import Secrets
from application.ports.transaction import UnitFactory
from application.ports.units import SocialUnit
from application.shared.cards import PublicCard
from application.shared.liking import shared_site_ids
from application.shared.listings import listed
from application.shared.site_lookup import named_site, resolve_site
from application.shared.visibility import MemberProfile
from domain.discovery import DECK_ORDER, MAX_AGE, birth_dates_for
from domain.errors import DomainError
from domain.landers import BounceFigures, check_visit
from domain.matching import search_defaults
from domain.members import Member
from domain.sites import Site

MOST_SHOWN = 48


@attrs.frozen
class LanderMembers:
    members: list[PublicCard]


@attrs.frozen
class LanderVisit:
    visit: str  # the key that later marks the visit engaged


@attrs.frozen
class Place:
    """Where the visitor said they are: a country of the site, maybe a region of it."""

    country: str
    region: str | None = None


def _serves(site: Site, place: Place) -> bool:
    return not site.countries or place.country in site.countries


class PublicProfiles(Protocol):
    """The one profile a member lander shows, as discovery reads it for a visitor."""

    def member(self, host: str | None, viewer: Member | None, member_id: int,
               has_traffic_source: bool = False, public: bool = False) -> MemberProfile: ...


@attrs.frozen
class Landers:
    uow: UnitFactory[SocialUnit]
    clock: Clock
    secrets: Secrets
    discovery: PublicProfiles  # application.discovery.Discovery

    def members(self, host: str | None, limit: int, gender: str | None = None,
                viewer: Member | None = None, near: Place | None = None) -> LanderMembers:
        """Active, findable members with a photo, newest first
        (real members of the site, fictional ones marked as everywhere). A member looking
        at a lander sees the gender they seek unless the lander names one; ``near``: only
        members of that country (and region), for the map."""
        today = self.clock.now().date()
        if not 1 <= limit <= MOST_SHOWN:
            raise DomainError("invalid_request", detail="limit")
        if gender is None and viewer is not None:
            gender = search_defaults(viewer.profile, today).gender
        with self.uow() as uow:
            site = resolve_site(uow, host)
            if near is not None and not _serves(site, near):
                raise DomainError("invalid_request", detail="country")
            born_from, born_until = birth_dates_for(site.min_age, MAX_AGE, today)
            query = SearchQuery(site_ids=shared_site_ids(uow, site),
                                viewer_id=viewer.id if viewer else None,
                                born_from=born_from, born_until=born_until, gender=gender,
                                country=near.country if near else None,
                                region=near.region if near else None)
            cards = listed(uow, uow.discovery.search, query, limit, order=DECK_ORDER)
        return LanderMembers([PublicCard.of(card, today) for card in cards])

    def member(self, host: str | None, member_id: int) -> MemberProfile:
        """One member's public profile for /members/{id}/landing…, visitors or not."""
        return self.discovery.member(host, None, member_id, public=True)

    def visit(self, host: str | None, lander: str, source: str | None) -> LanderVisit:
        lander, source = check_visit(lander, source)
        key = self.secrets.token()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            uow.landers.add_visit(key, site.id, lander, source, self.clock.now())
            uow.commit()
        return LanderVisit(key)

    def engaged(self, key: str) -> None:
        """The visitor did something (the call to action): this visit is no bounce."""
        with self.uow() as uow:
            uow.landers.engage(key[:64], self.clock.now())
            uow.commit()

    def bounces(self, domain: str | None, days: int) -> list[BounceFigures]:
        with self.uow() as uow:
            site_id = named_site(uow, domain).id if domain else None
            return uow.landers.bounce_figures(site_id, self.clock.now() - timedelta(days=days))
