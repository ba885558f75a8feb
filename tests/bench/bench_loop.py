"""Benchmark (issue 36.4): does anything hold a server process's event loop for more than
50 ms under load?

One `amora serve` process (AmoraServer, one gevent worker, as `amora serve` runs it, the
embedded background jobs included) on SQLite and on a PostgreSQL database this bench
creates and drops itself, with MEMBERS members seeded as tests/bench/bench_search.py
seeds them. In the server process a greenlet tracer times every stretch a greenlet runs
without letting the loop have the thread back (while it runs, no other socket is
served): the longest such stretch is "the longest loop block", printed with the longest
CPU time one took (on a loaded box a stretch lasts longer than its work: the process
waits for a core). gevent's monitor thread
is on too (GEVENT_MAX_BLOCKING_TIME 50 ms): it writes the stack of each block it catches
to the server's log, and the bench prints the project's frames it named most. The
longest pass of the garbage collector (gc.callbacks) is printed with its generation: a
full pass holds the thread like any other block (adapters/http/collector.py).

A probe asks GET /api/health every few milliseconds and prints its p50, p99 and max, idle
and then while clients (in a process of their own) send back to back: SEARCHERS searching
/api/members (one of the numbered pages of a few filters), READERS reading /api/user and
SENDERS sending messages (POST /api/members/{id}/messages) in PARTNERS conversations, with
rate limits off (the load is the work, not the limiter refusing it); the answers' statuses
are printed, to show the work was done. On a box shared with other work the figures move a lot:
the load average is printed.

    .venv/bin/python tests/bench/bench_loop.py [--seconds S] [--members N] [--postgresql-only]
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import gc
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from domain.discovery import NUMBERED_PAGES  # noqa: E402

PORT = 19361
SEARCHERS = 2
READERS = 2
SENDERS = 2
PROBE_PAUSE = 0.005
BLOCK_MS = 50
MIX = {"search": SEARCHERS, "user": READERS, "message": SENDERS}
SEARCHES = ("gender=female", "gender=female&min_age=25&max_age=35&country=NL",
            "gender=female&distance=100", "gender=female&online=1", "")
LOOP_PATH = "/bench/loop"
PARTNERS = 20  # conversations member 1 writes in (within a paying member's daily 50)
ON_LOOP = "BENCH_SQLITE_ON_LOOP"  # the child runs SQLite's statements on the loop (before)


def child(port: str) -> None:
    """The server under test (its own process), built like `amora serve` builds it."""
    from gevent import monkey

    monkey.patch_all()
    from adapters.http.server import AmoraServer, server_options
    from cli.main import _serving_app

    if os.environ.get(ON_LOOP):
        import sqlite3

        from adapters.sql import engine

        def plain(_connections: int) -> type[sqlite3.Connection]:
            return sqlite3.Connection

        engine.connection_class = plain  # type: ignore[attr-defined,assignment]
    AmoraServer(_with_loop_watch(_serving_app),
                server_options(f"127.0.0.1:{port}", 1, access_log=False)).run()


class LoopWatch:
    """The longest time a greenlet ran without switching, in the server process's main
    thread (a greenlet tracer is per thread: the native pool's threads are not watched,
    and should not be: they hold no socket)."""

    def __init__(self) -> None:
        self.then: Any = None  # the tracer before this one (gevent monitor's)
        self.since = time.perf_counter()
        self.cpu_since = time.thread_time()
        self.longest = 0.0
        self.longest_cpu = 0.0
        self.over = 0
        self.switches = 0
        self.collected_at = 0.0
        self.longest_gc: dict[int, float] = {}

    def collecting(self, phase: str, info: dict[str, int]) -> None:
        """gc.callbacks: how long the collector's passes held the thread, by generation."""
        now = time.perf_counter()
        if phase == "start":
            self.collected_at = now
            return
        generation = info["generation"]
        self.longest_gc[generation] = max(self.longest_gc.get(generation, 0.0),
                                          now - self.collected_at)

    def trace(self, event: str, args: Any) -> None:
        if self.then is not None:
            self.then(event, args)
        if event not in ("switch", "throw"):
            return
        now, cpu = time.perf_counter(), time.thread_time()
        origin, _target = args
        # The hub's own time is mostly waiting for sockets: only the greenlets it runs
        # are timed (callbacks it runs itself are short: timers, watchers, switches).
        if not self._is_hub(origin):
            took = now - self.since
            self.longest = max(self.longest, took)
            self.longest_cpu = max(self.longest_cpu, cpu - self.cpu_since)
            self.over += took * 1e3 > BLOCK_MS
            self.switches += 1
        self.since, self.cpu_since = now, cpu

    @staticmethod
    def _is_hub(greenlet: Any) -> bool:
        from gevent.hub import Hub

        return isinstance(greenlet, Hub)

    def taken(self) -> dict[str, float]:
        """The figures since the last call, which starts afresh."""
        figures = {"longest_ms": self.longest * 1e3, "cpu_ms": self.longest_cpu * 1e3,
                   "over": self.over, "switches": self.switches,
                   "gc_ms": max(self.longest_gc.values(), default=0.0) * 1e3,
                   "gc_generation": max(self.longest_gc, key=self.longest_gc.__getitem__,
                                        default=-1)}
        self.longest, self.longest_cpu, self.over, self.switches = 0.0, 0.0, 0, 0
        self.longest_gc = {}
        return figures


