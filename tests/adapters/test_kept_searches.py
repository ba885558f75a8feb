"""Searches of one shape share one kept statement (issue 36.2), run with each search's own
values: every value that differs from member to member must be a named parameter, or
a later member's search would run with the first one's values."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import attrs
import pytest
from sqlalchemy import create_engine, update

from adapters.sql import discovery as sql_discovery
from adapters.sql import tables as t
from adapters.sql.unit_of_work import SqlUnitOfWork
from application.ports.discovery import Near, SearchQuery
from domain.discovery import DECK_ORDER, SEARCH_ORDER, Listing
from domain.distance import Position
from domain.members import AccountStatus, Member, Profile
from tests.conftest import Seeded, UowFactory

BASE = SearchQuery(site_ids=(1, 2), viewer_id=7, born_from=date(1980, 1, 2),
                   born_until=date(2000, 3, 4))
AMSTERDAM, NORTH_POLE = Position(52.37, 4.89), Position(89.5, 10.0)
SHAPES = {
    "a visitor": attrs.evolve(BASE, viewer_id=None),
    "a member, blocks looked up": BASE,
    "a member who blocks nobody": attrs.evolve(BASE, blocked=()),
    "a member who blocks two": attrs.evolve(BASE, blocked=(3, 9)),
    "similar ones": attrs.evolve(BASE, exclude=(4, 5, 6), blocked=(3,)),
    "the games": attrs.evolve(BASE, not_liked=True, not_swiped=True, fictional=False),
    "two-way, a gender asked": attrs.evolve(BASE, wanting="male", gender="female"),
    "two-way, any gender": attrs.evolve(BASE, wanting="female"),
    "country and region": attrs.evolve(BASE, country="NL", region="NL-NH", gender="male"),
    "online now": attrs.evolve(BASE, online_since=datetime(2026, 11, 29, 4, tzinfo=UTC)),
    "within 25 km": attrs.evolve(BASE, near=Near(AMSTERDAM, 25)),
    "within 25 km of a pole": attrs.evolve(BASE, near=Near(NORTH_POLE, 25)),
    "anywhere, nearest first": attrs.evolve(BASE, near=Near(AMSTERDAM)),
    "nearest first, from a cursor": attrs.evolve(BASE, near=Near(AMSTERDAM, 25),
                                                 farther_than=42),
}
POSTGRESQL = create_engine("postgresql+psycopg://").dialect  # to compile with, no server
RUN_TIME = {"cursor_id", "page_size", "skipped", "reach", "at_most"}


def _named_in(statement: Any) -> dict[str, Any]:
    compiled = statement.compile(dialect=POSTGRESQL)
    return {name: bind.value for name, bind in compiled.binds.items() if not bind.unique}


BEST_FIRST = {**SHAPES, "best first, with the day's impressions": attrs.evolve(
    BASE, shown_on=date(2026, 11, 29))}


@pytest.mark.parametrize("query", BEST_FIRST.values(), ids=BEST_FIRST.keys())
@pytest.mark.parametrize("resumes", [False, True], ids=["page", "cursor"])
def test_a_kept_statement_names_every_value_the_search_gives(query: SearchQuery,
                                                             resumes: bool) -> None:
    connection = SimpleNamespace(dialect=POSTGRESQL, info={})
    statement = sql_discovery._listed_counted_statement(
        connection, query, SEARCH_ORDER, resumes)  # type: ignore[arg-type]
    named = _named_in(statement)
    given = sql_discovery._named_values(query)
    # "Online now"'s first pages read its matches once, with no walk of a listing to reach.
    unused = set() if resumes else {"cursor_id", *({"reach"} if query.online_since else ())}
    assert set(named) == set(given) | RUN_TIME - unused
    assert {name: named[name] for name in given} == given


@pytest.mark.parametrize("query", SHAPES.values(), ids=SHAPES.keys())
@pytest.mark.parametrize("nearest", [False, True], ids=["newest", "nearest"])
def test_a_kept_page_names_every_value_the_search_gives(query: SearchQuery,
                                                        nearest: bool) -> None:
    connection = SimpleNamespace(dialect=POSTGRESQL, info={})
    statement = sql_discovery._found_page_statement(
        connection, query, nearest)  # type: ignore[arg-type]
    named = _named_in(statement)
    given = sql_discovery._named_values(query)
    assert set(named) == set(given) | {"page_size", "skipped"}
    assert {name: named[name] for name in given} == given


def test_searches_of_one_shape_differ_only_in_their_values() -> None:
    other = SearchQuery(site_ids=(5, 6), viewer_id=8, born_from=date(1970, 5, 6),
                        born_until=date(1990, 7, 8), blocked=(1, 2, 3), country="DE",
                        region="DE-BY", near=Near(Position(48.1, 11.6), 100))
    shaped = attrs.evolve(BASE, blocked=(4,), country="NL", region="NL-NH",
                          near=Near(AMSTERDAM, 25))
    assert sql_discovery._shape(other) == sql_discovery._shape(shaped)
    # A site is a parameter of its own (one is an equality PostgreSQL's indexes keep in
    # order): the number of sites shapes the statement.
    assert sql_discovery._shape(attrs.evolve(other, site_ids=(5,))) != \
        sql_discovery._shape(shaped)
    shapes = {sql_discovery._shape(query) for query in SHAPES.values()}
    assert len(shapes) == len(SHAPES)


def _member(work: SqlUnitOfWork, n: int, gender: str, born: date, country: str,
            place: Position) -> int:
    member = work.members.add(Member(
        id=0, site_id=1, email=f"k{n}@example.com", status=AccountStatus.ACTIVE,
        language="nl", created_at=datetime(2026, 1, 1, tzinfo=UTC),
        profile=Profile(name=f"K{n}", gender=gender, birth_date=born, country=country)))
    work.sites.connection.execute(update(t.profiles).where(
        t.profiles.c.member_id == member.id).values(lat=place.lat, lon=place.lon))
    return member.id


def test_the_second_search_of_a_shape_finds_its_own_members(uow: UowFactory,
                                                            seeded: Seeded) -> None:
    """Run one after the other through the kept statement, two searches of one shape
    find what each finds through a statement of its own."""
    berlin = Position(52.52, 13.40)
    with uow() as work:
        ids = [_member(work, n, gender, born, country, place) for n, (gender, born, country,
               place) in enumerate([
                   ("female", date(1990, 1, 1), "NL", AMSTERDAM),
                   ("female", date(1960, 1, 1), "NL", AMSTERDAM),
                   ("male", date(1990, 1, 1), "DE", berlin),
                   ("male", date(1975, 1, 1), "DE", berlin),
                   ("male", date(1991, 1, 1), "NL", AMSTERDAM)])]
        work.commit()
    young_nl = SearchQuery(site_ids=(1,), viewer_id=ids[4], born_from=date(1985, 1, 1),
                           born_until=date(1995, 1, 1), country="NL", blocked=(ids[1],),
                           near=Near(AMSTERDAM, 25))
    older_de = attrs.evolve(young_nl, viewer_id=ids[0], born_from=date(1970, 1, 1),
                            country="DE", near=Near(berlin, 50), blocked=(ids[2],))
    assert sql_discovery._shape(young_nl) == sql_discovery._shape(older_de)
    with uow() as work:
        for query, expected in ((young_nl, [ids[0]]), (older_de, [ids[3]]),
                                (young_nl, [ids[0]])):
            for order in (SEARCH_ORDER, DECK_ORDER, (Listing.NO_PHOTO,)):
                found = work.discovery.found_counted(query, 10, 0, order, 100)
                shown = expected if Listing.NO_PHOTO in order else []
                assert [card.id for card in found.cards] == shown
                assert found.count == len(expected)
            resumed = work.discovery.found_counted(
                attrs.evolve(query, before_id=expected[0] + 1), 10, 0, SEARCH_ORDER, 100)
            assert [card.id for card in resumed.cards] == expected
            assert [card.id for card in work.discovery.nearest(query, 10, 0)] == expected
            assert [card.id for card in work.discovery.found(query, 10, 0)] == expected
            at = datetime(2026, 11, 29, tzinfo=UTC)
            assert work.discovery.found_counted(
                attrs.evolve(query, online_since=at - timedelta(minutes=5)), 10, 0,
                SEARCH_ORDER, 100).count == 0
        # Several searches in one statement: each its own values (the rings of nearest).
        everyone = attrs.evolve(young_nl, born_from=date(1900, 1, 1), country=None, blocked=())
        assert work.discovery.counts([young_nl, older_de, everyone], [100, 100, 9]) == [1, 1, 2]
        assert work.discovery.counts([older_de, young_nl, everyone], [100, 100, 1]) == [1, 1, 1]
