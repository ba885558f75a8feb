"""What search checks of a member is kept on their profile by triggers (migration 0045,
issue 36.2): profiles.findable_site is the member's site exactly while
domain.discovery.findable holds, profiles.listing is members.listing, through every
change of status, visibility, profile status, listing and site, whoever writes it
(repositories or plain SQL), on SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
import threading
import time
from datetime import UTC, date, datetime

import attrs
import pytest
from sqlalchemy import Engine, select, text, update

from adapters.sql import tables as t
from application.ports.discovery import SearchQuery
from domain.discovery import Listing, findable
from domain.members import AccountStatus, Member, Profile, ProfileStatus
from tests.conftest import Seeded, UowFactory

T0 = datetime(2026, 1, 1, tzinfo=UTC)
m, p = t.members, t.profiles


def _member(email: str, site_id: int, status: AccountStatus = AccountStatus.ACTIVE,
            profile_status: ProfileStatus = ProfileStatus.ACTIVE) -> Member:
    return Member(id=0, site_id=site_id, email=email, status=status, language="en",
                  created_at=T0, profile=Profile(
                      name="Eva", gender="female", birth_date=date(1990, 1, 1), country="NL",
                      status=profile_status))


def _copies(engine: Engine, member_id: int) -> tuple[int | None, int]:
    with engine.connect() as connection:
        row = connection.execute(select(p.c.findable_site, p.c.listing)
                                 .where(p.c.member_id == member_id)).one()
    return row.findable_site, row.listing


def _expected(uow: UowFactory, engine: Engine, member_id: int) -> tuple[int | None, int]:
    with uow() as work:
        member = work.members.get(member_id)
    with engine.connect() as connection:
        listing = connection.execute(select(m.c.listing).where(m.c.id == member_id)).scalar_one()
    assert member is not None
    return (member.site_id if findable(member) else None), listing


def test_a_new_profile_takes_its_members_findability(uow: UowFactory, engine: Engine,
                                                     seeded: Seeded) -> None:
    _, default, _ = seeded
    with uow() as work:
        active = work.members.add(_member("a@example.com", default.id))
        waiting = work.members.add(_member("w@example.com", default.id,
                                           AccountStatus.NOT_CONFIRMED))
        disabled = work.members.add(_member("d@example.com", default.id,
                                            AccountStatus.NOT_CONFIRMED,
                                            ProfileStatus.DISABLED))
        work.commit()
    assert _copies(engine, active.id) == (default.id, Listing.NO_PHOTO)
    assert _copies(engine, waiting.id) == (default.id, Listing.NO_PHOTO)
    assert _copies(engine, disabled.id) == (None, Listing.NO_PHOTO)


def test_every_change_of_status_visibility_and_profile_keeps_the_copy(
        uow: UowFactory, engine: Engine, seeded: Seeded) -> None:
    """A walk through every combination of account status, visibility and profile
    status, each step a write of one of them (members or profiles), the copy checked
    against domain.discovery.findable after each."""
    _, default, _ = seeded
    with uow() as work:
        member_id = work.members.add(_member("walk@example.com", default.id)).id
        work.commit()
    states = list(itertools.product(AccountStatus, (False, True), ProfileStatus))
    for status, invisible, profile_status in [*states, *reversed(states)]:
        with engine.begin() as connection:
            connection.execute(update(m).where(m.c.id == member_id)
                               .values(status=status.value, invisible=invisible))
        assert _copies(engine, member_id) == _expected(uow, engine, member_id), \
            (status, invisible, profile_status, "member written")
        with engine.begin() as connection:
            connection.execute(update(p).where(p.c.member_id == member_id)
                               .values(status=profile_status.value))
        assert _copies(engine, member_id) == _expected(uow, engine, member_id), \
            (status, invisible, profile_status, "profile written")


def test_listing_and_site_follow_the_member(uow: UowFactory, engine: Engine,
                                            seeded: Seeded) -> None:
    _, default, other = seeded
    with uow() as work:
        member_id = work.members.add(_member("move@example.com", default.id)).id
        work.discovery.relist(member_id, Listing.FILLED)
        work.commit()
    assert _copies(engine, member_id) == (default.id, Listing.FILLED)
    with engine.begin() as connection:
        connection.execute(update(m).where(m.c.id == member_id).values(site_id=other.id))
    assert _copies(engine, member_id) == (other.id, Listing.FILLED)


def test_a_ban_through_the_repository_hides_the_member_from_search(
        uow: UowFactory, engine: Engine, seeded: Seeded) -> None:
    """The use cases' own writes (SqlMembers.save) go through the triggers too, and a
    profile saved alone keeps the copy as it was."""
    _, default, _ = seeded
    with uow() as work:
        member = work.members.add(_member("ban@example.com", default.id))
        work.commit()
    query = SearchQuery(site_ids=(default.id,), viewer_id=None, born_from=date(1950, 1, 1),
                        born_until=date(2000, 1, 1))
    with uow() as work:
        assert work.discovery.count(query, at_most=10) == 1
        renamed = attrs.evolve(member, profile=attrs.evolve(member.profile, name="Evi"))
        work.members.save(member, renamed)
        work.commit()
    assert _copies(engine, member.id) == (default.id, Listing.NO_PHOTO)
    with uow() as work:
        work.members.save(renamed, attrs.evolve(renamed, status=AccountStatus.BANNED))
        work.commit()
    assert _copies(engine, member.id) == (None, Listing.NO_PHOTO)
    with uow() as work:
        assert work.discovery.count(query, at_most=10) == 0


def _blocked_on_a_lock(engine: Engine, at_least: int = 1) -> bool:
    with engine.connect() as connection:
        waiting = connection.execute(text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock'")).scalar_one()
    return int(waiting) >= at_least


def test_a_profile_save_that_relists_does_not_deadlock_with_a_ban(
        uow: UowFactory, engine: Engine, seeded: Seeded, database_url: str) -> None:
    """The ban's trigger takes the member's row, then the profile's; a profile save that
    relists the member took the profile's first, then the member's: the two waited for
    each other until PostgreSQL ended one (deadlock). The save now takes the member's row
    first (SqlMembers.save), so the ban waits for it and both go through."""
    if not database_url.startswith("postgresql"):
        pytest.skip("row locks: SQLite writes one transaction at a time")
    _, default, _ = seeded
    with uow() as work:
        member = work.members.add(_member("race@example.com", default.id))
        work.commit()
    failures: list[BaseException] = []

    def ban() -> None:
        try:
            with engine.begin() as connection:
                connection.execute(update(m).where(m.c.id == member.id)
                                   .values(status=AccountStatus.BANNED.value))
        except BaseException as error:  # noqa: BLE001 - reported by the test
            failures.append(error)

    with uow() as work:
        filled = attrs.evolve(member, profile=attrs.evolve(
            member.profile, about_me="I sail.", interests=("sailing",)))
        work.members.save(member, filled)
        banning = threading.Thread(target=ban)
        banning.start()
        deadline = time.monotonic() + 30
        while not _blocked_on_a_lock(engine) and time.monotonic() < deadline:
            time.sleep(0.01)  # polled: the ban's statement waits for the save's lock
        assert _blocked_on_a_lock(engine), "the ban should wait for the save's lock"
        work.discovery.relist(member.id, Listing.PHOTO)
        work.commit()
    banning.join(timeout=30)
    assert not banning.is_alive() and failures == []
    assert _copies(engine, member.id) == (None, Listing.PHOTO)