def _with_loop_watch(load: Callable[[], Any]) -> Callable[[], Any]:
    def loaded() -> Any:
        import greenlet

        app = load()
        watch = LoopWatch()
        watch.then = greenlet.settrace(watch.trace)  # in the worker, after the fork
        gc.callbacks.append(watch.collecting)
        app.add_url_rule(LOOP_PATH, "bench_loop", watch.taken)
        return app

    return loaded


def _seed(url: str, folder: Path, members: int) -> tuple[dict[str, str], str, list[int]]:
    """The server's settings, member 1's cookie and the women member 1 writes to."""
    from sqlalchemy import select, update

    from adapters.container import build_container
    from adapters.sql import migrate, tables
    from tests.bench import bench_search
    from tests.conftest import make_config, seed_default_site

    migrate.upgrade(url)
    env = {"VAR_DIR": str(folder), "DATABASE_URL": url, "SECRET_KEY": "bench",
           "RATE_LIMITS": "off", "WEB_DIST": str(folder / "dist")}
    container = build_container(make_config(folder, **env))
    seed_default_site(container)
    bench_search.MEMBERS = members
    bench_search.seed(container)  # member 1: a straight man in Amsterdam
    now = datetime.now(UTC)
    token = container.secrets().token()
    with container.engine().begin() as connection:
        connection.execute(update(tables.members).where(tables.members.c.id == 1)
                           .values(paid_user=True))
        connection.execute(tables.sessions.insert().values(
            member_id=1, token_hash=container.secrets().digest(token), created_at=now,
            expires_at=now + timedelta(days=1)))
        connection.execute(tables.credit_balances.insert().values(member_id=1,
                                                                  balance=1_000_000))
        partners = list(connection.execute(
            select(tables.members.c.id)
            .join(tables.profiles, tables.profiles.c.member_id == tables.members.c.id)
            .where(tables.members.c.status == "active", tables.profiles.c.gender == "female")
            .order_by(tables.members.c.id).limit(PARTNERS)).scalars())
        if url.startswith("postgresql"):
            connection.exec_driver_sql("ANALYZE")
    container.engine().dispose()
    return env, f"auth._token={token}", partners


def _get(port: int, path: str) -> Any:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request("GET", path)
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return json.loads(body)


