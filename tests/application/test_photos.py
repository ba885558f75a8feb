"""Photos on in-memory ports: uploads within the member's room, the main photo passed on,
the operators' review queue (PhotoQueries) with its preview links, all-or-none reviews
and who may see which file."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import attrs
import pytest

from adapters.security.signing import SecretSigner
from application.photo_files import FileRequest
from application.photos import Photos, ProcessedImage
from application.ports.jobs import DeleteFiles
from domain.errors import DomainError
from domain.members import Member
from domain.photos import FREE_PHOTOS, MAX_UPLOAD_BYTES, PhotoStatus
from tests.application.memory import (
    CountingSecrets,
    FixedClock,
    MemoryFiles,
    MemoryStore,
    RecordingTasks,
)
from tests.application.people import add_member, factory, new_store


class Shrinker:
    def process(self, data: bytes) -> ProcessedImage:
        return ProcessedImage(full=data[:4], thumb=data[:2])


@attrs.define
class Album:
    store: MemoryStore
    clock: FixedClock
    files: MemoryFiles
    photos: Photos
    ann: Member


def album() -> Album:
    store, clock, files = new_store(), FixedClock(), MemoryFiles()
    photos = Photos(factory(store), clock, files, Shrinker(), CountingSecrets(),
                    RecordingTasks(), SecretSigner("test"))
    return Album(store, clock, files, photos, add_member(store, "Ann"))


def test_uploads_wait_for_review_and_the_first_is_the_main_photo() -> None:
    a = album()
    first = a.photos.upload(a.ann.id, b"jpeg-data")
    second = a.photos.upload(a.ann.id, b"more-data")
    assert (first.status, first.is_main, second.is_main) == (PhotoStatus.PENDING, True, False)
    stored = a.store.photos[0]
    assert a.files.get(stored.filename) == b"jpeg" and a.files.get(stored.thumb_filename) == b"jp"
    # Waiting for review: the owner gets links signed for them, not the bare names.
    assert first.filename.startswith(f"{stored.filename}?exp=")
    assert first.thumb_filename.startswith(f"{stored.thumb_filename}?exp=")
    with pytest.raises(DomainError, match="photo_too_large"):
        a.photos.upload(a.ann.id, b"x" * (MAX_UPLOAD_BYTES + 1))


def test_a_free_member_keeps_a_few_photos_rejected_ones_do_not_count() -> None:
    a = album()
    uploaded = [a.photos.upload(a.ann.id, b"data") for _ in range(FREE_PHOTOS)]
    with pytest.raises(DomainError, match="photo_limit_reached"):
        a.photos.upload(a.ann.id, b"data")
    a.photos.review(uploaded[0].id, approve=False, actor="ops", reason="blurry")
    a.photos.upload(a.ann.id, b"data")
    a.store.members[a.ann.id] = attrs.evolve(a.ann, paid_user=True)
    a.photos.upload(a.ann.id, b"data")  # premium members keep more
    assert len(a.store.photos) == FREE_PHOTOS + 2


def test_deleting_the_main_photo_passes_it_on_and_its_files_go_in_the_background() -> None:
    a = album()
    first, second = (a.photos.upload(a.ann.id, b"data") for _ in range(2))
    gone = a.store.photos[0]
    a.photos.delete(a.ann.id, first.id)
    [left] = a.store.photos
    assert left.id == second.id and left.is_main
    assert a.store.jobs == [DeleteFiles([gone.filename, gone.thumb_filename])]
    eve = add_member(a.store, "Eve")
    with pytest.raises(DomainError, match="photo_not_found"):
        a.photos.delete(eve.id, second.id)  # another's photo does not exist for Eve


def test_a_rejected_photo_cannot_become_the_main_one() -> None:
    a = album()
    first, second = (a.photos.upload(a.ann.id, b"data") for _ in range(2))
    a.photos.review(second.id, approve=False, actor="ops", reason="not a face")
    with pytest.raises(DomainError, match="photo_rejected"):
        a.photos.set_main(a.ann.id, second.id)
    a.photos.review(second.id, approve=True, actor="ops")
    a.photos.set_main(a.ann.id, second.id)
    assert [p.is_main for p in a.store.photos] == [False, True]


def test_a_photo_under_review_cannot_become_the_main_one() -> None:
    a = album()
    first, second = (a.photos.upload(a.ann.id, b"data") for _ in range(2))
    a.photos.review(first.id, approve=True, actor="ops")
    with pytest.raises(DomainError, match="photo_pending"):
        a.photos.set_main(a.ann.id, second.id)
    assert [p.is_main for p in a.store.photos] == [True, False]  # nothing changed
    a.photos.review(second.id, approve=True, actor="ops")
    a.photos.set_main(a.ann.id, second.id)
    assert [p.is_main for p in a.store.photos] == [False, True]


def test_the_review_queue_pages_oldest_first_with_preview_links_that_expire() -> None:
    a = album()
    ids = []
    for _ in range(3):
        ids.append(a.photos.upload(a.ann.id, b"data").id)
        a.clock.current += timedelta(minutes=1)
    page, waiting = a.photos.pending(limit=2, offset=1)
    assert [p.id for p in page] == ids[1:] and waiting == 3
    assert page[0].domain == "amora.test" and page[0].created_at < page[1].created_at
    token = page[0].preview
    assert a.photos.previewable(page[0].thumb_filename, token)
    assert not a.photos.previewable(a.store.photos[0].filename, token)  # another photo
    assert not a.photos.previewable(page[0].filename, "forged")
    a.clock.current += timedelta(hours=24)
    assert not a.photos.previewable(page[0].filename, token)


def test_a_review_of_many_is_all_or_none_and_rejecting_needs_a_reason() -> None:
    a = album()
    ids = [a.photos.upload(a.ann.id, b"data").id for _ in range(2)]
    with pytest.raises(DomainError, match="photo_not_found"):
        a.photos.review_many([*ids, 999], approve=True, actor="ops")
    with pytest.raises(DomainError, match="reason_required"):
        a.photos.review_many(ids, approve=False, actor="ops", reason=" ")
    assert a.photos.pending()[1] == 2 and not a.store.audit
    a.photos.review_many([*ids, ids[0]], approve=True, actor="ops")
    assert a.photos.pending()[1] == 0
    assert [entry["subject"] for entry in a.store.audit] == [str(i) for i in ids]


def asked(link: str) -> FileRequest:
    """/media/'s request for a name as the API gave it (plain or a signed link)."""
    parts = urlsplit(link)
    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
    return FileRequest(parts.path, expires=query.get("exp"), signature=query.get("sig"))


