"""Similar members (a search's relaxed steps, issue 36.2) come in one statement on
PostgreSQL and as one call per step on SQLite, with the same answer: whom the first step
finds, then whom only the next finds, each step in listing order, no one twice."""

from __future__ import annotations

from datetime import UTC, date, datetime

import attrs
from sqlalchemy import event

from adapters.sql.unit_of_work import SqlUnitOfWork
from application.ports.discovery import SearchQuery
from domain.discovery import SEARCH_ORDER, Listing
from domain.members import AccountStatus, Member, Profile
from tests.conftest import Seeded, UowFactory

AT = datetime(2026, 11, 29, tzinfo=UTC)


def _member(work: SqlUnitOfWork, n: int, born: date, country: str, region: str | None,
            listing: Listing) -> int:
    member = work.members.add(Member(
        id=0, site_id=1, email=f"s{n}@example.com", status=AccountStatus.ACTIVE,
        language="nl", created_at=AT,
        profile=Profile(name=f"S{n}", gender="female", birth_date=born, country=country,
                        region=region)))
    work.discovery.relist(member.id, listing)
    return member.id


def test_each_step_adds_whom_the_steps_before_did_not_find(uow: UowFactory,
                                                          seeded: Seeded) -> None:
    with uow() as work:
        made = {name: _member(work, n, born, country, region, listing)
                for n, (name, born, country, region, listing) in enumerate([
                    ("region, no photo", date(1990, 5, 1), "NL", "NL-NH", Listing.NO_PHOTO),
                    ("region, filled", date(1990, 5, 1), "NL", "NL-NH", Listing.FILLED),
                    ("country, photo", date(1990, 5, 1), "NL", "NL-ZH", Listing.PHOTO),
                    ("country, filled", date(1991, 5, 1), "NL", "NL-UT", Listing.FILLED),
                    ("abroad, filled", date(1990, 5, 1), "DE", "DE-BY", Listing.FILLED),
                    ("too old", date(1950, 5, 1), "NL", "NL-NH", Listing.FILLED),
                    ("shown already", date(1990, 5, 1), "NL", "NL-NH", Listing.FILLED),
                    ("country, filled, newer", date(1992, 5, 1), "NL", "NL-UT",
                     Listing.FILLED)])}
        work.commit()
    region = SearchQuery(site_ids=(1,), viewer_id=None, born_from=date(1985, 1, 1),
                         born_until=date(1995, 1, 1), gender="female", country="NL",
                         region="NL-NH", exclude=(made["shown already"],))
    steps = [region, attrs.evolve(region, region=None),
             attrs.evolve(region, country=None, region=None)]
    expected = ["region, filled", "region, no photo",  # step 1, in listing order
                "country, filled, newer", "country, filled",  # only step 2 finds them,
                "country, photo",  # newest first within a listing
                "abroad, filled"]  # only step 3
    with uow() as work:
        sent: list[str] = []
        event.listen(work.discovery.connection, "before_cursor_execute",
                     lambda *call: sent.append(call[2]))
        for limit in (10, 4, 3):
            found = work.discovery.found_first(steps, limit, SEARCH_ORDER)
            assert [card.id for card in found] == [made[name] for name in expected][:limit]
        if work.discovery.connection.dialect.name == "postgresql":
            assert len(sent) == 3  # one a call
        # Two searches of one shape, one after the other: each its own values.
        older = [attrs.evolve(step, born_from=date(1940, 1, 1), born_until=date(1960, 1, 1))
                 for step in steps]
        assert [card.id for card in work.discovery.found_first(older, 10, SEARCH_ORDER)] \
            == [made["too old"]]
        assert work.discovery.found_first(steps[:1], 10, (Listing.PHOTO,)) == []