def _probe(port: int, until: threading.Event | float) -> list[float]:
    """GET /api/health one after another until the deadline (or the event): latencies."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    latencies = []
    while not (until.is_set() if isinstance(until, threading.Event)
               else time.monotonic() > until):
        started = time.perf_counter()
        connection.request("GET", "/api/health")
        answer = connection.getresponse()
        answer.read()
        latencies.append(time.perf_counter() - started)
        time.sleep(PROBE_PAUSE)
    connection.close()
    return latencies


def _request(kind: str, rng: random.Random, partners: list[int]
             ) -> tuple[str, str, str | None]:
    if kind == "search":  # deeper pages go by cursor (GET /api/members?after=...)
        page = rng.randint(1, NUMBERED_PAGES)
        return "GET", f"/api/members?{rng.choice(SEARCHES)}&page={page}", None
    if kind == "user":
        return "GET", "/api/user", None
    # Messages in conversations the member keeps: new ones a day are capped by trust.
    text = json.dumps({"text": f"Hello there, number {rng.randint(1, 10**6)}!"})
    return "POST", f"/api/members/{rng.choice(partners)}/messages", text


def _client(port: int, kind: str, cookie: str, partners: list[int], deadline: float, seed: int,
            answers: collections.Counter[str], latencies: list[float]) -> None:
    rng = random.Random(seed)
    headers = {"Cookie": cookie, "Content-Type": "application/json"}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    while time.monotonic() < deadline:
        method, path, body = _request(kind, rng, partners)
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        answer.read()
        latencies.append(time.perf_counter() - started)
        answers[f"{kind} {answer.status}"] += 1
    connection.close()


def _clients(port: int, mix: dict[str, int], cookie: str, partners: list[int],
             seconds: float) -> tuple[dict[str, int], dict[str, list[float]]]:
    answers: collections.Counter[str] = collections.Counter()
    latencies: dict[str, list[float]] = {kind: [] for kind in mix}
    deadline = time.monotonic() + seconds
    threads = [threading.Thread(target=_client, args=(port, kind, cookie, partners, deadline,
                                                      number, answers, latencies[kind]))
               for kind, count in mix.items() for number in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return dict(sorted(answers.items())), latencies


def _under_load(port: int, mix: dict[str, int], cookie: str, partners: list[int], seconds: float
                ) -> tuple[list[float], dict[str, int], dict[str, list[float]]]:
    # The clients run in a process of their own: in this one they would hold the GIL
    # the probe needs, and the probe would time its own wait.
    with concurrent.futures.ProcessPoolExecutor(1) as pool:
        sent = pool.submit(_clients, port, mix, cookie, partners, seconds)
        done = threading.Event()
        sent.add_done_callback(lambda _: done.set())
        probes = _probe(port, done)  # until the last client's answer: it may end late
        answers, latencies = sent.result()
        return probes, answers, latencies


def _cuts(latencies: list[float]) -> tuple[float, float, float]:
    if len(latencies) < 2:
        return (latencies or [0.0])[0] * 1e3, (latencies or [0.0])[0] * 1e3, 0.0
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return cuts[49] * 1e3, cuts[98] * 1e3, max(latencies) * 1e3


def _line(name: str, probes: list[float], loop: dict[str, float]) -> str:
    p50, p99, most = _cuts(probes)
    return (f"  {name:<22} health p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  max {most:7.1f} ms"
            f"  ({len(probes)} probes)   longest loop block {loop['longest_ms']:7.1f} ms,"
            f" {loop['over']:.0f} over {BLOCK_MS} ms of {loop['switches']:.0f}; longest"
            f" on the CPU {loop['cpu_ms']:.1f} ms; longest collection {loop['gc_ms']:.1f} ms"
            f" (generation {loop['gc_generation']:.0f})")


def _offenders(log: Path, start: int, top: int = 6) -> list[tuple[str, int]]:
    """The project's innermost frames in the blocks gevent's monitor reported (from
    byte ``start`` of the server's log on), with the innermost frame of all."""
    counts: collections.Counter[str] = collections.Counter()
    with log.open("rb") as reading:
        reading.seek(start)
        reports = reading.read().decode(errors="replace")
    for report in reports.split("Blocked Stack")[1:]:
        report = report.split("\nInfo:")[0]
        frames = re.findall(r'File "([^"]+)", line (\d+), in (\w+)', report)
        ours = [frame for frame in frames if frame[0].startswith(str(ROOT))
                and "/.venv/" not in frame[0]]
        if ours:
            path, line, function = ours[-1]
            innermost = f"{Path(frames[-1][0]).name}:{frames[-1][2]}"
            counts[f"{Path(path).relative_to(ROOT)}:{line} {function} ({innermost})"] += 1
    return counts.most_common(top)


class Server:
    """One `amora serve` process of the bench, with its log."""

    def __init__(self, name: str, port: int, env: dict[str, str], folder: Path) -> None:
        self.name, self.port = name, port
        self.log = folder / f"server-{port}.log"
        monitor = {"GEVENT_MONITOR_THREAD_ENABLE": "1",
                   "GEVENT_MAX_BLOCKING_TIME": str(BLOCK_MS / 1e3)}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--child", str(port)], cwd=ROOT,
            env={**os.environ, **env, **monitor}, stdout=subprocess.DEVNULL,
            stderr=self.log.open("a"), start_new_session=True)  # noqa: SIM115
        self.start = 0

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("the server exited")
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                connection.request("GET", "/api/health")
                if connection.getresponse().status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("the server never became healthy")

    def warm_up(self, cookie: str, partners: list[int]) -> None:
        """The first of each request imports the modules behind it (a one-off block of
        seconds on a loaded box, adapters/container.py's _lazy): timed apart."""
        _probe(self.port, time.monotonic() + 1)
        _clients(self.port, MIX, cookie, partners, 2)
        warming = _get(self.port, LOOP_PATH)
        print(f"  {self.name}: warm-up (first use of each request) longest loop block "
              f"{warming['longest_ms']:.1f} ms")
        self.start = self.log.stat().st_size

    def stop(self) -> None:
        os.killpg(self.process.pid, 9)
        self.process.wait()


