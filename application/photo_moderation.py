"""Operators' decisions on photos: approve, reject (one at a time, or many and ranges at
once) and remove for good, each a decision its owner is told of. Part of
application.photos.Photos, which gives it its unit of work and clock."""

from __future__ import annotations

from collections.abc import Sequence

from application.ports.clock import Clock
from application.ports.photos import Photo
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.decisions import lift_decision, record_decision
from application.shared.listings import relist
from application.shared.lookups import existing_member
from application.shared.own_photos import main_again_if_none
from application.shared.site_lookup import site_id_of
from domain.decisions import OTHER_TERMS, Decision, Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.id_ranges import IdRange
from domain.photos import PhotoStatus, back_from_removal, check_removable, kept_by_owner

# Photos one approve or reject may take (ranges included): one transaction, all or none.
MAX_REVIEWED = 1000
NO_MAIN = 0  # set_main with the id of none of the member's photos: none is the main one


class PhotoModeration:
    """The operators' side of application.photos.Photos (which holds these fields)."""

    __slots__ = ()
    uow: UnitFactory[SafetyUnit]
    clock: Clock

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
