"""Migration 0021 fills in members.listing from the photos and profiles already there,
by the rule of domain.discovery.listing_of (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import inspect

from adapters.container import Container
from adapters.sql import migrate
from adapters.sql import tables as t
from domain.discovery import Listing
from domain.members import AccountStatus, Member, Profile
from tests.conftest import seed_default_site

T0 = datetime(2026, 1, 1, tzinfo=UTC)
# Today's repositories write columns of later migrations (positions, photo hashes, the
# shield's flags...): while the rows are written they stand in for the time (and go again).
_LATER_IN = (t.profiles, t.photos)


def test_the_migration_fills_in_each_members_listing(container: Container,
                                                     database_url: str) -> None:
    seed_default_site(container)
    migrate.downgrade(database_url, "0020")
    # Today's repositories write the places' positions of migration 0025: those columns
    # stand in for the time the rows are written (a later migration would add them).
    container.engine().dispose()
    added: list[tuple[str, str]] = []
    with container.engine().begin() as connection:
        for table in _LATER_IN:
            there = {column["name"] for column in inspect(connection).get_columns(table.name)}
            for column in table.columns:
                if column.name not in there:
                    kind = column.type.compile(dialect=connection.dialect)
                    connection.exec_driver_sql(
                        f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}")
                    added.append((table.name, column.name))
    cases = {  # about_me, interests, main photo status: the listing it must give
        "filled": ("I sail.", ("sailing",), "active", Listing.FILLED),
        "blank": (" \n\t", ("sailing",), "active", Listing.PHOTO),
        "no_interests": ("I sail.", (), "active", Listing.PHOTO),
        "pending": ("I sail.", ("sailing",), "pending", Listing.NO_PHOTO),
        "bare": ("I sail.", ("sailing",), None, Listing.NO_PHOTO),
    }
    ids = {}
    with container.unit_of_work() as work:
        for name, (about_me, interests, photo, _) in cases.items():
            member = work.members.add(Member(
                id=0, site_id=1, email=f"{name}@example.com", status=AccountStatus.ACTIVE,
                language="en", created_at=T0, profile=Profile(
                    name=name, gender="female", birth_date=date(1990, 1, 1), country="NL",
                    about_me=about_me, interests=interests)))
            if photo is not None:
                work.photos.add(member.id, f"{name}.jpg", f"{name}_t.jpg", True, photo, T0)
            ids[name] = member.id
        work.commit()
    with container.engine().begin() as connection:
        for table_name, column_name in added:
            connection.exec_driver_sql(f"ALTER TABLE {table_name} DROP COLUMN {column_name}")
    container.engine().dispose()
    migrate.upgrade(database_url)
    with container.unit_of_work() as work:
        found = {name: work.discovery.listing(member_id) for name, member_id in ids.items()}
    assert found == {name: case[3] for name, case in cases.items()}