def _phase(server: Server, name: str, mix: dict[str, int], cookie: str, partners: list[int],
           seconds: float) -> None:
    latencies: dict[str, list[float]] = {}
    answers: dict[str, int] = {}
    if not mix:
        probes = _probe(server.port, time.monotonic() + seconds / 2)
    else:
        probes, answers, latencies = _under_load(server.port, mix, cookie, partners, seconds)
    print(_line(f"{name} ({server.name})", probes, _get(server.port, LOOP_PATH)))
    for client, taken in latencies.items():
        p50, p99, _ = _cuts(taken)
        print(f"      {client:<8} p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  ({len(taken)} requests)")
    if answers:
        print(f"      answers {answers}")


def measure(kind: str, url: str, folder: Path, members: int, seconds: float) -> None:
    begin = time.perf_counter()
    env, cookie, partners = _seed(url, folder, members)
    seeded = time.perf_counter() - begin
    print(f"\n{kind}: {members:,} members (seeded in {seeded:.0f} s), one gevent worker, "
          f"{seconds:.0f} s per phase, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}")
    servers = [Server("as built", PORT, env, folder)]
    if kind == "SQLite":  # what it was before issue 36.4, side by side
        servers.append(Server("on the loop", PORT + 1, {**env, ON_LOOP: "1"}, folder))
    try:
        for server in servers:
            server.wait_healthy()
            server.warm_up(cookie, partners)
        phases: dict[str, dict[str, int]] = {"idle": {}, "search": {"search": SEARCHERS},
                                             "mixed": MIX}
        for name, mix in phases.items():
            for server in servers:  # interleaved: a busy moment of the box hits each
                _phase(server, name, mix, cookie, partners, seconds)
        print(f"  load average now {os.getloadavg()[0]:.1f}")
        for server in servers:
            print(f"  gevent's monitor caught, in the project's code ({server.name}):")
            for frame, count in _offenders(server.log, server.start):
                print(f"    {count:4d}x {frame}")
    finally:
        for server in servers:
            server.stop()


def main() -> None:
    from tests.bench.databases import postgres_database

    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--members", type=int, default=30_000)
    parser.add_argument("--postgresql-only", action="store_true")
    options = parser.parse_args()
    if not options.postgresql_only:
        with tempfile.TemporaryDirectory() as directory:
            measure("SQLite", f"sqlite:///{Path(directory) / 'amora.db'}", Path(directory),
                    options.members, options.seconds)
    with tempfile.TemporaryDirectory() as directory, postgres_database() as url:
        measure("PostgreSQL", url, Path(directory), options.members, options.seconds)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2])
    else:
        main()
