"""A member's copy of their data on in-memory ports: asked for after the step-up and only
when a mail can arrive; the job writes a ZIP of the sections and the photos' files and
mails a link; the link works once and the file goes with it; unused copies are purged
when their link expires."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import timedelta

import attrs
import pytest

from application.data_export import KIND, DataExport
from application.ports.jobs import AccountMail, BuildExport, DeleteFiles
from domain.errors import DomainError
from domain.members import Member
from domain.photos import PhotoStatus
from tests.application.memory import (
    CountingSecrets,
    FixedClock,
    MemoryFiles,
    MemoryStore,
    MemoryUnitOfWork,
)
from tests.application.people import NOW, add_member, add_photo, factory, new_store

SESSION = "session-token"


@attrs.define
class Desk:
    store: MemoryStore
    clock: FixedClock
    files: MemoryFiles
    export: DataExport
    ann: Member


def desk() -> Desk:
    store, clock, files, secrets = new_store(), FixedClock(), MemoryFiles(), CountingSecrets()
    ann = add_member(store, "Ann")
    with MemoryUnitOfWork(store) as uow:
        uow.sessions.add(ann.id, secrets.digest(SESSION), NOW, NOW + timedelta(days=30),
                         "198.51.100.7", "test")
        uow.commit()
    return Desk(store, clock, files, DataExport(factory(store), clock, secrets, files), ann)


def _confirm(d: Desk) -> None:
    with MemoryUnitOfWork(d.store) as uow:
        uow.sessions.confirm(CountingSecrets().digest(SESSION), d.clock.now())
        uow.commit()


def test_a_copy_is_asked_for_after_the_step_up_and_only_when_a_mail_can_arrive() -> None:
    d = desk()
    with pytest.raises(DomainError) as unconfirmed:
        d.export.request(d.ann, SESSION)
    assert unconfirmed.value.code == "password_confirmation_required"
    _confirm(d)
    d.export.request(d.ann, SESSION)
    assert d.store.jobs == [BuildExport(d.ann.id)]
    with MemoryUnitOfWork(d.store) as uow:
        uow.notifications.set_mail_off(d.ann.id, "bounce", NOW)
        uow.commit()
    with pytest.raises(DomainError) as bounces:
        d.export.request(d.ann, SESSION)
    assert bounces.value.code == "export_address_bounces"
    d.store.jobs.clear()
    d.export.build_and_mail(d.ann.id)  # began to bounce since: no copy, no mail
    assert d.store.jobs == [] and d.files.names() == []


def test_the_job_writes_the_sections_and_the_photos_and_mails_a_link() -> None:
    d = desk()
    add_photo(d.store, d.ann, main=True)
    add_photo(d.store, d.ann, status=PhotoStatus.PENDING)
    d.files.put(f"photos/{d.ann.id}/0.jpg", b"JPEG main", "image/jpeg")  # the other is lost
    d.export.build_and_mail(d.ann.id)
    [mail] = d.store.jobs
    assert isinstance(mail, AccountMail) and (mail.mail, mail.member_id) == (KIND, d.ann.id)
    path = mail.target
    data = d.files.get(str(path))
    assert data is not None
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert names[0] == "README.txt" and "account.json" in names
        assert f"photos/photos/{d.ann.id}/0.jpg" in names
        assert f"photos/photos/{d.ann.id}/1.jpg" not in names  # listed in photos.json only
        [account] = json.loads(archive.read("account.json"))
        assert account["email"] == "ann@example.com" and "password_hash" not in account
        assert len(json.loads(archive.read("photos.json"))) == 2
        assert archive.read(f"photos/photos/{d.ann.id}/0.jpg") == b"JPEG main"
        assert "Amora" in archive.read("README.txt").decode()


def _mailed(d: Desk, lifetime: timedelta = timedelta(days=7)) -> tuple[str, str]:
    d.export.build_and_mail(d.ann.id)
    [mail] = d.store.jobs
    assert isinstance(mail, AccountMail)
    path = mail.target
    with MemoryUnitOfWork(d.store) as uow:  # what the account mail does with the link
        uow.tokens.add(d.ann.id, KIND, CountingSecrets().digest("link"), d.clock.now(),
                       d.clock.now() + lifetime, target=str(path))
        uow.commit()
    return "link", str(path)


def test_the_link_works_once_and_the_file_goes_once_sent() -> None:
    d = desk()
    token, path = _mailed(d)
    stored = d.files.get(path)
    download = d.export.claim(f" {token} ")
    assert download.filename == "my-data-2026-11-21.zip"
    assert d.files.get(path) == stored  # until it is sent
    assert b"".join(download.chunks) == stored and download.size == len(stored or b"")
    assert d.files.get(path) is None  # sent: gone
    with pytest.raises(DomainError) as again:
        d.export.claim(token)
    assert again.value.code == "export_link_invalid"


def test_an_unused_copy_goes_when_its_link_expires() -> None:
    d = desk()
    token, path = _mailed(d, lifetime=timedelta(days=1))
    d.store.jobs.clear()
    assert d.export.purge_expired() == 0
    d.clock.current += timedelta(days=1)
    with pytest.raises(DomainError):
        d.export.claim(token)
    assert d.export.purge_expired() == 1
    assert d.store.jobs == [DeleteFiles([path])]
    assert d.export.purge_expired() == 0  # taken once
