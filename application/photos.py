"""Photos: members upload, order and delete theirs; operators review them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Protocol

import attrs

from application.ports.clock import Clock
from application.ports.jobs import DeleteFiles, TaskQueue
from application.ports.photos import FileStore, Photo, PhotoForReview
from application.ports.security import Secrets, Signer
from application.ports.shield import ShieldTexts
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.blocklist_matches import PhotoMatch, photo_match
from application.shared.decisions import lift_decision, record_decision
from application.shared.listings import relist
from application.shared.lookups import existing_member, site_of_member
from application.shared.own_photos import (
    PREVIEW,
    PREVIEW_LIFETIME,
    HeldBecause,
    OwnPhoto,
    held_because,
    main_again_if_none,
)
from application.shared.photo_links import PhotoLinks
from application.shared.site_lookup import site_id_of
from domain.blocklists import PhotoHash
from domain.decisions import OTHER_TERMS, Decision, Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.id_ranges import IdRange
from domain.members import Member
from domain.photos import (
    MAX_UPLOAD_BYTES,
    PhotoStatus,
    back_from_removal,
    check_may_be_main,
    check_photo_room,
    check_removable,
    kept_by_owner,
    open_to_anyone,
    visible_to_others,
)
from domain.shield import SHIELD_ACTOR

# Photos one approve or reject may take (ranges included): one transaction, all or none.
MAX_REVIEWED = 1000
NO_MAIN = 0  # set_main with the id of none of the member's photos: none is the main one


def _counted(photos: list[Photo]) -> list[Photo]:
    """The photos that count towards the member's limit: neither rejected nor removed."""
    return [p for p in photos if p.status != PhotoStatus.REJECTED and kept_by_owner(p.status)]


def new_photo_files(member_id: int, secrets: Secrets) -> tuple[str, str]:
    """Names for a new photo and its thumbnail: random (120 bits), so nobody finds a photo
    by counting; the member's folder keeps a member's files together."""
    name = f"photos/{member_id}/{secrets.token()[:20]}"
    return f"{name}.jpg", f"{name}_thumb.jpg"


