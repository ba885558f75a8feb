"""The photo review sheet on in-memory ports: a signed link for a day, for one site or
all, written to the audit log; the sheet it opens lists the photos waiting with what a
moderator needs (the owner, their flags, other members' photos that look the same, the
preview links); an altered or expired link opens nothing."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from adapters.security.signing import SecretSigner
from application.photo_sheet import LIFETIME, PhotoSheets
from application.photos import Photos
from domain.blocklists import PhotoHash
from domain.errors import DomainError
from domain.members import AccountStatus, Member
from domain.photos import PhotoStatus
from tests.application.memory import (
    CountingSecrets,
    FixedClock,
    MemoryFiles,
    MemoryStore,
    MemoryUnitOfWork,
    RecordingTasks,
)
from tests.application.people import NOW, add_member, factory, new_store
from tests.application.test_photos import Shrinker
from tests.conftest import sample_site

STOLEN = PhotoHash(0x1111_2222_3333_4444, 0xABC)


@attrs.define
class Review:
    store: MemoryStore
    clock: FixedClock
    sheets: PhotoSheets
    ann: Member
    bob: Member


def review() -> Review:
    store, clock, signer = new_store(), FixedClock(), SecretSigner("test")
    photos = Photos(factory(store), clock, MemoryFiles(), Shrinker(), CountingSecrets(),
                    RecordingTasks(), signer)
    with MemoryUnitOfWork(store) as uow:
        uow.sites.add(sample_site(1, domain="second.test", is_default=False))
        uow.commit()
    return Review(store, clock, PhotoSheets(factory(store), clock, signer, CountingSecrets(),
                                            photos),
                  add_member(store, "Ann", status=AccountStatus.NOT_CONFIRMED),
                  add_member(store, "Bob", gender="male", site_id=2))


def _upload(r: Review, member: Member, status: PhotoStatus, phash: PhotoHash | None = None,
            hours_ago: int = 1) -> int:
    with MemoryUnitOfWork(r.store) as uow:
        number = uow.photos.add(member.id, f"photos/{member.id}/{len(r.store.photos)}.jpg",
                                f"photos/{member.id}/{len(r.store.photos)}_t.jpg", False,
                                status.value, NOW - timedelta(hours=hours_ago), phash=phash)
        uow.commit()
    return number


def test_a_link_is_signed_for_a_day_and_written_to_the_audit_log() -> None:
    r = review()
    link = r.sheets.link(None, "eva")
    assert link.path.startswith("/review/photos/") and link.domain == "amora.test"
    assert link.expires == NOW + LIFETIME and link.site is None
    assert r.store.audit[-1]["action"] == "photos.sheet"
    assert r.store.audit[-1]["subject"] == "*" and r.store.audit[-1]["actor"] == "eva"
    kept = r.sheets.link("second.test", "eva")
    assert kept.domain == "second.test" and kept.path != link.path  # a nonce each
    with pytest.raises(DomainError) as unknown:
        r.sheets.link("nowhere.test", "eva")
    assert unknown.value.code == "site_not_found"


def test_the_sheet_shows_what_waits_with_the_owner_s_flags_and_look_alikes() -> None:
    r = review()
    _upload(r, r.bob, PhotoStatus.ACTIVE, STOLEN)  # Bob's, on the site for a while
    waiting = _upload(r, r.ann, PhotoStatus.PENDING, STOLEN, hours_ago=3)
    _upload(r, r.ann, PhotoStatus.REJECTED)  # reviewed already: not on the sheet
    sheet = r.sheets.open(r.sheets.link(None, "eva").path.rsplit("/", 1)[1])
    assert sheet.waiting == 1 and sheet.site is None
    [entry] = sheet.entries
    assert (entry.id, entry.name, entry.waiting_for) == (waiting, "Ann", timedelta(hours=3))
    assert entry.flags == ("account not confirmed",)
    assert [(d.member_id, d.status) for d in entry.duplicates] == [(r.bob.id,
                                                                    PhotoStatus.ACTIVE)]
    assert "?preview=" in entry.full and "?preview=" in entry.thumbnail
    assert sheet.ids == str(waiting)


def test_a_site_s_sheet_shows_only_its_photos() -> None:
    r = review()
    _upload(r, r.ann, PhotoStatus.PENDING)
    bobs = _upload(r, r.bob, PhotoStatus.PENDING)
    sheet = r.sheets.open(r.sheets.link("second.test", "eva").path.rsplit("/", 1)[1])
    assert sheet.site == "second.test" and [e.id for e in sheet.entries] == [bobs]


def test_an_altered_or_expired_link_opens_nothing() -> None:
    r = review()
    token = r.sheets.link(None, "eva").path.rsplit("/", 1)[1]
    with pytest.raises(DomainError) as altered:
        r.sheets.open(token[:-2] + ("aa" if not token.endswith("aa") else "bb"))
    assert altered.value.code == "sheet_link_invalid"
    r.clock.current += LIFETIME
    with pytest.raises(DomainError) as expired:
        r.sheets.open(token)
    assert expired.value.code == "sheet_link_expired"
