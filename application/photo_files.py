"""Who opens which photo file at /media/: anyone the main photo, the member a link was
signed for (application.shared.photo_links), an operator with a preview token (`amora
photos pending`). Part of application.photos.Photos, which gives it its fields."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from application.ports.clock import Clock
from application.ports.photos import Photo
from application.ports.security import Signer
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.own_photos import PREVIEW
from application.shared.photo_links import PhotoLinks
from domain.photos import kept_by_owner, open_to_anyone, visible_to_others


@attrs.frozen
class FileRequest:
    """A request for a photo file at /media/: its name, and what may open it besides."""

    name: str
    expires: str | None = None  # a viewer's signed link (application.shared.photo_links)
    signature: str | None = None
    preview: str | None = None  # an operator's preview token (Photos.pending)


class PhotoFiles:
    """The file side of application.photos.Photos (which holds these fields)."""

    __slots__ = ()
    uow: UnitFactory[SafetyUnit]
    clock: Clock
    signer: Signer | None

    @property
    def links(self) -> PhotoLinks | None:
        return PhotoLinks(self.signer, self.clock) if self.signer else None

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
