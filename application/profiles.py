"""The member's own profile: read it with all photos, change it field by field."""

from __future__ import annotations

from typing import Any

import attrs

from application.accounts import existing_member, site_of_member
from application.ports.clock import Clock
from application.ports.discovery import RegionCatalog
from application.ports.unit_of_work import UnitOfWorkFactory
from domain.errors import DomainError
from domain.members import INTERESTS, Member, age_on
from domain.photos import photo_limit
from domain.profile_rules import ProfileContext, apply_changes


@attrs.frozen
class Profiles:
    uow: UnitOfWorkFactory
    clock: Clock
    regions: RegionCatalog

    def own(self, member_id: int) -> dict[str, Any]:
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            photos = uow.photos.of_member(member_id)
        return self._render(member, photos)

    def update(self, member_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            site = site_of_member(uow, member)
            context = ProfileContext(email=member.email, today=self.clock.now().date(),
                                     min_age=site.min_age, countries=site.countries,
                                     is_region=self.regions.is_region)
            before, member = member, member.with_profile(
                apply_changes(member.profile, changes, context))
            uow.members.save(before, member)
            uow.commit()
            photos = uow.photos.of_member(member_id)
        return self._render(member, photos)

    def interests(self) -> list[str]:
        return list(INTERESTS)

    def regions_of(self, country: str, language: str) -> list[dict[str, str]]:
        code = country.strip().upper()
        if not self.regions.is_country(code):
            raise DomainError("invalid_country")
        return [{"code": c, "name": n} for c, n in self.regions.regions(code, language)]

    def _render(self, member: Member, photos: list[dict[str, Any]]) -> dict[str, Any]:
        profile = member.profile
        return {
            "id": member.id, "name": profile.name, "gender": profile.gender,
            "sexuality": profile.sexuality, "birth_date": profile.birth_date.isoformat(),
            "age": age_on(profile.birth_date, self.clock.now().date()),
            "country": profile.country, "region": profile.region, "city": profile.city,
            "about_me": profile.about_me, "interests": list(profile.interests),
            "hair_colour": profile.hair_colour, "eye_colour": profile.eye_colour,
            "body_type": profile.body_type, "relationship_status": profile.relationship_status,
            "tattoos": profile.tattoos, "status": profile.status.value,
            "photos": photos, "photo_limit": photo_limit(member.paid_user),
        }
