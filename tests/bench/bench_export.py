"""Benchmark (issue 28.6): what a member's data export costs the server that builds it.

One `amora serve` process (AmoraServer, one gevent worker, the jobs run in the process as
when embedded) on a PostgreSQL database this bench creates and drops itself, with one
member holding MESSAGES messages in CHATS conversations and PHOTOS photo files. The
member asks for the copy (GET /api/export) and the job builds it in the server process,
while a probe asks GET /api/health back to back; then the copy is fetched through the
mailed link. Printed: the worker's peak memory growth (VmHWM over VmRSS before, reset
between the two phases; a download after a build that grew the heap reuses what it freed)
and the /api/health p50, p99 and max, idle, while building and while downloading.

    .venv/bin/python tests/bench/bench_export.py [--root DIR] [--messages N]

--root runs the server from another checkout (its own code, this bench's data), e.g. the
code before a change: `git worktree add /tmp/before HEAD`, then
`.venv/bin/python tests/bench/bench_export.py --root /tmp/before` and
`git worktree remove /tmp/before`. Asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from tests.mails import read_mail

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PORT = 18781
MESSAGES = 100_000
CHATS = 50
PHOTOS = 20
PHOTO_BYTES = 400_000
PROBE_PAUSE = 0.005


def child(port: str, root: str) -> None:
    """The server under test (its own process, from ``root``), built like `amora serve`."""
    sys.path.insert(0, root)
    os.chdir(root)
    from gevent import monkey

    monkey.patch_all()
    from adapters.http.server import AmoraServer, server_options
    from cli.main import _serving_app

    AmoraServer(_serving_app, server_options(f"127.0.0.1:{port}", 1, access_log=False)).run()


def _seed(url: str, folder: Path, messages: int) -> tuple[dict[str, str], str]:
    from adapters.container import build_container
    from adapters.sql import migrate, tables
    from tests.conftest import make_config, seed_default_site

    migrate.upgrade(url)
    env = {"VAR_DIR": str(folder), "DATABASE_URL": url, "SECRET_KEY": "bench",
           "RATE_LIMITS": "off", "WEB_DIST": str(folder / "dist"), "PASSWORD_HASHING": "cheap"}
    container = build_container(make_config(folder, **env))
    seed_default_site(container)
    now = datetime.now(UTC)
    token = container.secrets().token()
    with container.engine().begin() as connection:
        connection.execute(tables.members.insert(), [
            {"id": n, "site_id": 1, "email": f"member{n}@bench.test", "status": "active",
             "language": "en", "created_at": now, "is_fictional": False, "invisible": False,
             "paid_user": True} for n in range(1, CHATS + 2)])
        connection.execute(tables.profiles.insert(), [
            {"member_id": n, "name": f"Member {n}", "gender": "female" if n == 1 else "male",
             "birth_date": date(1990, 1, 1), "country": "NL", "sexuality": "straight",
             "about_me": "", "interests": [], "status": "active"} for n in range(1, CHATS + 2)])
        connection.execute(tables.sessions.insert().values(
            member_id=1, token_hash=container.secrets().digest(token), created_at=now,
            expires_at=now + timedelta(days=1), confirmed_at=now))  # the password typed again
        connection.execute(tables.conversations.insert(), [
            {"id": chat, "member_low": 1, "member_high": chat + 1, "started_by": 1,
             "created_at": now, "last_message_at": now} for chat in range(1, CHATS + 1)])
        connection.execute(tables.conversation_members.insert(), [
            {"conversation_id": chat, "member_id": member, "unread": 0}
            for chat in range(1, CHATS + 1) for member in (1, chat + 1)])
        for start in range(0, messages, 10_000):
            connection.execute(tables.messages.insert(), [
                {"conversation_id": n % CHATS + 1, "sender_id": 1 if n % 2 else n % CHATS + 2,
                 "text": f"Message {n}: " + "how was your day? " * (1 + n % 7), "cost": 0,
                 "free": True, "created_at": now - timedelta(seconds=messages - n)}
                for n in range(start, min(start + 10_000, messages))])
        connection.execute(tables.photos.insert(), [
            {"member_id": 1, "filename": f"photos/1/p{n}.jpg",
             "thumb_filename": f"photos/1/p{n}_thumb.jpg", "status": "active",
             "is_main": n == 0, "created_at": now} for n in range(PHOTOS)])
    for n in range(PHOTOS):  # random bytes: as little to deflate as in a JPEG
        container.files().put(f"photos/1/p{n}.jpg", os.urandom(PHOTO_BYTES), "image/jpeg")
    container.engine().dispose()
    return env, f"auth._token={token}"


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


def _reset_peak(pid: int) -> int:
    """The worker's peak RSS restarts at its current RSS (KB), which is returned."""
    Path(f"/proc/{pid}/clear_refs").write_text("5")
    return _status(pid, "VmRSS")


