"""Benchmark (issue 36.2): member search over HTTP against a bare Flask JSON endpoint,
served side by side by the production server (one gevent worker, as bench_user serves
them) on a PostgreSQL database of bench_search's members (100,000; ``--members N``) that
this bench creates and drops itself. The viewer is bench_search's: member 1, a straight
man in Amsterdam, signed in. Each round sends the bare endpoint and every search in turn
(interleaved, so a busy moment hits all of them); prints req/s, p50 and p95 of each and
the searches' ratio to the bare app.

    .venv/bin/python tests/bench/bench_search_http.py [--members N] [--requests N]

BENCH_PORT picks the first of the two ports it serves on (default 18741).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench import bench_search, bench_user  # noqa: E402

REQUESTS = (int(sys.argv[sys.argv.index("--requests") + 1]) if "--requests" in sys.argv
            else 800)
ROUNDS = 3
# Fewer clients than bench_user's 16: on a busy two-core box 16 waiting searches ran
# past the server's time budget (503) before and after issue 36.2 alike.
bench_user.CLIENTS = 4
PATHS = {
    "bare app": "/bench-bare/",
    "his defaults (best)": "/api/members",
    "women 25-35 in NL": "/api/members?gender=female&country=NL&min_age=25&max_age=35"
                         "&order=newest",
    "women 25 km nearest": "/api/members?gender=female&distance=25&order=nearest",
    "women 100 km, page 2": "/api/members?gender=female&distance=100&order=newest&page=2",
}


def _seed(url: str, folder: Path) -> tuple[dict[str, str], str]:
    """bench_search's members, and a session (with its device cookie) for member 1."""
    from adapters.container import build_container
    from adapters.sql import migrate, tables
    from tests.conftest import make_config, seed_default_site

    migrate.upgrade(url)
    env = {"VAR_DIR": str(folder), "DATABASE_URL": url, "SECRET_KEY": "bench",
           "RATE_LIMITS": "off", "WEB_DIST": str(folder / "dist"), "BENCH_BARE": "1"}
    container = build_container(make_config(folder, **env))
    seed_default_site(container)
    bench_search.seed(container)
    secrets, now = container.secrets(), datetime.now(UTC)
    token = secrets.token()
    with container.engine().begin() as connection:
        connection.execute(tables.sessions.insert(), [dict(
            member_id=1, token_hash=secrets.digest(token), created_at=now,
            expires_at=now + timedelta(days=1), last_seen_at=now)])
    with container.engine().connect().execution_options(
            isolation_level="AUTOCOMMIT") as connection:
        connection.exec_driver_sql("VACUUM ANALYZE")
    container.engine().dispose()
    return env, f"auth._token={token}; amora_device={secrets.token()[:32]}"


def main() -> None:
    from tests.bench.databases import postgres_database

    port = bench_user.PORT
    with tempfile.TemporaryDirectory() as directory, postgres_database() as url:
        folder = Path(directory)
        env, cookie = _seed(url, folder)
        server, _ = bench_user._serve(env, folder, [sys.executable, bench_user.__file__,
                                                    "--child", str(port)], port)
        try:
            for path in PATHS.values():  # warm up
                bench_user._load(path, [cookie], max(REQUESTS // 5, bench_user.CLIENTS))
            figures: dict[str, list[tuple[float, list[float]]]] = {name: [] for name in PATHS}
            for _ in range(ROUNDS):
                for name, path in PATHS.items():
                    figures[name].append(bench_user._load(path, [cookie], REQUESTS))
        finally:
            bench_user._stop(server)
    print(f"PostgreSQL, {bench_search.MEMBERS:,} members: one gevent worker, "
          f"{bench_user.CLIENTS} keep-alive clients, median of {ROUNDS} rounds of "
          f"{REQUESTS} requests")
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
