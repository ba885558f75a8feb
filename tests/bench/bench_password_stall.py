"""Benchmark (issue 28.1): does one member typing passwords stall everyone else?

One `amora serve` process (AmoraServer, one gevent worker, PASSWORD_HASHING=strong: argon2id
at 64 MiB and 3 passes) on a PostgreSQL database this bench creates and drops itself. A
probe asks GET /api/health every few milliseconds and prints its p50, p99 and max: first
idle, then while ATTACKERS clients of one signed-in member send for SECONDS, back to back:

- "wrong password": PUT /api/password with a wrong old password (a guesser);
- "right password": PUT /api/password with the right old password and a repeat that
  differs, so every request verifies the password in full and none counts as a failure
  (what offloading alone does, whatever the lockout and the limits refuse);
- "no password": GET /api/user, the reference: what 8 clients sending back to back cost
  the loop with no password at all (refused guesses come back as fast as these).

Each runs with rate limits off (RATE_LIMITS=off: the offloading and the lockout alone) and
on (production). Failures are wiped between runs; the clients run in a process of their
own. The goal: p99 under load at most 3x idle. Once guesses are refused without a hash,
the clients are a plain flood of cheap requests, so their line is to be read against
"no password" (a flood is held back by the proxy in front, not by the app). On a box
shared with other work the figures move a lot: the load average is printed.

    .venv/bin/python tests/bench/bench_password_stall.py [seconds]      (default 10)
"""

from __future__ import annotations

import collections
import concurrent.futures
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PORT = 18771
ATTACKERS = 8
PASSWORD = "bench-stall-correct-horse"
PROBE_PAUSE = 0.005
GOAL = 3.0


def child(port: str) -> None:
    """The server under test (its own process), built like `amora serve` builds it."""
    from gevent import monkey

    monkey.patch_all()
    from adapters.http.server import AmoraServer, server_options
    from cli.main import _serving_app

    AmoraServer(_serving_app, server_options(f"127.0.0.1:{port}", 1, access_log=False)).run()


def _seed(url: str, folder: Path) -> tuple[dict[str, str], str]:
    from adapters.container import build_container
    from adapters.sql import migrate, tables
    from tests.conftest import make_config, seed_default_site

    migrate.upgrade(url)
    env = {"VAR_DIR": str(folder), "DATABASE_URL": url, "SECRET_KEY": "bench",
           "PASSWORD_HASHING": "strong", "WEB_DIST": str(folder / "dist")}
    container = build_container(make_config(folder, **env))
    seed_default_site(container)
    now = datetime.now(UTC)
    token = container.secrets().token()
    with container.engine().begin() as connection:
        connection.execute(tables.members.insert().values(
            id=1, site_id=1, email="bench@bench.test", status="active", language="en",
            created_at=now, is_fictional=False, invisible=False, paid_user=True,
            password_hash=container.passwords().hash(PASSWORD)))
        connection.execute(tables.profiles.insert().values(
            member_id=1, name="Bench", gender="female", birth_date=date(1990, 1, 1),
            country="NL", sexuality="straight", about_me="", interests=[], status="active"))
        connection.execute(tables.sessions.insert().values(
            member_id=1, token_hash=container.secrets().digest(token), created_at=now,
            expires_at=now + timedelta(days=1)))
    container.engine().dispose()
    return env, f"auth._token={token}"


def _forget_failures(url: str) -> None:
    from sqlalchemy import delete

    from adapters.sql import tables
    from adapters.sql.engine import database_engine

    engine = database_engine(url)
    with engine.begin() as connection:
        connection.execute(delete(tables.login_failures))
    engine.dispose()


