"""The exact item a notice names (issue 30.4), checked against what the notifier can see:
a profile that exists, a photo shown to them (a visitor sees only a profile's public main
photo), a message of their own conversations. What the item is not, or not for this
notifier, is answered as not found, so a notice never reveals what its notifier may not
see. The member the notice is about follows from the item."""

from __future__ import annotations

from application.discovery import gallery, profile_open
from application.ports.units import SafetyUnit
from domain.complaints import ComplaintForm, NoticeItem
from domain.errors import DomainError
from domain.members import Member
from domain.photos import PhotoAccess
from domain.sites import Site


def reported_member(uow: SafetyUnit, site: Site, reporter: Member | None,
                    form: ComplaintForm) -> int | None:
    """The member the checked form's item belongs to (None: a notice about no item). A
    member id the form also names must be that member."""
    if form.item_kind is None or form.item_id is None:
        if form.member_id is not None and uow.members.get(form.member_id) is None:
            raise DomainError("member_not_found")
        return form.member_id
    kind, item_id = NoticeItem(form.item_kind), form.item_id
    if kind is NoticeItem.PROFILE:
        owner = item_id if uow.members.get(item_id) is not None else None
        missing = "member_not_found"
    elif kind is NoticeItem.PHOTO:
        owner, missing = _photo_owner(uow, site, reporter, item_id), "photo_not_found"
    else:
        owner, missing = _message_sender(uow, reporter, item_id), "message_not_found"
    if owner is None or form.member_id not in (None, owner):
        raise DomainError(missing)
    return owner


def _photo_owner(uow: SafetyUnit, site: Site, reporter: Member | None,
                 photo_id: int) -> int | None:
    """The photo's member, if the photo is shown open to this notifier on this site."""
    photo = uow.photos.get(photo_id)
    owner = uow.members.get(photo.member_id) if photo else None
    if owner is None or not profile_open(uow, site, reporter, owner):
        return None
    shown = any(found.id == photo_id and access is PhotoAccess.OPEN
                for found, access in gallery(uow, reporter, owner, profile_is_open=True))
    return owner.id if shown else None


def _message_sender(uow: SafetyUnit, reporter: Member | None, message_id: int) -> int | None:
    """Who sent the message, if it is in the reporter's own conversations as they see them
    (not before a chat they deleted)."""
    if reporter is None:
        return None
    found = uow.complaints.visible_messages([message_id], reporter.id)
    return found[0].sender_id if found else None
