"""Benchmark: member search over 100,000 members on SQLite and PostgreSQL.

Creates its own databases — a temporary SQLite file and a PostgreSQL database
``amora_bench_<random>`` next to the one TEST_POSTGRES_URL names (that one is never
touched) — seeds members, profiles and main photos in bulk, then times typical searches
by a logged-in member through the search use case: page 1, the last page a search opens by
number (NUMBERED_PAGES, OFFSET) and pages 50 and 500 by cursor (``after`` the last member of
the page before, as the web app opens them), walked and opened by member 1 (a cursor is one
member's: nearest first's is their distance) and compared with member 1's own page 1.
Members live around the regions' main towns (positions snapped to the grid, issue
29.2) with a mix of sexualities, so the two-way rule, radius searches, nearest first,
best first and "online now" (a tenth online) are timed too. The searches come from
VIEWERS different members in turn (500; ``--viewers N``; 1: member 1 alone, a straight
man in Amsterdam), so each has its own place, ages and two-way rule (issue 36: the hard
case, many members, not one repeating). Prints p50/p95 per search and the page 50 / page 1
ratio.
Run with `make bench` (``--postgresql-only``: skip SQLite); it asserts nothing.

Issue 36.2 adds, per search: the SQL round trips of page 1 (statements sent, and each
transaction's BEGIN and COMMIT as psycopg sends them, tests/bench/round_trips.py), page
500 by cursor next to pages 1 and 50, and at the end the searches per second of one process going
through every page 1 in turn.
``--members N`` seeds N members instead of 100,000 (1,000,000 works; seeding takes minutes).

    .venv/bin/python tests/bench/bench_search.py [--postgresql-only] [--members N]
                                                 [--viewers N]
"""

from __future__ import annotations

import functools
import itertools
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import attrs  # noqa: E402
from sqlalchemy import insert, select  # noqa: E402

from adapters.container import Container, build_container  # noqa: E402
from adapters.sql import migrate, tables  # noqa: E402
from application.shared.search_results import SearchPage  # noqa: E402
from domain.discovery import NUMBERED_PAGES, SearchFilters, listing_of  # noqa: E402
from domain.members import Member, Profile  # noqa: E402
from tests.bench.databases import postgres_database  # noqa: E402
from tests.bench.round_trips import RoundTrips  # noqa: E402
from tests.conftest import make_config, seed_default_site  # noqa: E402

Search = Callable[[SearchFilters], SearchPage]  # one member's search, filters in

MEMBERS = (int(sys.argv[sys.argv.index("--members") + 1]) if "--members" in sys.argv
           else 100_000)
VIEWERS = (int(sys.argv[sys.argv.index("--viewers") + 1]) if "--viewers" in sys.argv
           else 500)
BATCH = 10_000
RUNS = 40
THROUGHPUT_ROUNDS = 10  # rounds over every search's page 1 for the searches per second
COUNTRIES = {"NL": ["NL-NH", "NL-ZH", "NL-UT"], "DE": ["DE-BY", "DE-BE", "DE-HH"],
             "SE": ["SE-AB", "SE-O"], "PL": ["PL-14", "PL-12"]}
# Each region's main town: members live within about 40 km of it.
TOWNS = {"NL-NH": (52.37, 4.89), "NL-ZH": (51.92, 4.48), "NL-UT": (52.09, 5.12),
         "DE-BY": (48.14, 11.58), "DE-BE": (52.52, 13.40), "DE-HH": (53.55, 9.99),
         "SE-AB": (59.33, 18.07), "SE-O": (57.71, 11.97), "PL-14": (52.23, 21.01),
         "PL-12": (50.06, 19.94)}
POSITIONS = "lat" in tables.profiles.c  # issue 29.2
SEARCHES = {
    "everyone": SearchFilters(),
    "women 25-35 in NL": SearchFilters(gender="female", country="NL", min_age=25, max_age=35),
    "men in NL 30-50": SearchFilters(gender="male", country="NL", min_age=30, max_age=50),
    "women in NL-NH": SearchFilters(gender="female", country="NL", region="NL-NH"),
    "men 40-41": SearchFilters(gender="male", min_age=40, max_age=41),
    "women 60-61 in SE-O": SearchFilters(gender="female", country="SE", region="SE-O",
                                         min_age=60, max_age=61),
}
DEFAULTS = "his defaults (best)"
if POSITIONS:
    from domain.discovery import Order
    from domain.distance import Position, snapped

    # The searches of before, in the order of before (newest first), now two-way.
    SEARCHES = {label: attrs.evolve(filters, order=Order.NEWEST)
                for label, filters in SEARCHES.items()}

    SEARCHES.update({
        DEFAULTS: SearchFilters(),  # the member's own defaults: chosen=False
        "women 100 km newest": SearchFilters(gender="female", distance_km=100,
                                             order=Order.NEWEST),
        "women 25 km nearest": SearchFilters(gender="female", distance_km=25,
                                             order=Order.NEAREST),
        "women anywhere nearest": SearchFilters(gender="female", order=Order.NEAREST),
        "women 250 km best": SearchFilters(gender="female", distance_km=250),
        "women 10 km 30-31": SearchFilters(gender="female", distance_km=10, min_age=30,
                                           max_age=31, order=Order.NEWEST),
        "online women 50 km": SearchFilters(gender="female", distance_km=50, online=True),
        "everyone, anywhere": SearchFilters(everyone=True, order=Order.NEWEST),
    })
