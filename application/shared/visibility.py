"""Who may see what of a member (spec section 4): a profile open to its viewer or not, the
gallery as this viewer gets it, and the item a notice names, checked against what its
notifier can see.

The item a notice names (issue 30.4): a profile that exists, a photo shown to the notifier
(a visitor sees only a profile's public main photo), a message of their own conversations.
What the item is not, or not for this notifier, is answered as not found, so a notice never
reveals what its notifier may not see. The member the notice is about follows from the
item."""

from __future__ import annotations

import attrs

from application.ports.photos import Photo, PhotoNames
from application.ports.shared_units import ProfileViewUnit
from application.ports.units import SafetyUnit
from domain.complaints import ComplaintForm, NoticeItem
from domain.discovery import (
    can_view,
    shares_members,
)
from domain.errors import DomainError
from domain.members import Member
from domain.photos import PhotoAccess, open_to_anyone, photo_access, visible_to_others
from domain.sites import Site


@attrs.frozen
class MemberPhoto:
    """A photo of another member's profile: locked ones show without their files."""

    id: int
    filename: str | None
    thumb_filename: str | None
    locked: bool


def profile_open(uow: ProfileViewUnit, site: Site, viewer: Member | None, member: Member) -> bool:
    """May ``viewer`` (on ``site``) see ``member``'s profile at all: a site that shares
    members, no block by the member, findable, or invisible but made first contact with
    the viewer: liked them or wrote to them (spec section 4: an invisible member must make
    first contact, so whom they contacted sees them)."""
    home = uow.sites.get(member.site_id)
    if home is None or not shares_members(site, home):
        return False
    viewer_id = viewer.id if viewer else None
    blocked = viewer is not None and uow.discovery.blocks(member.id, viewer.id)
    contacted = viewer is not None and member.invisible and _contacted(uow, member.id, viewer.id)
    return can_view(viewer_id, member, blocked, contacted_viewer=contacted)


def _contacted(uow: ProfileViewUnit, member_id: int, viewer_id: int) -> bool:
    if uow.likes.get(member_id, viewer_id) is not None:
        return True
    conversation = uow.chats.between(member_id, viewer_id)
    return conversation is not None and uow.chats.has_written(conversation.id, member_id)


def member_photos(photos: list[tuple[Photo, PhotoAccess]], viewer: Member | None,
                  links: PhotoNames) -> list[MemberPhoto]:
    """A gallery as its viewer gets it: open photos with their files (the main photo by
    its plain name, the others by links signed for the viewer), locked ones without."""
    shown = []
    for position, (photo, access) in enumerate(photos):
        if access is not PhotoAccess.OPEN:
            shown.append(MemberPhoto(photo.id, filename=None, thumb_filename=None,
                                     locked=True))
        elif open_to_anyone(photo.status, position) or viewer is None:  # (a visitor gets no other)
            shown.append(MemberPhoto(photo.id, photo.filename, photo.thumb_filename,
                                     locked=False))
        else:
            shown.append(MemberPhoto(photo.id, *links.files(photo, viewer.id, public=False),
                                     locked=False))
    return shown


def gallery(uow: ProfileViewUnit, viewer: Member | None, member: Member,
            profile_is_open: bool) -> list[tuple[Photo, PhotoAccess]]:
    """The member's photos others may see, main photo first, each with what this viewer
    gets of it (domain.photos.photo_access)."""
    photos = [p for p in uow.photos.of_member(member.id) if visible_to_others(p.status)]
    unlocked = uow.chats.unlocked(viewer.id) if viewer else set()
    return [(photo, photo_access(
        own=viewer is not None and viewer.id == member.id, profile_open=profile_is_open,
        status=photo.status, position=position, viewer_paid=bool(viewer and viewer.paid_user),
        unlocked=photo.id in unlocked)) for position, photo in enumerate(photos)]


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


@attrs.frozen
class MemberProfile:
    """Another member's profile; the attributes the site does not show are None."""

    id: int
    name: str
    gender: str
    age: int
    country: str
    is_fictional: bool
    blocked_by_me: bool
    photo_credits: int  # what unlocking one locked photo costs
    photo_count: int
    photos: list[MemberPhoto]
    sexuality: str | None
    about_me: str | None
    interests: list[str]
    hair_colour: str | None
    eye_colour: str | None
    body_type: str | None
    relationship_status: str | None
    tattoos: str | None
    city: str | None
    region: str | None
    liked_by_me: bool
    likes_me: bool
    match: bool
    # Online now; None when the viewer or the member hides it (quiet mode), or a visitor.
    online: bool | None = None
    # The scam shield's reasons in the texts shown (name, about text) that the member saved
    # anyway (issue 31.2): visitors see a warning.
    text_flags: list[str] = attrs.Factory(list)