def _health() -> None:
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=5)
    connection.request("GET", "/api/health")
    connection.getresponse().read()
    connection.close()


def _probe(until: threading.Event | float, latencies: list[float]) -> None:
    """GET /api/health one after another until the deadline or the event."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
    while not (until.is_set() if isinstance(until, threading.Event)
               else time.monotonic() > until):
        started = time.perf_counter()
        connection.request("GET", "/api/health")
        answer = connection.getresponse()
        answer.read()
        latencies.append(time.perf_counter() - started)
        time.sleep(PROBE_PAUSE)
    connection.close()


def _figures(name: str, latencies: list[float], seconds: float, grown_kb: int | None) -> str:
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    memory = f"   peak RSS +{grown_kb / 1024:.0f} MB" if grown_kb is not None else ""
    return (f"{name:<13}{seconds:>7.1f} s   health p50 {statistics.median(ms):6.1f} ms"
            f"  p99 {p99:7.1f} ms  max {ms[-1]:7.1f} ms  ({len(ms)} probes){memory}")


def _mailed_link(folder: Path, deadline: float) -> str | None:
    while time.monotonic() < deadline:
        for path in (folder / "mail").glob("*.eml"):
            mail = read_mail(path)
            body = mail.get_body(("plain",))
            found = re.search(r"/my-data\?token=([\w-]+)", body.get_content() if body else "")
            if found:
                return found.group(1)
        time.sleep(0.05)
    return None


def _during(action: threading.Thread) -> list[float]:
    latencies: list[float] = []
    done = threading.Event()
    probe = threading.Thread(target=_probe, args=(done, latencies))
    probe.start()
    action.start()
    action.join()
    done.set()
    probe.join()
    return latencies


def measure(root: Path, messages: int) -> None:
    from tests.bench.databases import postgres_database

    with tempfile.TemporaryDirectory() as folder, postgres_database() as url:
        var = Path(folder)
        env, cookie = _seed(url, var, messages)
        server = subprocess.Popen([sys.executable, __file__, "--child", str(PORT), str(root)],
                                  cwd=root, env={**os.environ, **env},
                                  stdout=subprocess.DEVNULL,
                                  stderr=(var / "server.log").open("w"),  # noqa: SIM115
                                  start_new_session=True)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    _health()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            worker = _worker(server.pid)
            idle: list[float] = []
            _probe(time.monotonic() + 3, idle)
            print(f"\n{root}: {messages:,} messages in {CHATS} chats, {PHOTOS} photos of "
                  f"{PHOTO_BYTES // 1000} KB, PostgreSQL, one gevent worker "
                  f"(RSS {_status(worker, 'VmRSS') / 1024:.0f} MB)")
            print(_figures("idle", idle, 3, None))

            outcome: dict[str, object] = {}

            def build() -> None:
                started = time.monotonic()
                connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=600)
                connection.request("GET", "/api/export", headers={"Cookie": cookie})
                answer = connection.getresponse()
                answer.read()
                outcome["status"] = answer.status
                outcome["token"] = _mailed_link(var, started + 600)
                outcome["seconds"] = time.monotonic() - started

            before = _reset_peak(worker)
            latencies = _during(threading.Thread(target=build))
            grown = _status(worker, "VmHWM") - before
            print(_figures(f"build ({outcome['status']})", latencies,
                           float(outcome["seconds"]), grown))  # type: ignore[arg-type]
            if not outcome["token"]:
                print("no mail with the link arrived")
                return

            def download() -> None:
                started = time.monotonic()
                connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=600)
                connection.request("GET", f"/api/export/download?token={outcome['token']}")
                answer = connection.getresponse()
                size = 0
                while piece := answer.read(1 << 20):
                    size += len(piece)
                outcome.update(size=size, seconds=time.monotonic() - started,
                               status=answer.status)

            before = _reset_peak(worker)
            latencies = _during(threading.Thread(target=download))
            grown = _status(worker, "VmHWM") - before
            print(_figures(f"download ({outcome['status']})", latencies,
                           float(outcome["seconds"]), grown)  # type: ignore[arg-type]
                  + f"   {int(outcome['size']) / 1e6:.1f} MB")  # type: ignore[call-overload]
        finally:
            os.killpg(server.pid, 9)
            server.wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--messages", type=int, default=MESSAGES)
    arguments = parser.parse_args(argv)
    measure(arguments.root.resolve(), arguments.messages)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3])
    else:
        main()
