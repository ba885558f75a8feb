"""Benchmark (issue 36.2): the CPU a member search costs, the app's and PostgreSQL's, in
one process, on bench_search's members (100,000; ``--members N``) in a database this bench
creates and drops itself.

bench_search_http counts searches per second, which on this two-core box mixes the app,
PostgreSQL and the load generator on the same cores. Here the WSGI app is called straight
with the request a browser sends (session and device cookies), each search from the next
of VIEWERS different members (2,000: the hard case, issue 36), so the figures split where
a search's CPU goes:

- app: the process's own CPU per search (time.process_time): hooks, sign-in, the use case,
  SQLAlchemy and psycopg, the JSON answer;
- PostgreSQL: the CPU of this database's server processes per search (/proc, Linux), read
  before and after each search path;
- round trips per search (issue 36.2: at most 3): the statements sent, and each
  transaction's BEGIN (psycopg sends it before the first statement) and COMMIT or
  ROLLBACK, counted as psycopg sends them: none in autocommit, none for a transaction
  that sent nothing.

500 searches/s on two cores leaves 4 ms of CPU per search for app and database together.
``--profile`` prints cProfile's costliest functions of the app's part.

    .venv/bin/python tests/bench/bench_search_cpu.py [--members N] [--viewers N]
                                                     [--searches N] [--profile]
                                                     [--profile-out FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.round_trips import RoundTrips  # noqa: E402
from tests.bench.wsgi_calls import status_of  # noqa: E402

SLICES = 10
BUDGET_MS = 4.0  # 500 searches/s on two cores


def _load() -> str:
    return "load " + " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def _database_cpu(name: str) -> float:
    """Seconds of CPU the server processes of database ``name`` have used (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            command = Path(entry.path, "cmdline").read_bytes()
            if not command.startswith(b"postgres: ") or f" {name} ".encode() not in command:
                continue
            fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def _request(app: Any, path: str, cookie: str) -> Callable[[], int]:
    """One GET as the WSGI server hands it to the app: its status."""
    from werkzeug.test import EnvironBuilder

    environ = EnvironBuilder(path=path.split("?")[0], query_string=path.partition("?")[2],
                             base_url="http://amora.test",
                             headers=[("Cookie", cookie), ("Accept", "application/json")]
                             ).get_environ()

    def send() -> int:
        return status_of(app, dict(environ))

    return send


class Figures:
    """One search path's CPU per search in SLICES slices, its statements and the
    database's CPU."""

    def __init__(self, engines: list[Any], database: str,
                 profile: cProfile.Profile | None) -> None:
        self.engines, self.database, self.profile = engines, database, profile
        self.slices: list[float] = []
        self.statements = self.transactions = self.searches = 0
        self.database_cpu = 0.0

    def run(self, sends: list[Callable[[], int]]) -> None:
        trips = RoundTrips(*self.engines)
        database_before = _database_cpu(self.database)
        per_slice = max(1, len(sends) // SLICES)
        for start in range(0, len(sends), per_slice):
            part, cpu = sends[start:start + per_slice], 0.0
            for send in part:
                if self.profile:
                    self.profile.enable()
                began = time.process_time()
                status = send()
                cpu += time.process_time() - began
                if self.profile:
                    self.profile.disable()
                assert status == 200, status
            self.slices.append(cpu / len(part))
            self.searches += len(part)
        self.database_cpu = _database_cpu(self.database) - database_before
        trips.stop()
        self.statements, self.transactions = trips.statements, trips.transactions

    def line(self, name: str) -> str:
        app = statistics.median(self.slices) * 1e3
        database = self.database_cpu / self.searches * 1e3
        return (f"  {name:<24} app {app:5.2f} ms (best slice {min(self.slices) * 1e3:5.2f})"
                f"   PostgreSQL {database:5.2f} ms   together {app + database:5.2f} ms"
                f"   SQL {self.statements / self.searches:4.2f} statements,"
                f" {(self.statements + self.transactions) / self.searches:4.2f} round trips")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=100_000)
    parser.add_argument("--viewers", type=int, default=2000)
    parser.add_argument("--searches", type=int, default=2000, help="per search path")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--profile-out", help="also keep cProfile's figures in this file "
                        "(pstats), to read callers and callees")
    options = parser.parse_args(argv)

    from tests.bench import bench_search, bench_search_http
    from tests.bench.databases import postgres_database

    bench_search.MEMBERS = options.members
    bench_search_http.VIEWERS = options.viewers
    profile = (cProfile.Profile(time.process_time)
               if options.profile or options.profile_out else None)
    with tempfile.TemporaryDirectory() as directory, postgres_database() as url:
        folder = Path(directory)
        (folder / "dist" / "assets").mkdir(parents=True)
        (folder / "dist" / "index.html").write_text("<!doctype html><div id=root></div>")
        env, cookies = bench_search_http._seed(url, folder)
        env.pop("BENCH_BARE"), env.pop("BENCH_WORKERS")

        from adapters.container import build_container
        from adapters.http.app import create_app
        from tests.conftest import make_config

        container = build_container(make_config(folder, **env))
        try:
            app = create_app(container)
            database = url.rsplit("/", 1)[1]
            paths = {name: path for name, path in bench_search_http.PATHS.items()
                     if name != "bare app"}
            # Warm up: each viewer signs in once (the process remembers sign-ins for five
            # minutes, as a server does), each path's statements are kept, the pool full.
            shapes = list(paths.values())
            for n, cookie in enumerate(cookies):
                assert _request(app, shapes[n % len(shapes)], cookie)() == 200
            load_before = _load()
            lines = []
            for name, path in paths.items():
                figures = Figures([container.engine(), container.search_engine()], database,
                                  profile)
                figures.run([_request(app, path, cookies[n % len(cookies)])
                             for n in range(options.searches)])
                lines.append(figures.line(name))
        finally:
            container.engine().dispose()
    profiled = ", under cProfile" if profile else ""
    print(f"PostgreSQL, {options.members:,} members, {options.viewers:,} different viewers in "
          f"turn, in-process (the WSGI app called straight{profiled}), CPU per search, median"
          f" of {SLICES} slices; {load_before} -> {_load()}:")
    print("\n".join(lines))
    print(f"budget: {BUDGET_MS:g} ms of CPU per search, app and PostgreSQL together "
          "(500 searches/s on two cores)")
    if profile:
        printed = io.StringIO()
        stats = pstats.Stats(profile, stream=printed)
        if options.profile_out:
            stats.dump_stats(options.profile_out)
        stats.sort_stats("tottime").print_stats(40)
        stats.sort_stats("cumulative").print_stats(70)
        print(printed.getvalue())


if __name__ == "__main__":
    main()
