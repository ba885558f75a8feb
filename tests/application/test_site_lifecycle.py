"""Renaming and closing a site against in-memory ports (issue 32.5): which host is which
site afterwards, and who is told of a closure."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import attrs
import pytest

from application.ports.jobs import AccountMail, SiteClosedMails
from application.shared.site_directory import SiteDirectory
from application.shared.site_lookup import CLOSED_MAIL
from application.sites import SiteAdministration
from domain.errors import DomainError
from domain.members import AccountStatus, Member, Profile
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.conftest import sample_company, sample_site
from tests.lookups import found

BORN = datetime(1990, 1, 1, tzinfo=UTC).date()


@pytest.fixture
def store() -> MemoryStore:
    store = MemoryStore()
    with MemoryUnitOfWork(store) as work:
        company = work.companies.add(sample_company())
        work.sites.add(sample_site(company.id))
        work.sites.add(sample_site(company.id, domain="flirt.test", name="Flirt",
                                   is_default=False))
        work.commit()
    return store


def admin(store: MemoryStore, directory: SiteDirectory | None = None) -> SiteAdministration:
    return SiteAdministration(uow=lambda **_: MemoryUnitOfWork(store), clock=FixedClock(),
                              sites=directory)


def test_a_former_domain_is_the_renamed_site_and_no_other(store: MemoryStore) -> None:
    clock = FixedClock()
    directory = SiteDirectory(lambda **_: MemoryUnitOfWork(store), clock)
    assert directory.moved("flirt.test") is None
    admin(store, directory).rename("flirt.test", "flirt.example", "ops")
    moved = directory.moved("FLIRT.test:8000")  # seen at once in this process
    assert moved is not None and moved.domain == "flirt.example"
    assert directory.resolve("flirt.test").name == "Flirt"  # not the default site
    assert directory.moved("flirt.example") is None and directory.moved("amora.test") is None
    assert directory.resolve("nowhere.example").name == "Amora"
    # Renamed again: the first name follows the site to its newest.
    admin(store, directory).rename("flirt.example", "flirt.dating", "ops")
    assert store.site_aliases == {"flirt.test": 2, "flirt.example": 2}
    assert found(directory.moved("flirt.test")).domain == "flirt.dating"
    with pytest.raises(DomainError) as refused:
        admin(store).rename("amora.test", "flirt.test", "ops")
    assert refused.value.params == {"domain": "flirt.test", "site": "flirt.dating"}
    clock.current += timedelta(seconds=1)
    assert [a["action"] for a in store.audit] == ["sites.rename", "sites.rename"]


def test_former_domains_are_read_only_for_a_host_that_could_be_one(store: MemoryStore) -> None:
    """A site's own domain, localhost and an IP address never wait for the former
    domains; another host reads them once a second at most."""
    clock = FixedClock()
    reads: list[datetime] = []

    def uow(*, reads_only: bool = False, searches: bool = False) -> MemoryUnitOfWork:
        reads.append(clock.now())
        return MemoryUnitOfWork(store)

    admin(store).rename("flirt.test", "flirt.example", "ops")
    directory = SiteDirectory(uow, clock)
    for host in ("amora.test", "flirt.example:443", "localhost:8000", "127.0.0.1", None):
        assert directory.moved(host) is None
    assert len(reads) == 1  # the sites, once
    assert found(directory.moved("flirt.test")).domain == "flirt.example"
    assert directory.moved("nowhere.example") is None
    assert len(reads) == 2  # and the former domains, once
    clock.current += timedelta(seconds=1)
    assert directory.moved("flirt.test") is not None and len(reads) == 4


def _member(store: MemoryStore, member_id: int, **changes: Any) -> None:
    member = Member(id=member_id, site_id=1, email=f"m{member_id}@example.com",
                    status=AccountStatus.ACTIVE, language="en",
                    created_at=datetime(2026, 1, 1, tzinfo=UTC),
                    profile=Profile(name=f"M{member_id}", gender="female", birth_date=BORN,
                                    country="NL"))
    store.members[member_id] = attrs.evolve(member, **changes)


def test_a_closure_tells_confirmed_real_members_a_batch_at_a_time(
        store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("application.sites.MAIL_BATCH", 2)
    for member_id in (1, 2, 3, 4):
        _member(store, member_id)
    _member(store, 5, status=AccountStatus.NOT_CONFIRMED)
    _member(store, 6, is_fictional=True)
    _member(store, 7, status=AccountStatus.DELETED,
            deleted_at=datetime(2026, 11, 1, tzinfo=UTC))
    _member(store, 8, status=AccountStatus.BANNED)
    _member(store, 9, site_id=2)
    site, told = admin(store).close("amora.test", "Retired", "ops")
    assert (site.closed, told) == (True, 5)
    assert store.jobs == [SiteClosedMails(1, 0)]
    administration = admin(store)
    assert [administration.tell_members(1, after) for after in (0, 2, 4, 8)] == [2, 2, 1, 0]
    mails = [job for job in store.jobs if isinstance(job, AccountMail)]
    assert mails == [AccountMail(CLOSED_MAIL, member) for member in (1, 2, 3, 4, 8)]
    assert [job for job in store.jobs if isinstance(job, SiteClosedMails)] == [
        SiteClosedMails(1, 0), SiteClosedMails(1, 2), SiteClosedMails(1, 4)]
