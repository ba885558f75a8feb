"""Links to the photos not everyone may see (issue 28.6).

A member's main photo (domain.photos.open_to_anyone) goes to whoever asks /media/ for its
plain name. Every other photo - one locked to free viewers, one waiting for review, a
rejected one - is given only to the viewer the photo rule let see it, as a link signed for
that viewer: its name with an expiry and a signature over name, viewer and expiry
(``photos/7/x.jpg?exp=…&sig=…``, still the path the client appends to the site's
cdn_prefix). /media/ checks the signature against the member signed in, so a link copied
to someone else, or the bare name, opens nothing."""

from __future__ import annotations

import hmac
import re
from datetime import timedelta

import attrs

from application.ports.clock import Clock
from application.ports.photos import Photo
from application.ports.security import Signer

PURPOSE = "photo_link"
# A link lives until the end of the hour after the one it was made in: one to two hours,
# enough for a page view and the browser's cache. Every answer within one clock hour
# carries the same link, so the browser fetches each photo once an hour, not once per
# answer. A block, a rejection seen by others or a lapsed premium shuts a link it has
# already given within two hours at most (a rejection and a deletion at once: /media/
# checks the photo too).
BUCKET = timedelta(hours=1)
_EXPIRY = re.compile(r"[0-9]{1,12}")


@attrs.frozen
class PhotoLinks:
    signer: Signer
    clock: Clock

    def name(self, name: str, viewer_id: int, public: bool) -> str:
        """The name as ``viewer_id`` gets it: plain for a public photo, else signed."""
        if public:
            return name
        expires = self._expiry()
        return f"{name}?exp={expires}&sig={self._signature(name, viewer_id, expires)}"

    def files(self, photo: Photo, viewer_id: int, public: bool) -> tuple[str, str]:
        """The photo's and its thumbnail's names as ``viewer_id`` gets them."""
        return (self.name(photo.filename, viewer_id, public),
                self.name(photo.thumb_filename, viewer_id, public))

    def opens(self, name: str, viewer_id: int | None, expires: str | None,
              signature: str | None) -> bool:
        """Whether a link (``exp`` and ``sig`` of its query) was given to this viewer for
        this name and has not expired."""
        if viewer_id is None or not expires or not signature or not _EXPIRY.fullmatch(expires):
            return False
        if int(expires) <= self.clock.now().timestamp():
            return False
        expected = self._signature(name, viewer_id, int(expires))
        return hmac.compare_digest(signature.encode(), expected.encode())

    def _expiry(self) -> int:
        bucket = int(BUCKET.total_seconds())
        return (int(self.clock.now().timestamp()) // bucket + 2) * bucket

    def _signature(self, name: str, viewer_id: int, expires: int) -> str:
        return self.signer.mac(PURPOSE, f"{name}\n{viewer_id}\n{expires}")
