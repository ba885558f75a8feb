"""Members' dossiers and the member search on in-memory ports: who a dossier is of (by id,
by address, on one site), what it gathers (where they signed up, the accounts sharing a
device, an address or a look-alike photo, the hold in force, the balance, previews of the
photos) and how the search filters and sorts."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import attrs
import pytest

from adapters.security.signing import SecretSigner
from application.dossier import Dossiers
from application.ports.dossier import ListedMember, MemberSort
from application.shared.holds import hold_sender
from domain.blocklists import PhotoHash
from domain.decisions import Ground
from domain.dossier import LinkKind
from domain.errors import DomainError
from domain.members import AccountStatus, Member
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.memory_dossier import memory_dossier_readings
from tests.application.people import NOW, add_member, factory, give_credits, new_store
from tests.conftest import sample_site

DEVICE = "device-of-the-scammer-01"
LOOK = PhotoHash(0x0F0F_0F0F_0F0F_0F0F, 0x1234)


@attrs.define
class Desk:
    store: MemoryStore
    dossiers: Dossiers
    ann: Member
    bob: Member
    eve: Member


def _session(store: MemoryStore, member: Member, ip: str, device: str | None,
             at: timedelta = timedelta()) -> None:
    with MemoryUnitOfWork(store) as uow:
        uow.sessions.add(member.id, f"hash-{len(store.sessions)}", member.created_at + at,
                         NOW + timedelta(days=30), ip, "Firefox", device=device)
        uow.commit()


def _photo(store: MemoryStore, member: Member, phash: PhotoHash | None) -> None:
    with MemoryUnitOfWork(store) as uow:
        uow.photos.add(member.id, f"photos/{member.id}/{len(store.photos)}.jpg",
                       f"photos/{member.id}/{len(store.photos)}_t.jpg", True, "active", NOW,
                       phash=phash)
        uow.commit()


def desk() -> Desk:
    store = new_store()
    with MemoryUnitOfWork(store) as uow:
        uow.sites.add(sample_site(1, domain="second.test", is_default=False))
        uow.commit()
    ann = add_member(store, "Ann", created_at=NOW - timedelta(days=3))
    bob = add_member(store, "Bob", gender="male", created_at=NOW - timedelta(days=2))
    eve = add_member(store, "Eve", site_id=2, created_at=NOW - timedelta(days=1))
    _session(store, ann, "203.0.113.7", DEVICE)  # her sign-up
    _session(store, ann, "198.51.100.9", None, at=timedelta(hours=5))
    _session(store, bob, "203.0.113.7", None)  # the same address
    _session(store, eve, "192.0.2.1", DEVICE)  # the same browser, on another site
    _photo(store, ann, LOOK)
    _photo(store, eve, PhotoHash(LOOK.coarse, LOOK.fine ^ 1))  # one bit apart
    return Desk(store, Dossiers(factory(store), memory_dossier_readings(store), FixedClock(),
                                SecretSigner("test")), ann, bob, eve)


def test_a_dossier_gathers_the_sign_up_the_linked_accounts_the_hold_and_the_balance() -> None:
    d = desk()
    give_credits(d.store, d.ann, 40)
    with MemoryUnitOfWork(d.store) as uow:
        hold_sender(uow, d.ann, "Asked for money", Ground.parse("terms:scam"), NOW)
        uow.commit()
    dossier = d.dossiers.of_member(d.ann.id)
    assert dossier.site == "amora.test" and dossier.balance == 40
    assert dossier.signup is not None and dossier.signup.ip == "203.0.113.7"
    assert [trace.ip for trace in dossier.recent][:2] == ["198.51.100.9", "203.0.113.7"]
    links = {item.member.name: {link.kind for link in item.links} for item in dossier.linked}
    assert links == {"Bob": {LinkKind.ADDRESS},
                     "Eve": {LinkKind.DEVICE, LinkKind.PHOTO_HASH}}
    assert dossier.linked_total == 2
    assert dossier.held is not None and dossier.in_force == (dossier.held,)
    [photo] = dossier.photos
    assert photo.preview is not None and dossier.previews_until > NOW
    assert dossier.ledger.total == 1 and dossier.last_active == NOW - timedelta(
        days=3) + timedelta(hours=5)


def test_a_dossier_by_address_names_the_sites_when_several_have_it() -> None:
    d = desk()
    add_member(d.store, "Ann", site_id=2)  # ann@example.com on the second site too
    with pytest.raises(DomainError) as several:
        d.dossiers.by_email(" ANN@example.com ")
    assert several.value.code == "member_email_on_sites"
    assert "(amora.test)" in str(several.value.params["members"])
    assert d.dossiers.by_email("ann@example.com", site="amora.test").member.id == d.ann.id
    with pytest.raises(DomainError) as nobody:
        d.dossiers.by_email("nobody@example.com")
    assert nobody.value.code == "member_not_found_by_email"
    with pytest.raises(DomainError) as unknown_site:
        d.dossiers.by_email("ann@example.com", site="nowhere.test")
    assert unknown_site.value.code == "site_not_found"
    with pytest.raises(DomainError) as missing:
        d.dossiers.of_member(999)
    assert missing.value.code == "member_not_found"


def test_the_search_filters_by_site_text_status_and_address_and_sorts() -> None:
    d = desk()
    with MemoryUnitOfWork(d.store) as uow:
        uow.members.save(d.bob, attrs.evolve(d.bob, status=AccountStatus.BANNED))
        uow.commit()
    assert names(d.dossiers.find()) == ["Ann", "Bob", "Eve"]
    assert names(d.dossiers.find(sort=MemberSort.SIGNUP.value)) == ["Eve", "Bob", "Ann"]
    assert names(d.dossiers.find(site="second.test")) == ["Eve"]
    assert names(d.dossiers.find(text="BOB")) == ["Bob"]
    assert names(d.dossiers.find(text=str(d.eve.id))) == ["Eve"]
    assert names(d.dossiers.find(status="banned")) == ["Bob"]
    found = d.dossiers.find(address="203.0.113.0/24")
    assert names(found) == ["Ann", "Bob"] and found[0].addresses == ("203.0.113.7",)
    assert d.dossiers.find(address="10.0.0.1") == []
    with pytest.raises(DomainError):
        d.dossiers.find(status="sleeping")
    with pytest.raises(DomainError):
        d.dossiers.find(sort="name")
    with pytest.raises(DomainError):
        d.dossiers.find(address="not an address")


def names(found: Sequence[ListedMember]) -> list[str]:
    return [listed.member.profile.name for listed in found]
