"""The operators' block lists on in-memory ports: a value listed once (canonical form),
refused when it cannot be listed, taken off with an audit line; an image listed by its
hash; a member's parts (address, network, device, photos hashed then or from their files)
listed together, naming the ban in force."""

from __future__ import annotations

import attrs
import pytest

from application.blocklists import Blocklists
from application.shared.decisions import record_decision
from domain.blocklists import EntryKind, MemberPart, PhotoHash
from domain.decisions import Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.members import Member
from tests.application.memory import FixedClock, MemoryFiles, MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, add_member, factory, new_store

DEVICE = "d" * 24
SCAM = PhotoHash(0x1234, 0x5678)
FROM_FILE = PhotoHash(0xABCD, 0xEF01)


class Hasher:
    """A known picture's hash by its bytes; b"plain" is too plain to compare."""

    def photo_hash(self, data: bytes) -> PhotoHash | None:
        return {b"scam": SCAM, b"old upload": FROM_FILE}.get(data)


@attrs.define
class Desk:
    store: MemoryStore
    files: MemoryFiles
    lists: Blocklists
    eve: Member


def desk() -> Desk:
    store, files = new_store(), MemoryFiles()
    eve = add_member(store, "Eve")  # eve@example.com
    return Desk(store, files, Blocklists(factory(store), FixedClock(), files, Hasher()), eve)


def test_a_value_is_listed_once_in_its_canonical_form() -> None:
    d = desk()
    first = d.lists.add(EntryKind.EMAIL, " Scammer@Example.ORG ", "known scammer", "eva")
    [entry] = first.added
    assert (entry.value, entry.note, entry.added_by) == ("scammer@example.org",
                                                         "known scammer", "eva")
    again = d.lists.add(EntryKind.EMAIL, "scammer@example.org", "", "eva")
    assert again.added == () and len(again.present) == 1
    with pytest.raises(DomainError) as free_mail:
        d.lists.add(EntryKind.EMAIL_DOMAIN, "gmail.com", "", "eva")
    assert free_mail.value.code == "blocklist_free_mail_domain"
    with pytest.raises(DomainError):
        d.lists.add(EntryKind.EMAIL, "not an address", "", "eva")
    assert [e.value for e in d.lists.list()] == ["scammer@example.org"]


def test_an_entry_is_taken_off_with_an_audit_line() -> None:
    d = desk()
    [entry] = d.lists.add(EntryKind.EMAIL_DOMAIN, "scam-mail.test", "", "eva").added
    removed = d.lists.remove(entry.id, "eva", "listed by mistake")
    assert removed.value == "scam-mail.test" and d.lists.list() == []
    assert d.store.audit[-1]["action"] == "blocklist.remove"
    assert d.store.audit[-1]["details"]["note"] == "listed by mistake"
    with pytest.raises(DomainError) as gone:
        d.lists.remove(entry.id, "eva")
    assert gone.value.code == "blocklist_entry_not_found"


def test_an_image_is_listed_by_its_hash_and_a_plain_one_refused() -> None:
    d = desk()
    [entry] = d.lists.add_image(b"scam", "", "eva").added
    assert (entry.kind, entry.value) == (EntryKind.PHOTO_HASH, str(SCAM))
    with pytest.raises(DomainError) as plain:
        d.lists.add_image(b"plain", "", "eva")
    assert plain.value.code == "blocklist_plain_photo"


def test_a_banned_member_s_parts_are_listed_together_naming_the_ban() -> None:
    d = desk()
    with MemoryUnitOfWork(d.store) as uow:
        for ip in ("203.0.113.7", "203.0.113.7", "127.0.0.1"):  # loopback: not listable
            uow.sessions.add(d.eve.id, f"hash-{ip}-{len(d.store.sessions)}", NOW, NOW, ip,
                             None, device=DEVICE)
        uow.photos.add(d.eve.id, "photos/eve/1.jpg", "photos/eve/1_t.jpg", True, "active",
                       NOW, phash=SCAM)
        uow.photos.add(d.eve.id, "photos/eve/0.jpg", "photos/eve/0_t.jpg", False, "active",
                       NOW)  # from before the block lists: hashed from its file now
        ban = record_decision(uow, d.eve, Restricting(
            restriction=Restriction.BAN, item_kind=ItemKind.ACCOUNT, item_id=str(d.eve.id),
            facts="Asked members for money", ground=Ground.parse("terms:scam")), "eva", NOW)
        uow.commit()
    d.files.put("photos/eve/0.jpg", b"old upload", "image/jpeg")
    parts = [MemberPart.EMAIL, MemberPart.IPS, MemberPart.DEVICE, MemberPart.PHOTOS]
    preview = d.lists.of_member(d.eve.id, parts, "ban evasion")
    assert d.lists.list() == []  # a preview writes nothing
    listed = d.lists.add_member(d.eve.id, parts, "ban evasion", "eva")
    assert [(e.kind, e.value) for e in listed.added] == [
        (EntryKind.EMAIL, "eve@example.com"), (EntryKind.IP_NETWORK, "203.0.113.7/32"),
        (EntryKind.DEVICE, DEVICE), (EntryKind.PHOTO_HASH, str(SCAM)),
        (EntryKind.PHOTO_HASH, str(FROM_FILE))]
    assert [e.value for e in preview] == [e.value for e in listed.added]
    assert ban is not None
    assert {(e.decision_id, e.member_id) for e in listed.added} == {(ban.id, d.eve.id)}
    assert [e.kind for e in d.lists.list(kind=EntryKind.PHOTO_HASH)] \
        == [EntryKind.PHOTO_HASH] * 2
    with pytest.raises(DomainError) as nothing:
        d.lists.add_member(d.eve.id, [], "", "eva")
    assert nothing.value.code == "blocklist_nothing_chosen"
