""""Online now" (issue 36.2): on PostgreSQL its matches are read once for the count and
the page (adapters/sql/discovery.py, _online_page); the page is the same as a search's
walk of each listing newest first would give, on both databases: only members seen
within the window who show it, listing by listing, newest first, a numbered page
skipping as many, the count up to its cap."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import attrs

from application.ports.discovery import SearchQuery
from domain.discovery import SEARCH_ORDER, Listing
from domain.members import AccountStatus, Member, Profile
from tests.conftest import Seeded, UowFactory

NOW = datetime(2026, 11, 29, 12, tzinfo=UTC)


def test_online_now_pages_its_matches_in_listing_order(uow: UowFactory, seeded: Seeded) -> None:
    with uow() as work:
        made = {}
        for n, (name, listing, seen, shows) in enumerate([
                ("photo, online", Listing.PHOTO, NOW, True),
                ("filled, online", Listing.FILLED, NOW - timedelta(minutes=2), True),
                ("no photo, online", Listing.NO_PHOTO, NOW, True),
                ("filled, away", Listing.FILLED, NOW - timedelta(days=1), True),
                ("filled, hides it", Listing.FILLED, NOW, False),
                ("photo, online, newer", Listing.PHOTO, NOW, True),
                ("filled, online, newer", Listing.FILLED, NOW, True),
                ("filled, never seen", Listing.FILLED, None, True)]):
            member = work.members.add(Member(
                id=0, site_id=1, email=f"o{n}@example.com", status=AccountStatus.ACTIVE,
                language="nl", created_at=NOW, show_online=shows,
                profile=Profile(name=f"O{n}", gender="female", birth_date=date(1990, 1, 1),
                                country="NL")))
            work.discovery.relist(member.id, listing)
            if seen is not None:
                work.last_seen.seen([member.id], seen)
            made[name] = member.id
        work.commit()
    online = SearchQuery(site_ids=(1,), viewer_id=None, born_from=date(1980, 1, 1),
                         born_until=date(2000, 1, 1), gender="female",
                         online_since=NOW - timedelta(minutes=5))
    expected = [made[name] for name in ("filled, online, newer", "filled, online",
                                        "photo, online, newer", "photo, online",
                                        "no photo, online")]
    with uow() as work:
        found = work.discovery.found_counted(online, 10, 0, SEARCH_ORDER, 100)
        assert [card.id for card in found.cards] == expected and found.count == 5
        second = work.discovery.found_counted(online, 2, 2, SEARCH_ORDER, 100)
        assert [card.id for card in second.cards] == expected[2:4] and second.count == 5
        capped = work.discovery.found_counted(online, 1, 0, SEARCH_ORDER, 3)
        assert [card.id for card in capped.cards] == expected[:1] and capped.count == 3
        # From a cursor (the web app's pages past the numbered ones): the listings' walk.
        resumed = work.discovery.found_counted(attrs.evolve(online, before_id=expected[2]),
                                               10, 0, SEARCH_ORDER, 100)
        assert [card.id for card in resumed.cards] == expected[3:]
        photos = work.discovery.found_counted(online, 10, 0, (Listing.PHOTO,), 100)
        assert [card.id for card in photos.cards] == expected[2:4] and photos.count == 5