HAS_LISTING = "listing" in tables.members.c  # the listing stored with the member (19.1)


def seed(container: Container) -> None:
    """Members 2.. (member 1 is the viewer): 90 % active, 8 % unconfirmed (their profile
    disabled: not findable), 2 % banned, 5 % invisible; 70 % with a main photo; 30 % with
    a filled profile (an about-me and interests). Each member's stored listing follows
    from these by domain.discovery.listing_of, as the use cases keep it."""
    rng = random.Random(7)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    now = datetime.now(UTC)
    with container.engine().begin() as connection:
        for first in range(1, MEMBERS + 1, BATCH):
            members: list[dict[str, Any]] = []
            profiles: list[dict[str, Any]] = []
            photos: list[dict[str, Any]] = []
            seen: list[dict[str, Any]] = []
            for member_id in range(first, min(first + BATCH, MEMBERS + 1)):
                country = rng.choice(list(COUNTRIES))
                status = "active" if member_id == 1 else rng.choices(
                    ["active", "not_confirmed", "banned"], [90, 8, 2])[0]
                members.append({"id": member_id, "site_id": 1, "email": f"m{member_id}@b.test",
                                "status": status, "language": "en",
                                "created_at": start + timedelta(minutes=member_id),
                                "is_fictional": False,
                                "invisible": member_id != 1 and rng.random() < 0.05,
                                "paid_user": False})
                region = rng.choice(COUNTRIES[country])
                profiles.append({"member_id": member_id, "name": f"M{member_id}",
                                 "gender": rng.choice(["male", "female"]),
                                 "sexuality": rng.choices(["straight", "gay", "bisexual"],
                                                          [85, 8, 7])[0],
                                 "birth_date": date(1950, 1, 1) + timedelta(
                                     days=rng.randint(0, 365 * 56)),
                                 "country": country, "region": region,
                                 "city": None, "about_me": "", "interests": [],
                                 "status": "active" if status != "not_confirmed" else "disabled"})
                if rng.random() < 0.3:
                    profiles[-1].update(about_me="I like long walks.", interests=["travel"])
                if POSITIONS:
                    lat, lon = TOWNS[region]
                    cell = snapped(Position(lat + rng.gauss(0, 0.2), lon + rng.gauss(0, 0.3)))
                    profiles[-1].update(lat=cell.lat, lon=cell.lon)
                    if member_id == 1:  # the viewer: a straight man in Amsterdam
                        profiles[-1].update(gender="male", sexuality="straight",
                                            birth_date=date(1990, 1, 1),
                                            lat=snapped(Position(52.37, 4.89)).lat,
                                            lon=snapped(Position(52.37, 4.89)).lon)
                    elif rng.random() < 0.1:  # online for the whole run
                        seen.append({"member_id": member_id, "seen_at": now + timedelta(
                            hours=2)})
                has_photo = rng.random() < 0.7
                if HAS_LISTING:
                    members[-1]["listing"] = listing_of(has_photo, Profile(
                        name="", gender="", birth_date=date(1990, 1, 1), country="",
                        about_me=profiles[-1]["about_me"],
                        interests=tuple(profiles[-1]["interests"]))).value
                if has_photo:
                    photos.append({"member_id": member_id, "filename": f"{member_id}.jpg",
                                   "thumb_filename": f"{member_id}_t.jpg", "status": "active",
                                   "is_main": True, "created_at": start})
            connection.execute(insert(tables.members), members)
            connection.execute(insert(tables.profiles), profiles)
            connection.execute(insert(tables.photos), photos)
            if seen:
                connection.execute(insert(tables.last_seen), seen)


class SearchTrips:
    """A search's round trips to the database (tests/bench/round_trips.py)."""

    def __init__(self, container: Container) -> None:
        self.trips = RoundTrips(container.engine(), container.search_engine())

    def of(self, search: Search, filters: SearchFilters) -> int:
        """The fewest of three runs: a run may also re-read the sites the process keeps
        in memory (once a second at most), which is not the search's own."""
        sent = []
        for _ in range(3):
            before = self.trips.sent
            search(filters)
            sent.append(self.trips.sent - before)
        return min(sent)


def timed(search: Search, filters: SearchFilters, runs: int = RUNS) -> list[float]:
    search(filters)  # warm up
    timings = []
    for _ in range(runs):
        begin = time.perf_counter()
        search(filters)
        timings.append(time.perf_counter() - begin)
    return timings


