"""Radius searches in SQL find exactly whom domain.distance.within finds, nearest first
in the domain's distances (issue 29 item 2): the bounding box, the inner box that skips
the exact distance and the distance itself agree with the domain on SQLite and
PostgreSQL, at each radius's edge and in the corners of its box."""

from __future__ import annotations

import math
import random
from datetime import UTC, date, datetime
from types import SimpleNamespace
from typing import Any

import attrs
from sqlalchemy import update

from adapters.sql import tables as t
from adapters.sql.unit_of_work import SqlUnitOfWork
from application.ports.discovery import Near, SearchQuery
from domain.distance import RADII_KM, Position, bounding_box, km_between, snapped, within
from domain.members import AccountStatus, Member, Profile
from tests.conftest import Seeded, UowFactory
from tests.lookups import found

CENTRE = snapped(Position(52.37, 4.89))


def _place(north_km: float, east_km: float) -> Position:
    lat = CENTRE.lat + math.degrees(north_km / 6371.0)
    return snapped(Position(lat, CENTRE.lon + math.degrees(east_km / 6371.0)
                            / math.cos(math.radians(lat))))


def _places() -> list[Position | None]:
    """At random up to 300 km away; just inside and outside each radius; in the
    corners of each radius's bounding box (outside the circle); and nowhere."""
    rng = random.Random(29)
    places: list[Position | None] = []
    for _ in range(120):
        km, bearing = rng.uniform(0, 300), rng.uniform(0, 2 * math.pi)
        places.append(_place(km * math.cos(bearing), km * math.sin(bearing)))
    for radius in RADII_KM:
        for km in (radius - 1.5, radius + 1.5):
            for bearing in (0.3, 1.9, 3.6, 5.2):
                places.append(_place(km * math.cos(bearing), km * math.sin(bearing)))
        box = bounding_box(CENTRE, radius)
        places += [snapped(Position(box.lat_max - 0.01, box.lon_max - 0.01)),
                   snapped(Position(box.lat_min + 0.01, box.lon_min + 0.01))]
    return [*places, None, None]


def _add(work: SqlUnitOfWork, places: list[Position | None]) -> dict[int, Position | None]:
    joined = datetime(2026, 1, 1, tzinfo=UTC)
    added = {}
    for n, place in enumerate([CENTRE, *places]):
        member = work.members.add(Member(
            id=0, site_id=1, email=f"m{n}@example.com", status=AccountStatus.ACTIVE,
            language="nl", created_at=joined,
            profile=Profile(name=f"M{n}", gender="female", birth_date=date(1990, 1, 1),
                            country="NL")))
        work.sites.connection.execute(update(t.profiles).where(
            t.profiles.c.member_id == member.id).values(
                lat=place.lat if place else None, lon=place.lon if place else None))
        added[member.id] = place
    return added


def test_radius_searches_find_whom_the_domain_finds_nearest_first(uow: UowFactory,
                                                                  seeded: Seeded) -> None:
    with uow() as work:
        added = _add(work, _places())
        viewer = min(added)
        del added[viewer]
        work.commit()
    located = {member: place for member, place in added.items() if place is not None}
    query = SearchQuery(site_ids=(1,), viewer_id=viewer, born_from=date(1900, 1, 1),
                        born_until=date(2100, 1, 1), gender="female")
    with uow() as work:
        for radius in RADII_KM:
            near = attrs.evolve(query, near=Near(CENTRE, radius))
            expected = sorted((member for member, place in located.items()
                               if within(CENTRE, place, radius)), reverse=True)
            assert 0 < len(expected) < len(added)
            assert work.discovery.count(near, 10_000) == len(expected)
            assert [card.id for card in work.discovery.found(near, 10_000, 0)] == expected
            nearest = work.discovery.nearest(near, 10_000, 0)
            assert [card.id for card in nearest] == sorted(
                expected, key=lambda member: (km_between(CENTRE, located[member]), -member))
            assert all(math.isclose(found(card.km), km_between(CENTRE, located[card.id]),
                                    rel_tol=1e-9, abs_tol=1e-9) for card in nearest)
        anywhere = work.discovery.nearest(attrs.evolve(query, near=Near(CENTRE)), 10_000, 0)
        assert [card.id for card in anywhere][-2:] == sorted(set(added) - set(located),
                                                             reverse=True)
        assert [card.km for card in anywhere][-2:] == [None, None]
        assert len(anywhere) == len(added)


