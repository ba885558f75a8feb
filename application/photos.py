"""Photos: members upload, order and delete theirs; operators see the queue waiting for
review. Split by business (issue 35.1): the operators' decisions on photos are
application.photo_moderation's, who opens which file at /media/ application.photo_files';
Photos brings them together on the same fields."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import attrs

from application.photo_files import PhotoFiles
from application.photo_moderation import PhotoModeration
from application.ports.clock import Clock
from application.ports.jobs import DeleteFiles, TaskQueue
from application.ports.photos import FileStore, Photo, PhotoForReview
from application.ports.security import Secrets, Signer
from application.ports.shield import ShieldTexts
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.blocklist_matches import PhotoMatch, photo_match
from application.shared.decisions import record_decision
from application.shared.listings import relist
from application.shared.lookups import existing_member, site_of_member
from application.shared.own_photos import PREVIEW_LIFETIME, HeldBecause, OwnPhoto, held_because
from application.shared.site_lookup import site_id_of
from domain.blocklists import PhotoHash
from domain.decisions import ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.members import Member
from domain.photos import (
    MAX_UPLOAD_BYTES,
    PhotoStatus,
    check_may_be_main,
    check_photo_room,
    kept_by_owner,
)
from domain.shield import SHIELD_ACTOR


def _counted(photos: list[Photo]) -> list[Photo]:
    """The photos that count towards the member's limit: neither rejected nor removed."""
    return [p for p in photos if p.status != PhotoStatus.REJECTED and kept_by_owner(p.status)]


def new_photo_files(member_id: int, secrets: Secrets) -> tuple[str, str]:
    """Names for a new photo and its thumbnail: random (120 bits), so nobody finds a photo
    by counting; the member's folder keeps a member's files together."""
    name = f"photos/{member_id}/{secrets.token()[:20]}"
    return f"{name}.jpg", f"{name}_thumb.jpg"


@attrs.frozen
class PhotoToReview(PhotoForReview):
    # A token that lets a link show the photo (and its thumbnail) without the owner's
    # login for PREVIEW_LIFETIME; None without a signer.
    preview: str | None
    held: HeldBecause | None = None


@attrs.frozen
class ProcessedImage:
    full: bytes
    thumb: bytes
    phash: PhotoHash | None = None  # its perceptual hashes (block lists, issue 31.3)


class ImageProcessor(Protocol):
    def process(self, data: bytes) -> ProcessedImage: ...


@attrs.frozen
class Photos(PhotoModeration, PhotoFiles):
    uow: UnitFactory[SafetyUnit]
    clock: Clock
    files: FileStore
    images: ImageProcessor
    secrets: Secrets
    tasks: TaskQueue
    # Signs operators' preview links of photos waiting for review (`amora photos pending`).
    signer: Signer | None = None
    # The facts of a held photo's decision in the member's language (issue 31.3).
    texts: ShieldTexts | None = None

    def upload(self, member_id: int, data: bytes) -> OwnPhoto:
        """A new photo waits for review; one matching a block-listed photo or another
        member's photo is held instead, with the shield's decision saying why (issue
        31.3): its owner sees it and the reason, nobody else, until an operator decides."""
        if len(data) > MAX_UPLOAD_BYTES:
            raise DomainError("photo_too_large", max_mb=MAX_UPLOAD_BYTES // (1024 * 1024))
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            kept = _counted(uow.photos.of_member(member_id))
        check_photo_room(len(kept), member.paid_user)
        processed = self.images.process(data)  # before the transaction: it takes a while
        full, thumb = new_photo_files(member_id, self.secrets)
        self.files.put(full, processed.full, "image/jpeg")
        self.files.put(thumb, processed.thumb, "image/jpeg")
        with self.uow() as uow:
            kept = _counted(uow.photos.of_member(member_id))
            try:
                check_photo_room(len(kept), member.paid_user)  # a parallel upload may have won
            except DomainError:
                self.tasks.enqueue(DeleteFiles([full, thumb]))
                raise
            now = self.clock.now()
            match = photo_match(uow, member_id, processed.phash) if processed.phash else None
            status = PhotoStatus.PENDING if match is None else PhotoStatus.HELD
            photo_id = uow.photos.add(member_id, full, thumb,
                                      is_main=not kept, status=status.value,
                                      created_at=now, phash=processed.phash)
            if match is not None:
                self._hold(uow, member, photo_id, match, now)
            uow.commit()
        photo = Photo(photo_id, member_id, full, thumb, status, is_main=not kept)
        return OwnPhoto.of(photo, self.links)  # waiting: its owner's link only

    def _hold(self, uow: SafetyUnit, member: Member, photo_id: int, match: PhotoMatch,
              now: datetime) -> None:
        """The held photo's decision, in the member's language: taken by the shield, so
        detected and decided automatically; approving the photo lifts it."""
        site = site_of_member(uow, member)
        facts = (self.texts.facts(match.facts, member.language, site=site.name)
                 if self.texts else match.facts)
        record_decision(uow, member, Restricting(
            restriction=Restriction.PHOTO_HELD, item_kind=ItemKind.PHOTO,
            item_id=str(photo_id), facts=facts, ground=match.ground,
            detected_automatically=True, decided_automatically=True,
            undo={"photo_status": PhotoStatus.PENDING.value, **match.details()}),
            SHIELD_ACTOR, now)
        uow.audit.record(now, SHIELD_ACTOR, "photos.hold", str(photo_id),
                         {**match.details(), "member": member.id,
                          "matched_member": match.member_id})

    def delete(self, member_id: int, photo_id: int) -> None:
        with self.uow() as uow:
            photo = self._own(uow, member_id, photo_id)
            uow.photos.delete(photo_id)
            if photo.is_main:
                rest = [p for p in uow.photos.of_member(member_id) if kept_by_owner(p.status)]
                if rest:
                    uow.photos.set_main(member_id, rest[0].id)
            relist(uow, member_id)
            # The files go in the background, retried until the store answers.
            uow.jobs.add(DeleteFiles([photo.filename, photo.thumb_filename]))
            uow.commit()

    def set_main(self, member_id: int, photo_id: int) -> None:
        with self.uow() as uow:
            photo = self._own(uow, member_id, photo_id)
            check_may_be_main(photo.status)
            uow.photos.set_main(member_id, photo_id)
            relist(uow, member_id)
            uow.commit()

    @staticmethod
    def _own(uow: SafetyUnit, member_id: int, photo_id: int) -> Photo:
        photo = uow.photos.get(photo_id)
        # Another's photo, or one an operator took away: not found.
        if photo is None or photo.member_id != member_id or not kept_by_owner(photo.status):
            raise DomainError("photo_not_found")
        return photo

    # --- operators (their decisions: application.photo_moderation) -----------------

    def pending(self, limit: int = 50, offset: int = 0, site: str | None = None
                ) -> tuple[list[PhotoToReview], int]:
        """A page of the photos waiting for review (held ones too, with why), oldest
        first, and how many wait, each with its preview token; ``site``: only the photos
        of that site's members (its domain)."""
        until = int((self.clock.now() + PREVIEW_LIFETIME).timestamp())
        with self.uow() as uow:
            site_id = site_id_of(uow, site)
            queue = uow.photo_queries
            found = queue.pending(limit, offset, site_id)
            total = queue.pending_count(site_id)
            held = {photo.id: held_because(uow, photo) for photo in found
                    if photo.status is PhotoStatus.HELD}
        return [PhotoToReview(**attrs.asdict(photo, recurse=False),
                              preview=self.preview_token(photo.id, until),
                              held=held.get(photo.id))
                for photo in found], total
