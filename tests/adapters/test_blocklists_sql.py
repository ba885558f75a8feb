"""The block lists in SQL (issue 31.3), on SQLite and PostgreSQL: one entry per value, the
lookups a signup makes, the photos a new one may match, and what a member left behind."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from adapters.sql.unit_of_work import SqlUnitOfWork
from domain.blocklists import EntryKind, NewEntry, PhotoHash, SignupFacts, address_network
from domain.members import AccountStatus, Member, Profile
from tests.conftest import Seeded, UowFactory

T0 = datetime(2026, 11, 28, 12, tzinfo=UTC)
DEVICE = "dev1ce-of-a-scammer-0123456789"


def _member(work: SqlUnitOfWork, n: int) -> Member:
    return work.members.add(Member(
        id=0, site_id=1, email=f"m{n}@example.com", status=AccountStatus.ACTIVE,
        language="nl", created_at=T0, profile=Profile(
            name=f"Member {n}", gender="female", birth_date=date(1990, 1, 1), country="NL")))


def test_one_entry_per_value_found_by_a_signups_lookups(uow: UowFactory, seeded: Seeded) -> None:
    with uow() as work:
        scammer = _member(work, 1)
        entries = [
            NewEntry(kind=EntryKind.EMAIL, value="scammer@fraud.example", note="romance scam",
                     member_id=scammer.id),
            NewEntry(kind=EntryKind.EMAIL_DOMAIN, value="fraud-mail.example"),
            NewEntry(kind=EntryKind.IP_NETWORK, value="81.2.69.0/24"),
            NewEntry(kind=EntryKind.IP_NETWORK, value="2a02:a45a:1:2::/64"),
            NewEntry(kind=EntryKind.DEVICE, value=DEVICE),
        ]
        added = [work.blocklists.add(entry, None, "j.jansen", T0 + timedelta(minutes=n))
                 for n, entry in enumerate(entries)]
        assert all(added) and [entry.id for entry in added if entry] == [1, 2, 3, 4, 5]
        # The same value again: the first entry stays as it was.
        again = NewEntry(kind=EntryKind.DEVICE, value=DEVICE, note="again")
        assert work.blocklists.add(again, None, "someone.else", T0) is None
        work.commit()
    with uow() as work:
        first = work.blocklists.get(1)
        assert first is not None and (first.note, first.member_id, first.added_by,
                                      first.added_at) == ("romance scam", scammer.id,
                                                          "j.jansen", T0)
        assert [e.id for e in work.blocklists.find(None, None, 10)] == [5, 4, 3, 2, 1]
        assert [e.id for e in work.blocklists.find(EntryKind.IP_NETWORK, None, 10)] == [4, 3]
        assert [e.id for e in work.blocklists.find(None, scammer.id, 10)] == [1]
        assert [e.id for e in work.blocklists.find(None, None, 2, 1)] == [4, 3]

        def matched(email: str, ip: str | None, device: str | None) -> list[int]:
            return [e.id for e in work.blocklists.matching(
                SignupFacts(email, ip, device).lookups())]

        assert matched("Scammer+2@Fraud.example", "192.0.2.1", None) == [1]
        assert matched("new@mx.fraud-mail.example", None, None) == [2]
        assert matched("new@example.com", "81.2.69.201", None) == [3]
        assert matched("new@example.com", "2a02:a45a:1:2:ab::1", None) == [4]
        assert matched("new@example.com", "2a02:a45a:1:3::1", None) == []
        assert matched("new@example.com", None, DEVICE) == [5]
        assert matched("scammer@fraud.example", "81.2.69.7", DEVICE) == [1, 3, 5]
        assert matched("honest@example.com", "81.2.70.1", "another-device-0123456789") == []
        assert work.blocklists.matching({}) == []

        removed = work.blocklists.remove(3)
        assert removed is not None and removed.value == "81.2.69.0/24"
        assert work.blocklists.remove(3) is None and work.blocklists.get(3) is None
        assert matched("new@example.com", "81.2.69.201", None) == []


def _near(phash: PhotoHash, bits: int) -> PhotoHash:
    """The same picture as a re-encode changes it: a bit of the coarse hash, ``bits`` of
    the fine one."""
    return PhotoHash(phash.coarse ^ 1, phash.fine ^ ((1 << bits) - 1))


def test_a_new_photo_finds_other_members_photos_by_its_probes(uow: UowFactory,
                                                              seeded: Seeded) -> None:
    phash = PhotoHash(0x1111_2222_3333_4444, 0xABCDEF << 100)
    with uow() as work:
        ann, bob, cat, dan = (_member(work, n) for n in range(4))
        own = work.photos.add(ann.id, "a.jpg", "a_t.jpg", True, "active", T0, phash=phash)
        bobs = work.photos.add(bob.id, "b.jpg", "b_t.jpg", True, "pending", T0,
                               phash=_near(phash, 3))
        # Two bits off in every quarter: not a candidate, however close the fine hash.
        work.photos.add(cat.id, "c.jpg", "c_t.jpg", True, "active", T0,
                        phash=PhotoHash(phash.coarse ^ 0x0003_0003_0003_0003, phash.fine))
        # Seven bits off, one quarter within one: a candidate.
        dans = work.photos.add(dan.id, "e.jpg", "e_t.jpg", True, "active", T0,
                               phash=PhotoHash(phash.coarse ^ 0x0003_0003_0003_0001,
                                               phash.fine))
        work.photos.add(cat.id, "d.jpg", "d_t.jpg", False, "active", T0)  # no hash
        work.commit()
    with uow() as work:
        found = work.blocklists.similar_photos(phash, ann.id)
        assert [(photo.id, photo.member_id, photo.phash) for photo in found] == [
            (bobs, bob.id, _near(phash, 3)), (dans, dan.id, PhotoHash(
                phash.coarse ^ 0x0003_0003_0003_0001, phash.fine))]
        assert [photo.id for photo in work.blocklists.similar_photos(phash, bob.id)] == [
            own, dans]
        assert work.blocklists.photos_of(ann.id) == [("a.jpg", phash)]
        assert work.blocklists.photos_of(cat.id)[1] == ("d.jpg", None)
        entry = work.blocklists.add(NewEntry(kind=EntryKind.PHOTO_HASH, value=str(phash)),
                                    None, "ops", T0)
        assert [e.id for e in work.blocklists.photo_hashes()] == [entry.id if entry else 0]


def test_what_a_member_signed_up_and_logged_in_from(uow: UowFactory, seeded: Seeded) -> None:
    with uow() as work:
        ann = _member(work, 1)
        for n, (ip, device) in enumerate([("81.2.69.160", DEVICE), ("81.2.69.160", DEVICE),
                                          ("2a02:a45a::5", None), ("81.2.69.160", "other" * 5)]):
            work.sessions.add(ann.id, f"token-{n}", T0, T0 + timedelta(days=30), ip, "UA",
                              device)
        work.commit()
    with uow() as work:
        traces = work.blocklists.traces(ann.id)
        assert [(trace.ip, trace.device) for trace in traces] == [
            ("81.2.69.160", DEVICE), ("2a02:a45a::5", None), ("81.2.69.160", "other" * 5)]
        assert [address_network(trace.ip) for trace in traces][1] == "2a02:a45a::/64"
