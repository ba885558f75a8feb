"""Photos: members upload, order and delete theirs; operators review them."""

from __future__ import annotations

from datetime import timedelta
from typing import Protocol

import attrs

from application.accounts import existing_member
from application.listings import relist
from application.ports.clock import Clock
from application.ports.jobs import TaskQueue
from application.ports.photos import FileStore, Photo, PhotoForReview
from application.ports.security import Secrets, Signer
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from domain.errors import DomainError
from domain.photos import MAX_UPLOAD_BYTES, PhotoStatus, check_photo_room

PREVIEW = "photo_preview"
PREVIEW_LIFETIME = timedelta(hours=24)


@attrs.frozen
class OwnPhoto:
    """One of the member's own photos, as their profile page shows it."""

    id: int
    filename: str
    thumb_filename: str
    status: PhotoStatus
    is_main: bool

    @classmethod
    def of(cls, photo: Photo) -> OwnPhoto:
        return cls(photo.id, photo.filename, photo.thumb_filename, photo.status, photo.is_main)


@attrs.frozen
class PhotoToReview(PhotoForReview):
    # A token that lets a link show the photo (and its thumbnail) without the owner's
    # login for PREVIEW_LIFETIME; None without a signer.
    preview: str | None


@attrs.frozen
class ProcessedImage:
    full: bytes
    thumb: bytes


class ImageProcessor(Protocol):
    def process(self, data: bytes) -> ProcessedImage: ...


@attrs.frozen
class Photos:
    uow: UnitOfWorkFactory
    clock: Clock
    files: FileStore
    images: ImageProcessor
    secrets: Secrets
    tasks: TaskQueue
    # Signs operators' preview links of photos waiting for review (`amora photos pending`).
    signer: Signer | None = None

    def upload(self, member_id: int, data: bytes) -> OwnPhoto:
        if len(data) > MAX_UPLOAD_BYTES:
            raise DomainError("photo_too_large", max_mb=MAX_UPLOAD_BYTES // (1024 * 1024))
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            kept = [p for p in uow.photos.of_member(member_id)
                    if p.status != PhotoStatus.REJECTED]
        check_photo_room(len(kept), member.paid_user)
        processed = self.images.process(data)  # before the transaction: it takes a while
        name = f"photos/{member_id}/{self.secrets.token()[:20]}"
        self.files.put(f"{name}.jpg", processed.full, "image/jpeg")
        self.files.put(f"{name}_thumb.jpg", processed.thumb, "image/jpeg")
        with self.uow() as uow:
            kept = [p for p in uow.photos.of_member(member_id)
                    if p.status != PhotoStatus.REJECTED]
            try:
                check_photo_room(len(kept), member.paid_user)  # a parallel upload may have won
            except DomainError:
                self.tasks.enqueue("delete_files", [f"{name}.jpg", f"{name}_thumb.jpg"])
                raise
            photo_id = uow.photos.add(member_id, f"{name}.jpg", f"{name}_thumb.jpg",
                                      is_main=not kept, status=PhotoStatus.PENDING.value,
                                      created_at=self.clock.now())
            uow.commit()
        return OwnPhoto(photo_id, f"{name}.jpg", f"{name}_thumb.jpg", PhotoStatus.PENDING,
                        is_main=not kept)

    def delete(self, member_id: int, photo_id: int) -> None:
        with self.uow() as uow:
            photo = self._own(uow, member_id, photo_id)
            uow.photos.delete(photo_id)
            if photo.is_main:
                rest = uow.photos.of_member(member_id)
                if rest:
                    uow.photos.set_main(member_id, rest[0].id)
            relist(uow, member_id)
            # The files go in the background, retried until the store answers.
            uow.jobs.add("delete_files", [photo.filename, photo.thumb_filename])
            uow.commit()

    def set_main(self, member_id: int, photo_id: int) -> None:
        with self.uow() as uow:
            photo = self._own(uow, member_id, photo_id)
            if photo.status == PhotoStatus.REJECTED:
                raise DomainError("photo_rejected")
            uow.photos.set_main(member_id, photo_id)
            relist(uow, member_id)
            uow.commit()

    @staticmethod
    def _own(uow: UnitOfWork, member_id: int, photo_id: int) -> Photo:
        photo = uow.photos.get(photo_id)
        if photo is None or photo.member_id != member_id:  # another's photo: not found
            raise DomainError("photo_not_found")
        return photo

    # --- operators -----------------------------------------------------------------

    def pending(self, limit: int = 50, offset: int = 0) -> tuple[list[PhotoToReview], int]:
        """A page of the photos waiting for review, oldest first, and how many wait, each
        with its preview token."""
        until = int((self.clock.now() + PREVIEW_LIFETIME).timestamp())
        with self.uow() as uow:
            queue = uow.photo_queries
            found, total = queue.pending(limit, offset), queue.pending_count()
        return [PhotoToReview(**attrs.asdict(photo, recurse=False),
                              preview=self.signer.sign(PREVIEW, [photo.id, until])
                              if self.signer else None) for photo in found], total

    def previewable(self, name: str, token: str | None) -> bool:
        """Whether an operator's preview link opens this file (a photo or its thumbnail)."""
        data = self.signer.unsign(PREVIEW, token) if self.signer and token else None
        if data is None or len(data) != 2:
            return False
        photo_id, until = data
        if self.clock.now().timestamp() >= until:
            return False
        with self.uow() as uow:
            photo = uow.photos.by_file(name)
        return photo is not None and photo.id == photo_id

    def review(self, photo_id: int, approve: bool, actor: str, reason: str = "") -> None:
        self.review_many([photo_id], approve, actor, reason)

    def review_many(self, photo_ids: list[int], approve: bool, actor: str,
                    reason: str = "") -> None:
        """Approve or reject several photos at once: all of them, or (one unknown id)
        none."""
        if not approve and not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        status = PhotoStatus.ACTIVE if approve else PhotoStatus.REJECTED
        with self.uow() as uow:
            owners: list[int] = []
            for photo_id in dict.fromkeys(photo_ids):
                photo = uow.photos.get(photo_id)
                if photo is None:
                    raise DomainError("photo_not_found", id=photo_id)
                uow.photos.set_status(photo_id, status.value)
                uow.audit.record(now, actor, f"photos.{'approve' if approve else 'reject'}",
                                 str(photo_id), {"member": photo.member_id,
                                                 "reason": reason})
                owners.append(photo.member_id)
            relist(uow, *owners)
            uow.commit()

    def visible_file(self, name: str, viewer_id: int | None) -> bool:
        """Others get active photos only; pending and rejected ones show to their owner."""
        with self.uow() as uow:
            photo = uow.photos.by_file(name)
        if photo is None:
            return False
        return photo.status == PhotoStatus.ACTIVE or photo.member_id == viewer_id