def test_nearest_first_pages_on_by_cursor_in_the_same_order(uow: UowFactory,
                                                            seeded: Seeded) -> None:
    """Issue 36.2: a page of nearest first opens from the last member of the page before
    (``farther_than``), past members as far as that one (the grid puts many in one cell)
    and on to those without a position, exactly as the whole list orders them."""
    with uow() as work:
        places = _places()
        added = _add(work, [*places, *places[:40], None])  # members sharing cells
        viewer = min(added)
        work.commit()
    query = SearchQuery(site_ids=(1,), viewer_id=viewer, born_from=date(1900, 1, 1),
                        born_until=date(2100, 1, 1), gender="female")
    with uow() as work:
        for near in (Near(CENTRE, 100), Near(CENTRE)):
            whole = [card.id for card in work.discovery.nearest(
                attrs.evolve(query, near=near), 10_000, 0)]
            walked: list[int] = []
            while True:
                page = work.discovery.nearest(attrs.evolve(
                    query, near=near, farther_than=walked[-1] if walked else None), 7, 0)
                if not page:
                    break
                walked += [card.id for card in page]
            assert walked == whole
            assert len(whole) > 60


def test_nearest_first_by_rings_pages_on_past_the_rings_the_cursor_left(
        uow: UowFactory, seeded: Seeded) -> None:
    """The use case's nearest first sorts the smallest ring that holds the page; a
    ring the cursor lies beyond holds nobody after it (counted 0 without reading it), so
    pages far out come from the wider rings, in the whole list's order."""
    from application.shared.search_results import nearest

    with uow() as work:
        added = _add(work, [*_places(), None])
        viewer = min(added)
        work.commit()
    query = SearchQuery(site_ids=(1,), viewer_id=viewer, born_from=date(1900, 1, 1),
                        born_until=date(2100, 1, 1), gender="female", near=Near(CENTRE))
    with uow() as work:
        whole = [card.id for card in work.discovery.nearest(query, 10_000, 0)]
        walked: list[int] = []
        while True:
            page, counted = nearest(work, attrs.evolve(
                query, farther_than=walked[-1] if walked else None), 9, 0, 10_000)
            assert counted == len(whole)
            if not page:
                break
            walked += [card.id for card in page]
        ring = attrs.evolve(query, near=Near(CENTRE, 25), farther_than=whole[-3])
        assert work.discovery.counts([ring], [10]) == [0]
    assert walked == whole


def test_a_page_by_cursor_counts_only_the_rings_that_reach_past_the_cursor(
        uow: UowFactory, seeded: Seeded) -> None:
    """Issue 36.2: with the cursor's place read beforehand (the seeker's), the rings
    within it are not counted (PostgreSQL planned each); the pages are the whole list's,
    as without it."""
    from application.shared.search_results import RINGS_KM, nearest

    with uow() as work:
        added = _add(work, [*_places(), *_places()[:30], None])
        viewer = min(added)
        work.commit()
        assert work.discovery.seeker(viewer, cursor=max(added)).cursor == added[max(added)]
        assert work.discovery.seeker(viewer).cursor is None
    query = SearchQuery(site_ids=(1,), viewer_id=viewer, born_from=date(1900, 1, 1),
                        born_until=date(2100, 1, 1), gender="female", near=Near(CENTRE))
    with uow() as work:
        whole = [card.id for card in work.discovery.nearest(query, 10_000, 0)]
        spied = _RingsCounted(work.discovery)
        walked: list[int] = []
        while True:
            cursor = walked[-1] if walked else None
            at = work.discovery.seeker(viewer, cursor).cursor if cursor else None
            page, counted = nearest(SimpleNamespace(discovery=spied),
                                    attrs.evolve(query, farther_than=cursor, cursor_at=at),
                                    9, 0, 10_000)
            assert counted == len(whole)
            if not page:
                break
            walked += [card.id for card in page]
    assert walked == whole
    rings_counted = spied.rings
    assert rings_counted[0] == len(RINGS_KM)  # page 1: every ring
    # The last pages' cursors lie past 250 km: only the rings of 500 km and wider.
    assert rings_counted[-2] == 3
    assert min(rings_counted) < max(rings_counted)


class _RingsCounted:
    """A repository that notes how many rings each count statement counts."""

    def __init__(self, discovery: Any) -> None:
        self._discovery = discovery
        self.rings: list[int] = []

    def counts(self, queries: list[SearchQuery], at_most: list[int]) -> list[int]:
        self.rings.append(len(queries) - 1)  # the first is the search's own count
        counted: list[int] = self._discovery.counts(queries, at_most)
        return counted

    def __getattr__(self, name: str) -> Any:
        return getattr(self._discovery, name)
