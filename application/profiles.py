"""The member's own profile: read it with all photos, change it field by field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

import attrs

from application.ports.clock import Clock
from application.ports.discovery import RegionCatalog
from application.ports.grounds import GroundTexts
from application.ports.photos import Photo
from application.ports.transaction import UnitFactory
from application.ports.units import SocialUnit
from application.shared.listings import relist
from application.shared.lookups import existing_member, site_of_member
from application.shared.own_photos import (
    EXPLAINED,
    OwnPhoto,
    PhotoRejection,
    own_photos,
    photo_rejections,
)
from application.shared.photo_links import PhotoLinks
from application.shared.screening import ProfileShield
from domain.errors import DomainError
from domain.members import INTERESTS, Member, ProfileStatus, age_on
from domain.photos import photo_limit
from domain.profile_flags import SCREENED, api_name
from domain.profile_rules import ProfileContext, apply_changes

# Fields to change and their new values, as the member sent them (checked by the domain).
ProfileChanges = Mapping[str, str | Sequence[str] | None]


@attrs.frozen
class EditableProfile:
    """The member's own profile with every photo, as the profile editor shows it."""

    id: int
    name: str
    gender: str
    sexuality: str
    birth_date: date
    age: int
    country: str
    region: str | None
    city: str | None
    about_me: str
    interests: list[str]
    hair_colour: str | None
    eye_colour: str | None
    body_type: str | None
    relationship_status: str | None
    tattoos: str | None
    status: ProfileStatus
    photos: list[OwnPhoto]
    photo_limit: int
    # The scam shield's reasons per text saved anyway ("name", "about"): the member sees
    # that visitors are warned, and why.
    text_flags: dict[str, list[str]]


@attrs.frozen
class Region:
    code: str
    name: str


@attrs.frozen
class Profiles:
    uow: UnitFactory[SocialUnit]
    clock: Clock
    regions: RegionCatalog
    links: PhotoLinks  # the photos others do not all see go to the owner signed
    grounds: GroundTexts  # a rejected photo's reason names its ground
    shield: ProfileShield  # the name and about text are screened as they change

    def own(self, member_id: int, language: str | None = None) -> EditableProfile:
        """``language``: the screen's, for why a photo was rejected (else the member's)."""
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            photos = uow.photos.of_member(member_id)
            reasons = self._reasons(uow, member, photos, language)
        return self._render(member, photos, reasons)

    def update(self, member_id: int, changes: ProfileChanges,
               language: str | None = None, confirmed: bool = False) -> EditableProfile:
        """``confirmed``: a flagged name or about text is saved anyway, after the scam
        shield's nudge (DomainError profile_text_flagged), with its flags."""
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            site = site_of_member(uow, member)
            context = ProfileContext(email=member.email, today=self.clock.now().date(),
                                     min_age=site.min_age, countries=site.countries,
                                     is_region=self.regions.is_region)
            changed = apply_changes(member.profile, changes, context)
            flags = self.shield.flags(member.profile, changed, confirmed)
            before, member = member, member.with_profile(
                attrs.evolve(changed, text_flags=flags))
            uow.members.save(before, member)
            relist(uow, member_id)  # a filled profile comes first in lists
            uow.commit()
            photos = uow.photos.of_member(member_id)
            reasons = self._reasons(uow, member, photos, language)
        return self._render(member, photos, reasons)

    def interests(self) -> list[str]:
        return list(INTERESTS)

    def regions_of(self, country: str, language: str) -> list[Region]:
        code = country.strip().upper()
        if not self.regions.is_country(code):
            raise DomainError("invalid_country")
        return [Region(c, n) for c, n in self.regions.regions(code, language)]

    def _reasons(self, uow: SocialUnit, member: Member, photos: list[Photo],
                 language: str | None) -> dict[int, PhotoRejection]:
        if not any(photo.status in EXPLAINED for photo in photos):
            return {}
        return photo_rejections(uow, self.grounds, site_of_member(uow, member), member.id,
                                language or member.language)

    def _render(self, member: Member, photos: list[Photo],
                reasons: dict[int, PhotoRejection]) -> EditableProfile:
        profile = member.profile
        return EditableProfile(
            id=member.id, name=profile.name, gender=profile.gender,
            sexuality=profile.sexuality, birth_date=profile.birth_date,
            age=age_on(profile.birth_date, self.clock.now().date()),
            country=profile.country, region=profile.region, city=profile.city,
            about_me=profile.about_me, interests=list(profile.interests),
            hair_colour=profile.hair_colour, eye_colour=profile.eye_colour,
            body_type=profile.body_type, relationship_status=profile.relationship_status,
            tattoos=profile.tattoos, status=profile.status,
            photos=own_photos(photos, self.links, reasons),
            photo_limit=photo_limit(member.paid_user),
            text_flags={api_name(field): list(profile.text_flags.of(field))
                        for field in SCREENED})