def test_the_main_photo_goes_to_anyone_the_others_by_their_viewers_link() -> None:
    a = album()
    eve = add_member(a.store, "Eve")
    first, second = (a.photos.upload(a.ann.id, b"data") for _ in range(2))
    main, other = (photo.filename for photo in a.store.photos)

    def by(member: Member | None) -> Callable[[], int | None]:
        return lambda: member.id if member else None

    # Waiting for review: only by the owner's own link (a bare name is no one's).
    assert a.photos.served(FileRequest(main), by(a.ann)) is None
    assert a.photos.served(asked(first.filename), by(a.ann)) is False  # not for a CDN
    assert a.photos.served(asked(first.thumb_filename), by(a.ann)) is False
    assert a.photos.served(asked(first.filename), by(eve)) is None  # a copied link
    assert a.photos.served(asked(first.filename), by(None)) is None
    a.photos.review_many([first.id, second.id], approve=True, actor="ops")
    assert a.photos.served(FileRequest(main), by(None)) is True  # on every card
    assert a.photos.served(FileRequest(other), by(eve)) is None  # locked to free viewers
    assert a.photos.served(asked(second.filename), by(a.ann)) is False
    a.clock.current += timedelta(hours=2)
    assert a.photos.served(asked(second.filename), by(a.ann)) is None  # expired
    assert a.photos.served(FileRequest("photos/none.jpg"), by(a.ann)) is None


def test_a_link_given_to_another_shuts_when_the_photo_is_rejected() -> None:
    a = album()
    eve = add_member(a.store, "Eve")
    main, locked = (a.photos.upload(a.ann.id, b"data") for _ in range(2))
    a.photos.review_many([main.id, locked.id], approve=True, actor="ops")
    name, links = a.store.photos[1].filename, a.photos.links
    assert links is not None
    link = links.name(name, eve.id, public=False)  # as her unlock gave it
    assert a.photos.served(asked(link), lambda: eve.id) is False
    a.photos.review(locked.id, approve=False, actor="ops", reason="not a face")
    assert a.photos.served(asked(link), lambda: eve.id) is None
    own = links.name(name, a.ann.id, public=False)
    assert a.photos.served(asked(own), lambda: a.ann.id) is False  # still hers to see
