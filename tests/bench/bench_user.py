"""Benchmark (issue 17.1): an authenticated GET /api/user against a bare Flask JSON
endpoint, served side by side by the production server (AmoraServer, one gevent worker,
as `amora serve` runs it) on SQLite and on a PostgreSQL database this bench creates and
drops itself. Prints req/s, p50 and p95 of each and the ratio, and the time from
starting `amora serve` to a healthy answer.

Two GET /api/user loads (issue 36.1): "one member" sends one member's cookie on every
request (the case a process's memory of a sign-in serves); "5,000 members" sends a
different member's cookie on each request, round-robin over MEMBERS members, so no
member comes back before all the others have been served. Their sessions were last used
just now, as in a steady state where "last active" is written every few minutes, and
each member's browser sends its device cookie, as a browser does after its first answer.

Two comparisons, both in the same server process: "bare app" is a plain Flask app
(one JSON route, no hooks) mounted at /bench-bare; "bare route" is a JSON route added to
Amora's own app (so it pays the app's request hooks). Both exist only in the bench's
child process (BENCH_BARE=1), never in the product.

    .venv/bin/python tests/bench/bench_user.py [requests per round]     (default 3000)

BENCH_PORT picks the first of the two ports it serves on (default 18741).

Beside req/s, the server's CPU per request (its processes' time on a CPU, from Linux's
/proc, during each round): on a box that others load too, throughput swings with them
(one member faster than bare Flask, now and then), while a request's CPU holds, so the
CPU ratio is the figure to compare before and after a change (issue 36.1).
"""

from __future__ import annotations

import http.client
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PORT = int(os.environ.get("BENCH_PORT", "18741"))
CLIENTS = 16
ROUNDS = 3
MEMBERS = 5000
# Starts of `amora serve` timed to a healthy answer (issue 36.5: 1.2 s at most).
STARTS = 3
# The project's sources, compiled before a start as `make serve` does.
SOURCES = ("domain", "application", "adapters", "cli", "migrations")


def child(port: str) -> None:
    """The server under test (its own process), built like `amora serve` builds it."""
    from gevent import monkey

    monkey.patch_all()
    from adapters.http.server import AmoraServer, server_options
    from cli.main import _serving_app

    # One worker unless a bench asks for more (bench_search_http --workers).
    workers = int(os.environ.get("BENCH_WORKERS", "1"))
    AmoraServer(_with_bare_endpoints(_serving_app),
                server_options(f"127.0.0.1:{port}", workers, access_log=False)).run()


def _with_bare_endpoints(load: Any) -> Any:
    def loaded() -> Any:
        from flask import Flask, jsonify
        from werkzeug.middleware.dispatcher import DispatcherMiddleware

        app = load()
        app.add_url_rule("/bench/bare", "bench_bare", lambda: jsonify({"ok": True}))
        bare = Flask("bare")
        bare.add_url_rule("/", "bare", lambda: jsonify({"ok": True}))
        app.wsgi_app = DispatcherMiddleware(app.wsgi_app, {"/bench-bare": bare})
        return app

    return loaded


def _seed(url: str, folder: Path) -> tuple[dict[str, str], list[str]]:
    """The site and MEMBERS signed-in members: their session cookies, member 1's first."""
    from adapters.container import build_container
    from adapters.sql import migrate, tables
    from tests.conftest import make_config, seed_default_site

    migrate.upgrade(url)
    # The production defaults (rate limits on, in memory without Redis): GET /api/user has
    # no limit of its own, so nothing is refused, but every request pays the limiter.
    env = {"VAR_DIR": str(folder), "DATABASE_URL": url, "SECRET_KEY": "bench",
           "RATE_LIMITS": "on", "WEB_DIST": str(folder / "dist"), "BENCH_BARE": "1"}
    container = build_container(make_config(folder, **env))
    seed_default_site(container)
    now = datetime.now(UTC)
    secrets = container.secrets()
    tokens = [secrets.token() for _ in range(MEMBERS)]
    ids = range(1, MEMBERS + 1)
    with container.engine().begin() as connection:
        connection.execute(tables.members.insert(), [dict(
            id=id_, site_id=1, email=f"bench{id_}@bench.test", status="active",
            language="en", created_at=now, is_fictional=False, invisible=False,
            paid_user=True) for id_ in ids])
        connection.execute(tables.profiles.insert(), [dict(
            member_id=id_, name=f"Bench {id_}", gender="female",
            birth_date=date(1990, 1, 1), country="NL", sexuality="straight", about_me="",
            interests=[], status="active") for id_ in ids])
        connection.execute(tables.sessions.insert(), [dict(
            member_id=id_, token_hash=secrets.digest(token), created_at=now,
            expires_at=now + timedelta(days=1), last_seen_at=now)
            for id_, token in zip(ids, tokens, strict=True)])
        connection.execute(tables.credit_balances.insert(), [dict(
            member_id=id_, balance=40) for id_ in ids])
    container.engine().dispose()
    # Each member's browser also keeps the device cookie its first answer gave it.
    return env, [f"auth._token={token}; amora_device={secrets.token()[:32]}"
                 for token in tokens]


_TURNS: dict[int, Any] = {}  # each cookie list's turn, kept from one load to the next


