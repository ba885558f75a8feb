"""A member's search reads whom they block or are blocked by together with their place
(SqlDiscovery.seeker, issue 36.2) and leaves them out both ways, on SQLite and
PostgreSQL, as the search that looks the blocks up itself does."""

from __future__ import annotations

from datetime import UTC, date, datetime

import attrs

from adapters.sql.unit_of_work import SqlUnitOfWork
from application.ports.discovery import SearchQuery
from domain.discovery import SEARCH_ORDER
from domain.members import AccountStatus, Member, Profile
from tests.conftest import Seeded, UowFactory

AT = datetime(2026, 11, 29, tzinfo=UTC)


def _member(work: SqlUnitOfWork, n: int) -> int:
    return work.members.add(Member(
        id=0, site_id=1, email=f"b{n}@example.com", status=AccountStatus.ACTIVE,
        language="nl", created_at=AT,
        profile=Profile(name=f"B{n}", gender="female", birth_date=date(1990, 1, 1),
                        country="NL"))).id


def test_the_seeker_names_the_blocks_both_ways_and_the_search_leaves_them_out(
        uow: UowFactory, seeded: Seeded) -> None:
    with uow() as work:
        viewer, blocks_viewer, blocked, other, free = (_member(work, n) for n in range(5))
        work.discovery.block(blocks_viewer, viewer, AT)  # blocked by them
        work.discovery.block(viewer, blocked, AT)  # blocks them
        work.discovery.block(blocks_viewer, other, AT)  # not the viewer's business
        work.commit()
    query = SearchQuery(site_ids=(1,), viewer_id=viewer, born_from=date(1900, 1, 1),
                        born_until=date(2100, 1, 1), gender="female")
    with uow() as work:
        seeker = work.discovery.seeker(viewer)
        assert seeker.blocked == tuple(sorted((blocks_viewer, blocked)))
        assert seeker.position is None
        assert work.discovery.seeker(free).blocked == ()
        read_before = attrs.evolve(query, blocked=seeker.blocked)
        for asked in (query, read_before):
            found = work.discovery.found_counted(asked, 10, 0, SEARCH_ORDER, 100)
            assert sorted(card.id for card in found.cards) == sorted((other, free))
            assert found.count == 2
            assert work.discovery.count(asked, 100) == 2
