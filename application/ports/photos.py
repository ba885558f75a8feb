"""Photos: their rows and where their files live."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, datetime
from typing import IO, Protocol

import attrs

from domain.blocklists import PhotoHash
from domain.photos import PhotoStatus
from domain.profile_flags import TextFlags


@attrs.frozen
class Photo:
    id: int
    member_id: int
    filename: str
    thumb_filename: str
    status: PhotoStatus
    is_main: bool


@attrs.frozen
class PhotoForReview(Photo):
    created_at: datetime
    domain: str  # of the owner's site


@attrs.frozen
class MainPhoto:
    """A member's main photo as the member's own page shows it (the spec's Image)."""

    filename: str
    thumb_filename: str
    status: PhotoStatus


@attrs.frozen
class CardImage:
    """A member's active main photo on a card."""

    filename: str
    thumb_filename: str


class PhotoNames(Protocol):
    """The names of a photo's files as a viewer gets them: plain, or signed for that
    viewer where not everyone may see the photo (application.shared.photo_links.
    PhotoLinks). Named here, not imported, so the shared modules that hand out photos
    stay a floor below the use cases split by business (issue 35.1)."""

    def files(self, photo: Photo, viewer_id: int, public: bool) -> tuple[str, str]: ...


class PhotoRepository(Protocol):
    def get(self, photo_id: int) -> Photo | None: ...
    def by_file(self, name: str) -> Photo | None: ...
    def delete(self, photo_id: int) -> None: ...
    def set_main(self, member_id: int, photo_id: int) -> None:
        """``photo_id`` becomes the member's main photo, no other; the id of none of
        theirs (application.photo_moderation.NO_MAIN): none is."""
        ...
    def set_status(self, photo_id: int, status: str) -> None: ...
    def of_member(self, member_id: int) -> list[Photo]:
        """Main first, then oldest first."""
        ...
    def main_of(self, member_id: int) -> MainPhoto | None: ...
    def files_of(self, member_id: int) -> list[str]: ...
    def add(self, member_id: int, filename: str, thumb_filename: str, is_main: bool,
            status: str, created_at: datetime, phash: PhotoHash | None = None) -> int: ...


@attrs.frozen(kw_only=True)
class ReviewedMember:
    """What a moderator needs of a photo's owner to judge the photo (issue 32.3), and no
    more: no e-mail, no address, no messages."""

    id: int
    name: str
    gender: str
    birth_date: date
    country: str
    joined: datetime
    status: str  # the account's: active, not_confirmed, banned, deleted
    text_flags: TextFlags  # the scam shield's findings in the name and about text
    flags: tuple[str, ...]  # the member's flags (payments: directdebit_blocked, ...)
    in_force: tuple[str, ...]  # restrictions of their decisions in force, not on photos
    open_complaints: int  # notices about them not yet resolved
    photos_shown: int  # their photos others see


@attrs.frozen(kw_only=True)
class PhotoOnSheet:
    """A photo of the review sheet, its perceptual hash and its owner."""

    photo: PhotoForReview
    phash: PhotoHash | None
    member: ReviewedMember


@attrs.frozen(kw_only=True)
class SimilarPhoto:
    """Another member's photo a photo on the sheet looks like."""

    id: int
    member_id: int
    status: PhotoStatus
    member_status: str


class PhotoQueries(Protocol):
    """Read only: the operators' review queue."""

    def pending(self, limit: int, offset: int = 0, site_id: int | None = None
                ) -> list[PhotoForReview]:
        """Photos waiting for review (pending, or held by the block lists), oldest
        first, with their member's site domain; only that site's members' with
        ``site_id``."""
        ...
    def pending_count(self, site_id: int | None = None) -> int: ...
    def waiting_between(self, first: int, last: int, site_id: int | None,
                        limit: int) -> list[Photo]:
        """The photos with ids from ``first`` to ``last`` still waiting for review (with
        ``site_id``: its members'), by id, at most ``limit``."""
        ...
    def sheet(self, limit: int, site_id: int | None) -> list[PhotoOnSheet]:
        """The first ``limit`` photos of the queue (as ``pending``) with their owners."""
        ...
    def states(self, photo_ids: Iterable[int]) -> dict[int, SimilarPhoto]:
        """These photos' status and their owners' account status, by photo id."""
        ...


@attrs.frozen
class FileStream:
    """A stored file read a piece at a time (a member's data export is too large to hold)."""

    size: int
    chunks: Iterator[bytes]  # reading it to the end, or closing it, closes the file


class FileStore(Protocol):
    """Where photos (and members' data exports) live: a local directory now, a bucket
    when scaled out."""

    def put(self, name: str, data: bytes, content_type: str) -> None: ...
    def put_file(self, name: str, file: IO[bytes], content_type: str) -> None:
        """The rest of ``file``, read and stored a piece at a time."""
        ...
    def get(self, name: str) -> bytes | None: ...
    def stream(self, name: str) -> FileStream | None: ...  # None: no such file
    def delete(self, name: str) -> None: ...
    def size(self, name: str) -> int | None: ...  # None: no such file
    def names(self) -> Iterable[str]: ...  # every stored file, for moving to another store
    def url_for(self, name: str, public: bool) -> str | None:
        """Where a browser may fetch the file itself (public: anyone may see it), or None
        when the app must serve the bytes."""
        ...
    def ready(self) -> bool: ...  # reachable and usable, cheaply (readiness checks)