def _probe(until: threading.Event | float) -> list[float]:
    """GET /api/health one after another until the deadline (or the event): latencies."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
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


def _attack(cookie: str, old: str | None, deadline: float,
            answers: collections.Counter[int]) -> None:
    """PUT /api/password with ``old`` as the old password, or (None) GET /api/user."""
    body = json.dumps({"old_password": old, "new_password": "another-long-passphrase-9",
                       "repeat": "a-different-long-passphrase-9"})
    method, path = ("GET", "/api/user") if old is None else ("PUT", "/api/password")
    headers = {"Cookie": cookie, "Content-Type": "application/json"}
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
    while time.monotonic() < deadline:
        connection.request(method, path, body=None if old is None else body, headers=headers)
        answer = connection.getresponse()
        answer.read()
        answers[answer.status] += 1
    connection.close()


def _attackers(cookie: str, old: str | None, seconds: float) -> dict[int, int]:
    """ATTACKERS clients side by side for ``seconds``: how many answers of each status."""
    answers: collections.Counter[int] = collections.Counter()
    deadline = time.monotonic() + seconds
    attackers = [threading.Thread(target=_attack, args=(cookie, old, deadline, answers))
                 for _ in range(ATTACKERS)]
    for attacker in attackers:
        attacker.start()
    for attacker in attackers:
        attacker.join()
    return dict(sorted(answers.items()))


def _under_load(cookie: str, old: str | None,
                seconds: float) -> tuple[list[float], dict[int, int]]:
    # The clients run in a process of their own: in this one they would hold the GIL
    # the probe needs, and the probe would time its own wait.
    with concurrent.futures.ProcessPoolExecutor(1) as pool:
        sent = pool.submit(_attackers, cookie, old, seconds)
        done = threading.Event()
        sent.add_done_callback(lambda _: done.set())
        latencies = _probe(done)  # until the last client's answer: it may end late
        return latencies, sent.result()


def _figures(latencies: list[float]) -> tuple[float, float, float]:
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return cuts[49] * 1e3, cuts[98] * 1e3, max(latencies) * 1e3


def _line(name: str, latencies: list[float], idle_p99: float | None = None) -> str:
    p50, p99, most = _figures(latencies)
    text = (f"  {name:<24} health p50 {p50:8.1f} ms  p99 {p99:8.1f} ms  max {most:8.1f} ms"
            f"  ({len(latencies)} probes)")
    if idle_p99:
        ratio = p99 / idle_p99
        text += f"  p99 {ratio:.1f}x idle ({'met' if ratio <= GOAL else 'MISSED'})"
    return text


def _wait_healthy(process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=5)
            connection.request("GET", "/api/health")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError("the server never became healthy")


def measure(url: str, env: dict[str, str], cookie: str, folder: Path, limits: str,
            seconds: float) -> None:
    _forget_failures(url)
    server = subprocess.Popen([sys.executable, __file__, "--child", str(PORT)], cwd=ROOT,
                              env={**os.environ, **env, "RATE_LIMITS": limits},
                              stdout=subprocess.DEVNULL,
                              stderr=(folder / "server.log").open("a"),  # noqa: SIM115
                              start_new_session=True)
    try:
        _wait_healthy(server)
        _probe(time.monotonic() + 1)  # warm up
        idle = _probe(time.monotonic() + seconds / 2)
        idle_p99 = _figures(idle)[1]
        print(f"\nrate limits {limits}: one gevent worker, {ATTACKERS} clients of one "
              f"member for {seconds:.0f} s, PostgreSQL, {os.cpu_count()} CPUs, load average "
              f"{os.getloadavg()[0]:.1f}")
        print(_line("idle", idle))
        for name, old in (("wrong password", "not-the-password"), ("right password", PASSWORD),
                          ("no password", None)):
            latencies, answers = _under_load(cookie, old, seconds)
            print(_line(name, latencies, idle_p99) + f"  answers {answers}")
            _forget_failures(url)
    finally:
        os.killpg(server.pid, 9)
        server.wait()


def main() -> None:
    from tests.bench.databases import postgres_database

    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    with tempfile.TemporaryDirectory() as directory, postgres_database() as url:
        folder = Path(directory)
        env, cookie = _seed(url, folder)
        for limits in ("off", "on"):
            measure(url, env, cookie, folder, limits, seconds)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2])
    else:
        main()