def _load(path: str, cookies: list[str], requests: int) -> tuple[float, list[float]]:
    """``requests`` GETs from CLIENTS keep-alive connections: (req/s, latencies). Each
    request sends the next of ``cookies`` (none if empty), taken in turn by all clients,
    going on where the list's last load stopped: over the rounds every member comes, not
    only the first ``requests`` of them."""
    turns = _TURNS.setdefault(id(cookies), itertools.cycle(cookies)) if cookies else None
    taking = threading.Lock()
    latencies: list[float] = []
    failures: list[int] = []
    per_client = requests // CLIENTS

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
        mine = []
        for _ in range(per_client):
            if turns is None:
                headers = {}
            else:
                with taking:
                    headers = {"Cookie": next(turns)}
            started = time.perf_counter()
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            answer.read()
            mine.append(time.perf_counter() - started)
            if answer.status != 200:
                failures.append(answer.status)
        connection.close()
        latencies.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    assert not failures, f"{path}: {set(failures)}"
    return len(latencies) / elapsed, latencies


def _cpu_seconds(session: int) -> float:
    """Time on a CPU, so far, of every thread of the server's processes (the session
    it was started in: its arbiter and its worker); nanoseconds in Linux's schedstat."""
    total = 0
    for process in Path("/proc").iterdir():
        if not process.name.isdigit():
            continue
        try:
            if int((process / "stat").read_text().rsplit(")", 1)[1].split()[3]) != session:
                continue
            total += sum(int((task / "schedstat").read_text().split()[0])
                         for task in (process / "task").iterdir())
        except (OSError, ValueError, IndexError):  # gone meanwhile
            continue
    return total / 1e9


def _wait_healthy(process: subprocess.Popen[bytes], port: int) -> float:
    started = time.perf_counter()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/api/health")
            if connection.getresponse().status == 200:
                return time.perf_counter() - started
        except OSError:
            pass
        time.sleep(0.02)
    raise RuntimeError("the server never became healthy")


def _serve(env: dict[str, str], folder: Path, command: list[str],
           port: int) -> tuple[subprocess.Popen[bytes], float]:
    started = time.perf_counter()
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env},
                              stdout=subprocess.DEVNULL,
                              stderr=(folder / f"server-{port}.log").open("a"),  # noqa: SIM115
                              start_new_session=True)
    _wait_healthy(server, port)
    return server, time.perf_counter() - started


def _stop(server: subprocess.Popen[bytes]) -> None:
    os.killpg(server.pid, 9)
    server.wait()


def _start_to_healthy(env: dict[str, str], folder: Path) -> float:
    """Seconds from starting `amora serve` to its first healthy answer, with the
    project's modules compiled as `make serve` leaves them (this box sets
    PYTHONDONTWRITEBYTECODE, so nothing else writes them: each start compiled some 450
    modules again, a quarter of a second)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", *SOURCES], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    server, seconds = _serve(env, folder, [str(ROOT / ".venv/bin/amora"), "serve", "--port",
                                           str(PORT + 1), "--no-access-log"], PORT + 1)
    _stop(server)
    return seconds


def measure(kind: str, url: str, folder: Path, requests: int) -> None:
    env, cookies = _seed(url, folder)
    healthy = statistics.median(_start_to_healthy(env, folder) for _ in range(STARTS))
    server, _ = _serve(env, folder, [sys.executable, __file__, "--child", str(PORT)], PORT)
    paths = {"bare app": ("/bench-bare/", []), "bare route": ("/bench/bare", []),
             "user, 1 member": ("/api/user", cookies[:1]),
             f"user, {MEMBERS:,} members": ("/api/user", cookies)}
    try:
        for path, with_cookie in paths.values():  # warm up: every member signs in once
            _load(path, with_cookie, max(requests // 5, len(with_cookie) + CLIENTS))
        figures: dict[str, list[tuple[float, list[float]]]] = {name: [] for name in paths}
        cpu: dict[str, list[float]] = {name: [] for name in paths}
        for _ in range(ROUNDS):  # interleaved, so a busy moment hits every endpoint
            for name, (path, with_cookie) in paths.items():
                used = _cpu_seconds(server.pid)
                figures[name].append(_load(path, with_cookie, requests))
                cpu[name].append((_cpu_seconds(server.pid) - used) / requests)
    finally:
        _stop(server)
    print(f"\n{kind}: one gevent worker, {CLIENTS} keep-alive clients, "
          f"median of {ROUNDS} rounds of {requests} requests; "
          f"`amora serve` to healthy {healthy:.2f} s (median of {STARTS} starts)")
    rates, costs = {}, {}
    for name, runs in figures.items():
        rate, latencies = sorted(runs, key=lambda run: run[0])[len(runs) // 2]
        rates[name] = rate
        costs[name] = statistics.median(cpu[name])
        cuts = statistics.quantiles(latencies, n=100)
        print(f"  {name:<22}{rate:8.0f} req/s   p50 {cuts[49] * 1e3:6.2f} ms"
              f"   p95 {cuts[94] * 1e3:6.2f} ms   server CPU {costs[name] * 1e6:5.0f} us/req")
    for name in list(rates)[2:]:
        print(f"  {name} vs bare app: {rates[name] / rates['bare app']:.0%}, "
              f"vs bare route: {rates[name] / rates['bare route']:.0%}; by server CPU: "
              f"{costs['bare app'] / costs[name]:.0%} and "
              f"{costs['bare route'] / costs[name]:.0%}")


def main() -> None:
    from tests.bench.databases import postgres_database

    requests = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory) / "sqlite"
        folder.mkdir()
        measure("SQLite", f"sqlite:///{folder / 'amora.db'}", folder, requests)
    with tempfile.TemporaryDirectory() as directory, postgres_database() as url:
        measure("PostgreSQL", url, Path(directory), requests)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2])
    else:
        main()
