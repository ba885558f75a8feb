"""Benchmark: which gunicorn worker serves Amora (issue 16.1). Runs the same app under
gevent workers (what `amora serve` uses) and under gthread workers, one process each, on
SQLite, and prints for each: HTTP requests per second (GET /api/settings and an
authenticated GET /api/user from 20 client threads), then the server process's memory
and OS threads with N open, idle live sockets (/ws), and the memory per socket.

    .venv/bin/python tests/bench/bench_server.py [N]        (default N: 1000)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

KINDS = ("gevent", "gthread")


def child(kind: str, port: str) -> None:
    """The server under test (run in its own process)."""
    if kind == "gevent":
        from gevent import monkey

        monkey.patch_all()
    from adapters.http.server import AmoraServer, server_options
    from cli.main import _serving_app

    options = server_options(f"127.0.0.1:{port}", 1, access_log=False)
    if kind == "gthread":  # a thread per connection; enough for every socket
        options.update(worker_class="gthread", threads=1200, worker_connections=1200)
    AmoraServer(_serving_app, options).run()


def _get(url: str, cookie: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=60) as answer:
        answer.read()
        return int(answer.status)


def _status(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _worker(arbiter: int) -> int:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        children = Path(f"/proc/{arbiter}/task/{arbiter}/children").read_text().split()
        if children:
            return int(children[0])
        time.sleep(0.1)
    raise RuntimeError("no worker process")


def _rate(url: str, cookie: str | None, requests: int = 2000) -> float:
    started = time.perf_counter()
    with ThreadPoolExecutor(20) as pool:
        codes = list(pool.map(lambda _: _get(url, cookie), range(requests)))
    assert set(codes) == {200}, set(codes)
    return requests / (time.perf_counter() - started)


def _setup(folder: Path) -> tuple[dict[str, str], str]:
    from adapters.container import build_container
    from adapters.sql import migrate, tables
    from tests.conftest import make_config, seed_default_site

    database = f"sqlite:///{folder / 'amora.db'}"
    migrate.upgrade(database)
    env = {"VAR_DIR": str(folder), "DATABASE_URL": database, "SECRET_KEY": "bench",
           "RATE_LIMITS": "off", "WEB_DIST": str(folder / "dist")}
    container = build_container(make_config(folder, **env))
    seed_default_site(container)
    now = datetime.now(UTC)
    token = container.secrets().token()
    with container.engine().begin() as connection:
        connection.execute(tables.members.insert().values(
            id=1, site_id=1, email="bench@bench.test", status="active", language="en",
            created_at=now, is_fictional=False, invisible=False, paid_user=True))
        connection.execute(tables.profiles.insert().values(
            member_id=1, name="Bench", gender="female", birth_date=datetime(1990, 1, 1).date(),
            country="NL", sexuality="straight", about_me="", interests=[], status="active"))
        connection.execute(tables.sessions.insert().values(
            member_id=1, token_hash=container.secrets().digest(token), created_at=now,
            expires_at=now + timedelta(days=1)))
    container.engine().dispose()
    return env, f"auth._token={token}"


def measure(kind: str, sockets: int) -> dict[str, float]:
    import simple_websocket

    with tempfile.TemporaryDirectory() as folder:
        env, cookie = _setup(Path(folder))
        port = "18731"
        server = subprocess.Popen([sys.executable, __file__, "--child", kind, port], cwd=ROOT,
                                  env={**os.environ, **env}, stdout=subprocess.DEVNULL,
                                  stderr=(Path(folder) / "server.log").open("w"),  # noqa: SIM115
                                  start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    _get(f"{base}/api/health")
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            worker = _worker(server.pid)
            figures = {"settings_rps": _rate(f"{base}/api/settings", None),
                       "user_rps": _rate(f"{base}/api/user", cookie)}
            idle_kb = _status(worker, "VmRSS")
            opened = []
            for _ in range(sockets):
                ws = simple_websocket.Client.connect(f"ws://127.0.0.1:{port}/ws",
                                                     headers={b"Cookie": cookie.encode()})
                opened.append(ws)
            for ws in opened:
                ws.send('{"type": "ping"}')
                assert ws.receive(timeout=60) is not None
            time.sleep(1)  # let the process settle before reading its memory
            busy_kb = _status(worker, "VmRSS")
            figures.update(rss_idle_mb=idle_kb / 1024, rss_sockets_mb=busy_kb / 1024,
                           kb_per_socket=(busy_kb - idle_kb) / sockets,
                           threads=_status(worker, "Threads"))
            for ws in opened:
                ws.close()
            return figures
        finally:
            os.killpg(server.pid, 9)
            server.wait()


def main() -> None:
    sockets = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    results = {kind: measure(kind, sockets) for kind in KINDS}
    print(f"\n{sockets} idle sockets, one server process, SQLite")
    print(f"{'worker':<9}{'settings r/s':>14}{'user r/s':>10}{'RSS idle':>10}"
          f"{'RSS+sockets':>13}{'KB/socket':>11}{'threads':>9}")
    for kind, f in results.items():
        print(f"{kind:<9}{f['settings_rps']:>14.0f}{f['user_rps']:>10.0f}"
              f"{f['rss_idle_mb']:>9.0f}M{f['rss_sockets_mb']:>12.0f}M"
              f"{f['kb_per_socket']:>11.1f}{f['threads']:>9.0f}")
    ratio = statistics.fmean([results["gevent"]["user_rps"] / results["gthread"]["user_rps"]])
    print(f"gevent/gthread user r/s: {ratio:.2f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3])
    else:
        main()
