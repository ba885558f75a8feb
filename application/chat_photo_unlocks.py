"""A locked photo bought in the chat: a free member opens one for the site's photo
credits. Part of application.chat.Chat, which gives it its fields."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, member_channel
from application.ports.transaction import UnitFactory
from application.ports.units import ChatUnit
from application.shared.ledger import book, credits_event
from application.shared.lookups import existing_member, site_of_member
from application.shared.photo_links import PhotoLinks
from application.shared.visibility import MemberPhoto, gallery, profile_open
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.members import Member
from domain.photos import check_unlockable


@attrs.frozen
class UnlockedPhoto:
    photo: MemberPhoto
    credits: int


class ChatPhotoUnlocks:
    """The photo side of application.chat.Chat (which holds these fields)."""

    __slots__ = ()
    uow: UnitFactory[ChatUnit]
    clock: Clock
    events: EventBus
    photo_links: PhotoLinks | None

    def unlock_photo(self, viewer: Member, member_id: int, photo_id: int) -> UnlockedPhoto:
        """A free member opens one locked photo for the site's photo_credits. Only a photo
        locked to this viewer can be bought (domain.photos.photo_access): behind a block,
        an invisible or foreign-site member, or the main photo, nothing is sold."""
        now = self.clock.now()
        with self.uow() as uow:
            uow.members.lock(viewer.id)  # one paid action of this member at a time
            viewer = existing_member(uow, viewer.id)
            site = site_of_member(uow, viewer)
            member = uow.members.get(member_id)
            photos = [] if member is None else gallery(
                uow, viewer, member, profile_open(uow, site, viewer, member))
            found = next((pair for pair in photos if pair[0].id == photo_id), None)
            if found is None:
                raise DomainError("photo_not_found")
            photo, access = found
            if photo_id not in uow.chats.unlocked(viewer.id):  # a retry is charged nothing
                check_unlockable(access)
                if site.photo_credits:
                    book(uow, viewer.id, EntryKind.PHOTO, site.photo_credits,
                         f"photo:{photo_id}", f"photo {photo_id} of {member_id}", now)
                uow.chats.unlock(viewer.id, photo_id, now)
            balance = uow.ledger.balance(viewer.id)
            uow.commit()
        self.events.publish(member_channel(viewer.id), credits_event(balance))
        filename, thumb = (self.photo_links.files(photo, viewer.id, public=False)
                           if self.photo_links else (photo.filename, photo.thumb_filename))
        return UnlockedPhoto(MemberPhoto(photo_id, filename, thumb, locked=False),
                             credits=balance)
