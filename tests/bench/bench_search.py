"""Benchmark: member search over 100,000 members on SQLite and PostgreSQL.

Seeds members in bulk (no photos), then times typical searches — page 1 and page 50 —
through the search use case and prints p50/p95 per query. Run with `make bench`.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import attrs  # noqa: E402
from sqlalchemy import insert  # noqa: E402

from adapters.container import build_container  # noqa: E402
from adapters.sql import migrate, tables  # noqa: E402
from domain.discovery import SearchFilters  # noqa: E402
from tests.conftest import POSTGRES_SERVER, make_config, seed_default_site  # noqa: E402

MEMBERS = 100_000
RUNS = 40
COUNTRIES = {"NL": ["NL-NH", "NL-ZH", "NL-UT"], "DE": ["DE-BY", "DE-BE", "DE-HH"],
             "SE": ["SE-AB", "SE-O"], "PL": ["PL-14", "PL-12"]}
SEARCHES = {
    "women 25-40": SearchFilters(gender="female", min_age=25, max_age=40),
    "men in NL 30-50": SearchFilters(gender="male", country="NL", min_age=30, max_age=50),
    "women in NL-NH 18-99": SearchFilters(gender="female", country="NL", region="NL-NH"),
    "everyone": SearchFilters(),
}


def seed(container) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(7)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    with container.engine().begin() as connection:
        for first in range(0, MEMBERS, 5000):
            ids = range(first + 1, min(first + 5001, MEMBERS + 1))
            members, profiles = [], []
            for member_id in ids:
                country = rng.choice(list(COUNTRIES))
                status = rng.choices(["active", "not_confirmed", "banned"], [90, 8, 2])[0]
                members.append({"id": member_id, "site_id": 1, "email": f"m{member_id}@b.test",
                                "status": status, "language": "en",
                                "created_at": start + timedelta(minutes=member_id),
                                "is_fictional": False, "invisible": rng.random() < 0.05,
                                "paid_user": False})
                profiles.append({"member_id": member_id, "name": f"M{member_id}",
                                 "gender": rng.choice(["male", "female"]),
                                 "sexuality": "straight",
                                 "birth_date": date(1950, 1, 1) + timedelta(
                                     days=rng.randint(0, 365 * 56)),
                                 "country": country, "region": rng.choice(COUNTRIES[country]),
                                 "city": None, "about_me": "", "interests": [],
                                 "status": "active" if status != "not_confirmed" else "disabled"})
            connection.execute(insert(tables.members), members)
            connection.execute(insert(tables.profiles), profiles)


def measure(container, filters: SearchFilters) -> list[float]:  # type: ignore[no-untyped-def]
    discovery = container.discovery()
    timings = []
    for _ in range(RUNS):
        begin = time.perf_counter()
        discovery.search("amora.test", None, filters)
        timings.append(time.perf_counter() - begin)
    return timings


def run(kind: str, url: str, root: Path) -> None:
    migrate.upgrade(url)
    container = build_container(make_config(root, DATABASE_URL=url))
    seed_default_site(container)
    container.site_administration().set("amora.test", "logged_out_search", "all", "bench")
    begin = time.perf_counter()
    seed(container)
    print(f"{kind}: seeded {MEMBERS:,} members in {time.perf_counter() - begin:.1f} s")
    if url.startswith("postgresql"):
        with container.engine().begin() as connection:
            connection.exec_driver_sql("ANALYZE")
    for label, filters in SEARCHES.items():
        for page in (1, 50):
            timings = measure(container, attrs.evolve(filters, page=page))
            quantiles = statistics.quantiles(timings, n=100)
            print(f"  {label:<22} page {page:>2}: p50 {quantiles[49] * 1e3:7.2f} ms"
                  f"   p95 {quantiles[94] * 1e3:7.2f} ms")
    container.engine().dispose()
    migrate.downgrade(url, "base")


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        run("SQLite", f"sqlite:///{root / 'bench.db'}", root)
        run("PostgreSQL", POSTGRES_SERVER, root)


if __name__ == "__main__":
    main()