@attrs.frozen
class FileRequest:
    """A request for a photo file at /media/: its name, and what may open it besides."""

    name: str
    expires: str | None = None  # a viewer's signed link (application.shared.photo_links)
    signature: str | None = None
    preview: str | None = None  # an operator's preview token (Photos.pending)


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
class Photos:
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

    @property
    def links(self) -> PhotoLinks | None:
        return PhotoLinks(self.signer, self.clock) if self.signer else None

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

    # --- operators -----------------------------------------------------------------

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

    def preview_token(self, photo_id: int, until: int) -> str | None:
        """A token that opens the photo and its thumbnail at /media/ until ``until`` (a
        Unix time) without a login; None without a signer."""
        return self.signer.sign(PREVIEW, [photo_id, until]) if self.signer else None

    def previewable(self, name: str, token: str | None) -> bool:
        """Whether an operator's preview link opens this file (a photo or its thumbnail)."""
        with self.uow() as uow:
            photo = uow.photos.by_file(name)
        return photo is not None and self._preview_opens(photo, token)

    def _preview_opens(self, photo: Photo, token: str | None) -> bool:
        data = self.signer.unsign(PREVIEW, token) if self.signer and token else None
        if data is None or len(data) != 2:
            return False
        photo_id, until = data
        if self.clock.now().timestamp() >= until:
            return False
        return bool(photo.id == photo_id)

    def review(self, photo_id: int, approve: bool, actor: str, reason: str = "",
               ground: Ground = OTHER_TERMS, notice_id: int | None = None, *,
               facts: str | None = None) -> None:
        self.review_many([photo_id], approve, actor, reason, ground, notice_id, facts=facts)

    def review_many(self, photo_ids: Sequence[int], approve: bool, actor: str,
                    reason: str = "", ground: Ground = OTHER_TERMS,
                    notice_id: int | None = None, *, facts: str | None = None,
                    ranges: Sequence[IdRange] = (), site: str | None = None) -> list[int]:
        """Approve or reject several photos at once: all of them, or (one unknown id)
        none. Each rejection is a decision its owner is told of (the facts, else the
        reason); approving a photo rejected before lifts that decision, approving one
        removed gives it back (lifting the removal); a removed photo is not rejected. A
        held photo's hold ends either way (its decision is lifted): approved, or rejected
        instead. ``ranges`` (issue 32.3) add the photos in them still waiting for review
        (pending or held), each range at least one; ``site`` (a domain) keeps the command
        to that site's photos. Answers the photos reviewed, in that order."""
        if not approve and not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        status = PhotoStatus.ACTIVE if approve else PhotoStatus.REJECTED
        with self.uow() as uow:
            chosen = _chosen(uow, photo_ids, ranges, site)
            owners: list[int] = []
            for photo in chosen:
                photo_id = photo.id
                removed = photo.status is PhotoStatus.REMOVED
                if removed and not approve:
                    raise DomainError("photo_removed", id=photo_id)
                uow.photos.set_status(photo_id, status.value)
                uow.audit.record(now, actor, f"photos.{'approve' if approve else 'reject'}",
                                 str(photo_id), {"member": photo.member_id,
                                                 "reason": reason})
                held = photo.status is PhotoStatus.HELD
                if held:  # the hold ends either way: approved, or a rejection instead
                    lift_decision(uow, photo.member_id, Restriction.PHOTO_HELD,
                                  str(photo_id), actor, now)
                if removed:  # an operator gives it back
                    lift_decision(uow, photo.member_id, Restriction.PHOTO_REMOVED,
                                  str(photo_id), actor, now)
                    main_again_if_none(uow, photo)
                if approve:
                    lift_decision(uow, photo.member_id, Restriction.PHOTO_REJECTED,
                                  str(photo_id), actor, now)
                elif photo.status is not PhotoStatus.REJECTED:
                    # Lifted on appeal, a rejected photo that was held goes back to
                    # review, as every upload does (its hold has ended).
                    before = PhotoStatus.PENDING if held else photo.status
                    record_decision(uow, existing_member(uow, photo.member_id), Restricting(
                        restriction=Restriction.PHOTO_REJECTED, item_kind=ItemKind.PHOTO,
                        item_id=str(photo_id), facts=facts or reason, ground=ground,
                        notice_id=notice_id, undo={"photo_status": before.value}),
                        actor, now)
                owners.append(photo.member_id)
            relist(uow, *dict.fromkeys(owners))
            uow.commit()
        return [photo.id for photo in chosen]

    def remove(self, photo_id: int, actor: str, reason: str, ground: Ground = OTHER_TERMS,
               notice_id: int | None = None, *, facts: str | None = None) -> Decision:
        """Takes a photo away for good (issue 32.2, `amora photos remove`): others no
        longer see it, its owner neither; the decision (photo_removed) tells them why, by
        mail and in their Decisions, and keeps what lifting it needs, so an appeal puts
        the photo back (application/undoing.py). A hold or rejection it had ends with it.
        The file stays while the decision may be contested."""
        if not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            found = uow.photos.get(photo_id)
            if found is None:
                raise DomainError("photo_not_found", id=photo_id)
            # Two operators at once: the second reads what the first left (one decision).
            uow.members.lock(found.member_id)
            photo = uow.photos.get(photo_id)
            if photo is None:
                raise DomainError("photo_not_found", id=photo_id)
            check_removable(photo.status)
            member = existing_member(uow, photo.member_id)
            uow.photos.set_status(photo.id, PhotoStatus.REMOVED.value)
            if photo.is_main:  # the next photo they keep is the face on their cards
                rest = sorted((p for p in uow.photos.of_member(member.id)
                               if p.id != photo.id and kept_by_owner(p.status)),
                              key=lambda p: p.status != PhotoStatus.ACTIVE)
                uow.photos.set_main(member.id, rest[0].id if rest else NO_MAIN)
            for ended in (Restriction.PHOTO_HELD, Restriction.PHOTO_REJECTED):
                lift_decision(uow, member.id, ended, str(photo.id), actor, now)
            made = record_decision(uow, member, Restricting(
                restriction=Restriction.PHOTO_REMOVED, item_kind=ItemKind.PHOTO,
                item_id=str(photo.id), facts=facts or reason, ground=ground,
                notice_id=notice_id,
                undo={"photo_status": back_from_removal(photo.status).value}), actor, now)
            uow.audit.record(now, actor, "photos.remove", str(photo.id),
                             {"member": member.id, "reason": reason, "decision": made.id})
            relist(uow, member.id)
            uow.commit()
        return made

    def served(self, asked: FileRequest, viewer: Callable[[], int | None]) -> bool | None:
        """Whether /media/ gives out this file: True to anyone (a CDN may have it), False
        to this request only, None not at all (as if there were no such file). Anyone gets
        the main photo (domain.photos.open_to_anyone); any other photo needs a link the
        photo rule gave the member signed in (``viewer``, asked only then) while the photo
        is still theirs or others', or an operator's preview."""
        with self.uow() as uow:
            photo = uow.photos.by_file(asked.name)
            if photo is None:
                return None
            shown = [p.id for p in uow.photos.of_member(photo.member_id)
                     if visible_to_others(p.status)]
        position = shown.index(photo.id) if photo.id in shown else -1
        if open_to_anyone(photo.status, position):
            return True
        if self._preview_opens(photo, asked.preview):
            return False
        if not kept_by_owner(photo.status):  # taken away: its owner's links open nothing
            return None
        links = self.links
        if links is None or not asked.signature:
            return None
        viewer_id = viewer()
        if not links.opens(asked.name, viewer_id, asked.expires, asked.signature):
            return None
        return False if photo.member_id == viewer_id or visible_to_others(photo.status) \
            else None


def _chosen(uow: SafetyUnit, photo_ids: Sequence[int], ranges: Sequence[IdRange],
            site: str | None) -> list[Photo]:
    """The photos an approve or reject takes: each id named (it must exist), then those
    waiting for review in each range (at least one a range), each photo once; all of the
    site's when a site is named."""
    site_id = site_id_of(uow, site)
    chosen: dict[int, Photo] = {}
    for photo_id in photo_ids:
        photo = uow.photos.get(photo_id)
        if photo is None:
            raise DomainError("photo_not_found", id=photo_id)
        if site_id is not None and existing_member(uow, photo.member_id).site_id != site_id:
            raise DomainError("photo_of_another_site", id=photo_id, domain=site)
        chosen[photo_id] = photo
    for span in ranges:
        waiting = uow.photo_queries.waiting_between(span.first, span.last, site_id,
                                                    MAX_REVIEWED + 1)
        if not waiting:
            raise DomainError("no_photo_waiting", range=str(span))
        chosen.update((photo.id, photo) for photo in waiting if photo.id not in chosen)
        if len(chosen) > MAX_REVIEWED:
            raise DomainError("too_many_photos", max=MAX_REVIEWED)
    return list(chosen.values())
