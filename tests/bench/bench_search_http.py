"""Benchmark (issue 36.2): member search over HTTP against a bare Flask JSON endpoint,
served side by side by the production server (one gevent worker, as bench_user serves
them) on a PostgreSQL database of bench_search's members (100,000; ``--members N``) that
this bench creates and drops itself. The searches come from VIEWERS different signed-in
members (2,000; ``--viewers N``, 1: member 1 alone, a straight man in Amsterdam), each
request from the next of them, so their own defaults, places and two-way rules differ as
on a real site (issue 36: the hard case, not one member repeating). Each round sends the
bare endpoint and every search in turn (interleaved, so a busy moment hits all of them);
prints req/s, p50 and p95 of each and the searches' ratio to the bare app.

    .venv/bin/python tests/bench/bench_search_http.py [--members N] [--requests N]
                                                      [--viewers N] [--workers N]

BENCH_PORT picks the first of the two ports it serves on (default 18741).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sqlalchemy import select  # noqa: E402

from adapters.sql import tables  # noqa: E402
from tests.bench import bench_search, bench_user  # noqa: E402
from tests.conftest import make_config, seed_default_site  # noqa: E402

REQUESTS = (int(sys.argv[sys.argv.index("--requests") + 1]) if "--requests" in sys.argv
            else 800)
ROUNDS = 3
VIEWERS = (int(sys.argv[sys.argv.index("--viewers") + 1]) if "--viewers" in sys.argv
           else 2000)
# --workers 2: `amora serve --workers 2`, the box's two cores (issue 36.2: 500 searches/s),
# with twice the clients.
WORKERS = (int(sys.argv[sys.argv.index("--workers") + 1]) if "--workers" in sys.argv
           else 1)
# Fewer clients than bench_user's 16: on a busy two-core box 16 waiting searches ran
# past the server's time budget (503) before and after issue 36.2 alike.
bench_user.CLIENTS = 4 * WORKERS
PATHS = {
    "bare app": "/bench-bare/",
    "their defaults (best)": "/api/members",
    "women 25-35 in NL": "/api/members?gender=female&country=NL&min_age=25&max_age=35"
                         "&order=newest",
    "women 25 km nearest": "/api/members?gender=female&distance=25&order=nearest",
    "women 100 km, page 2": "/api/members?gender=female&distance=100&order=newest&page=2",
}


def _viewers(connection: Any, count: int) -> list[int]:
    """``count`` members who may search (active, visible), spread over the whole
    population (ages, genders, sexualities, places), member 1 first."""
    findable = [row.id for row in connection.execute(
        select(tables.members.c.id).where(tables.members.c.status == "active",
                                          tables.members.c.invisible.is_(False))
        .order_by(tables.members.c.id))]
    step = max(1, len(findable) // count)
    return findable[::step][:count]


def _seed(url: str, folder: Path) -> tuple[dict[str, str], list[str]]:
    """bench_search's members, and sessions (with their device cookies) for VIEWERS of
    them: each request comes from the next of them, so no viewer searches again before
    all the others have (the hard case, issue 36: many members, not one repeating)."""
    from adapters.container import build_container
    from adapters.sql import migrate

    migrate.upgrade(url)
    env = {"VAR_DIR": str(folder), "DATABASE_URL": url, "SECRET_KEY": "bench",
           "RATE_LIMITS": "off", "WEB_DIST": str(folder / "dist"), "BENCH_BARE": "1",
           "BENCH_WORKERS": str(WORKERS)}
    container = build_container(make_config(folder, **env))
    seed_default_site(container)
    bench_search.seed(container)
    secrets, now = container.secrets(), datetime.now(UTC)
    with container.engine().begin() as connection:
        viewers = _viewers(connection, VIEWERS)
        tokens = [secrets.token() for _ in viewers]
        connection.execute(tables.sessions.insert(), [dict(
            member_id=viewer, token_hash=secrets.digest(token), created_at=now,
            expires_at=now + timedelta(days=1), last_seen_at=now)
            for viewer, token in zip(viewers, tokens, strict=True)])
    with container.engine().connect().execution_options(
            isolation_level="AUTOCOMMIT") as connection:
        connection.exec_driver_sql("VACUUM ANALYZE")
    container.engine().dispose()
    return env, [f"auth._token={token}; amora_device={secrets.token()[:32]}"
                 for token in tokens]


def main() -> None:
    from tests.bench.databases import postgres_database

    port = bench_user.PORT
    with tempfile.TemporaryDirectory() as directory, postgres_database() as url:
        folder = Path(directory)
        env, cookies = _seed(url, folder)
        server, _ = bench_user._serve(env, folder, [sys.executable, bench_user.__file__,
                                                    "--child", str(port)], port)
        try:
            for path in PATHS.values():  # warm up
                bench_user._load(path, cookies, max(REQUESTS // 5, bench_user.CLIENTS))
            figures: dict[str, list[tuple[float, list[float]]]] = {name: [] for name in PATHS}
            for _ in range(ROUNDS):
                for name, path in PATHS.items():
                    figures[name].append(bench_user._load(path, cookies, REQUESTS))
        finally:
            bench_user._stop(server)
    print(f"PostgreSQL, {bench_search.MEMBERS:,} members: {WORKERS} gevent worker(s), "
          f"{bench_user.CLIENTS} keep-alive clients, {len(cookies):,} different viewers in "
          f"turn, median of {ROUNDS} rounds of {REQUESTS} requests")
    rates = {}
    for name, runs in figures.items():
        rate, latencies = sorted(runs, key=lambda run: run[0])[len(runs) // 2]
        rates[name] = rate
        cuts = statistics.quantiles(latencies, n=100)
        ratio = "" if name == "bare app" else f"   {rate / rates['bare app']:.0%} of bare"
        print(f"  {name:<22}{rate:8.0f} req/s   p50 {cuts[49] * 1e3:6.2f} ms"
              f"   p95 {cuts[94] * 1e3:6.2f} ms{ratio}")


if __name__ == "__main__":
    main()
