"""A member's photos as their owner sees them (issue 30.2, 31.3): which say why under the
photo (rejected or held: the decision's facts and ground), the main photo given back when
a removal is lifted, and what a held photo matched; the preview token of the review queue."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

import attrs

from application.ports.grounds import GroundTexts
from application.ports.photos import Photo, PhotoNames
from application.ports.shared_units import DecisionsUnit, PhotosUnit
from application.ports.units import SafetyUnit
from domain.decisions import DecisionStatus, Restriction
from domain.photos import (
    PhotoStatus,
    kept_by_owner,
    open_to_anyone,
    visible_to_others,
)
from domain.sites import Site

PREVIEW = "photo_preview"
PREVIEW_LIFETIME = timedelta(hours=24)
# The photos whose owner is told why under the photo: a decision restricts them.
EXPLAINED = frozenset({PhotoStatus.REJECTED, PhotoStatus.HELD})


@attrs.frozen(kw_only=True)
class PhotoRejection:
    """Why a photo was rejected (issue 30.2) or is held (issue 31.3), shown to its owner
    under the photo: the decision's facts and the title of its ground; the Decisions
    section has the rest."""

    decision_id: int
    facts: str
    ground_title: str


@attrs.frozen
class OwnPhoto:
    """One of the member's own photos, as their profile page shows it."""

    id: int
    filename: str
    thumb_filename: str
    status: PhotoStatus
    is_main: bool
    rejection: PhotoRejection | None = None

    @classmethod
    def of(cls, photo: Photo, links: PhotoNames | None = None, public: bool = False,
           rejection: PhotoRejection | None = None) -> OwnPhoto:
        """The photo as its owner gets it: a photo others do not all see by a link signed
        for the owner (application.shared.photo_links); plain names without ``links``."""
        filename, thumb = (links.files(photo, photo.member_id, public) if links
                           else (photo.filename, photo.thumb_filename))
        return cls(photo.id, filename, thumb, photo.status, photo.is_main, rejection)


def own_photos(photos: list[Photo], links: PhotoNames | None,
               rejections: Mapping[int, PhotoRejection] | None = None) -> list[OwnPhoto]:
    """A member's photos (main first, as the repository gives them) as the owner gets
    them; the one others all see stays plain. A rejected or held photo says why; one an
    operator removed is no longer theirs (its decision tells them)."""
    shown = [photo.id for photo in photos if visible_to_others(photo.status)]
    reasons = rejections or {}
    return [OwnPhoto.of(photo, links, open_to_anyone(
        photo.status, shown.index(photo.id) if photo.id in shown else -1),
        reasons.get(photo.id) if photo.status in EXPLAINED else None)
        for photo in photos if kept_by_owner(photo.status)]


def main_again_if_none(uow: PhotosUnit, photo: Photo) -> None:
    """A photo given back (a removal lifted) is the main one again when its owner has no
    main photo now; one they chose meanwhile stays."""
    if not any(other.is_main and other.id != photo.id and kept_by_owner(other.status)
               for other in uow.photos.of_member(photo.member_id)):
        uow.photos.set_main(photo.member_id, photo.id)


def held_because(uow: SafetyUnit, photo: Photo) -> HeldBecause | None:
    found = uow.decisions.in_force(photo.member_id, Restriction.PHOTO_HELD, str(photo.id))
    if found is None:
        return None

    def number(key: str) -> int | None:
        value = found.undo.get(key)
        return value if isinstance(value, int) else None

    return HeldBecause(decision_id=found.id, entry_id=number("entry"),
                       photo_id=number("photo"), member_id=number("member"))


@attrs.frozen(kw_only=True)
class HeldBecause:
    """Why a photo in the queue is held (issue 31.3): its decision, and what it matched:
    a block list's entry, or another member's photo."""

    decision_id: int
    entry_id: int | None
    photo_id: int | None
    member_id: int | None


_ON_PHOTOS = (Restriction.PHOTO_REJECTED, Restriction.PHOTO_HELD)


def photo_rejections(uow: DecisionsUnit, grounds: GroundTexts, site: Site, member_id: int,
                     language: str) -> dict[int, PhotoRejection]:
    """Why each of the member's rejected (or held) photos was rejected (or is held), by
    photo id: the decision in force on it (the newest, should there be more). In the
    caller's transaction."""
    reasons: dict[int, PhotoRejection] = {}
    for decision in uow.decisions.of_member(member_id):  # newest first
        if (decision.restriction in _ON_PHOTOS
                and decision.status is DecisionStatus.IN_FORCE
                and (decision.item_id or "").isdigit()):
            title, _ = grounds.describe(site, decision.ground, language)
            reasons.setdefault(int(decision.item_id or 0), PhotoRejection(
                decision_id=decision.id, facts=decision.facts, ground_title=title))
    return reasons