def cursors_of(search: Search, filters: SearchFilters,
               pages: tuple[int, ...]) -> dict[int, int]:
    """The ``after`` cursors that lead to ``pages``, by walking the pages before them
    (as a member does: past NUMBERED_PAGES a page opens from the one before it)."""
    cursors, after = {}, None
    for number in range(1, max(pages)):
        answer = search(attrs.evolve(filters, page=number, after=after))
        after = answer.next
        if after is None:
            break
        if number + 1 in pages:
            cursors[number + 1] = after
    return cursors


def _viewers(container: Container, count: int) -> list[Member]:
    """``count`` members who may search (active, visible), spread over the population
    (ages, genders, sexualities, places), member 1 first: each search comes from the
    next of them (issue 36: the hard case, many members, not one repeating)."""
    with container.engine().connect() as connection:
        findable = [row.id for row in connection.execute(
            select(tables.members.c.id).where(tables.members.c.status == "active",
                                              tables.members.c.invisible.is_(False))
            .order_by(tables.members.c.id))]
    step = max(1, len(findable) // count)
    with container.unit_of_work() as work:
        return [member for member in map(work.members.get, findable[::step][:count])
                if member is not None]


def run(kind: str, url: str, root: Path) -> None:
    migrate.upgrade(url)
    container = build_container(make_config(root, DATABASE_URL=url))
    seed_default_site(container)
    begin = time.perf_counter()
    seed(container)
    if url.startswith("postgresql"):
        # As autovacuum leaves a settled table: statistics, and a visibility map that
        # lets index-only scans skip the table.
        with container.engine().connect().execution_options(
                isolation_level="AUTOCOMMIT") as connection:
            connection.exec_driver_sql("VACUUM ANALYZE")
    print(f"{kind}: seeded {MEMBERS:,} members in {time.perf_counter() - begin:.1f} s")
    everyone = _viewers(container, VIEWERS)
    viewers = itertools.cycle(everyone)
    discovery = container.discovery()
    trips = SearchTrips(container)

    def search(filters: SearchFilters) -> SearchPage:
        return discovery.search("amora.test", next(viewers), filters)

    def defaults(filters: SearchFilters) -> SearchPage:
        return discovery.search("amora.test", next(viewers), filters, chosen=False)

    # A cursor is one member's (nearest first's is their distance): the pages by cursor
    # are walked and opened by member 1, as one member pages on.
    def walking(filters: SearchFilters, chosen: bool = True) -> SearchPage:
        return discovery.search("amora.test", everyone[0], filters, chosen=chosen)

    print(f"  {'search':<24} {'found':>7} {'trips':>5}  {'page':<14} {'p50 ms':>7}"
          f" {'p95 ms':>7}  p50 / page 1")
    for label, filters in SEARCHES.items():
        searching = defaults if label == DEFAULTS else search
        first = searching(filters)
        found = f"{first.num_results}{'+' if first.num_results_capped else ''}"
        sent = str(trips.of(searching, filters))
        # Pages by number go as far as NUMBERED_PAGES (issue 36.2); deeper ones by cursor.
        pages = [("1", filters, searching), (f"{NUMBERED_PAGES} (page={NUMBERED_PAGES})",
                                             attrs.evolve(filters, page=NUMBERED_PAGES),
                                             searching)]
        walker = functools.partial(walking, chosen=label != DEFAULTS)
        cursors = cursors_of(walker, filters, (50, 500))
        if cursors:
            pages.append(("1 (member 1)", filters, walker))
        for number, after in cursors.items():
            pages.append((f"{number} (after=)", attrs.evolve(filters, page=number, after=after),
                          walker))
        base = None
        for name, asked, searcher in pages:
            quantiles = statistics.quantiles(timed(searcher, asked, RUNS), n=100)
            if name == "1 (member 1)":
                base = None  # the cursor pages compare with member 1's own first page
            base = base or quantiles[49]
            print(f"  {label:<24} {found:>7} {sent:>5}  {name:<14} {quantiles[49] * 1e3:7.2f}"
                  f" {quantiles[94] * 1e3:7.2f}  {quantiles[49] / base:5.2f}x")
            label = found = sent = ""
    throughput(SEARCHES, search, defaults)
    container.engine().dispose()


def throughput(searches: dict[str, SearchFilters], search: Search, defaults: Search) -> None:
    """One process running every search's page 1 in turn, as fast as it can."""
    begin, done = time.perf_counter(), 0
    for _ in range(THROUGHPUT_ROUNDS):
        for label, filters in searches.items():
            (defaults if label == DEFAULTS else search)(filters)
            done += 1
    seconds = time.perf_counter() - begin
    print(f"  throughput: {done / seconds:.0f} searches/s through the use case"
          f" ({done} page-1 searches, mixed, one process)")


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        if "--postgresql-only" not in sys.argv:
            run("SQLite", f"sqlite:///{root / 'bench.db'}", root)
        with postgres_database() as url:
            run("PostgreSQL", url, root)


if __name__ == "__main__":
    main()
