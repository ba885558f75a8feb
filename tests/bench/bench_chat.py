"""Benchmark: real-time chat across two `amora serve` processes sharing PostgreSQL and
Redis. Opens N WebSockets per process (one member each), sends messages from members on
process A to members connected to process B over HTTP, and prints the send-to-receive
latency (p50/p99, from the POST to the event on the socket) and each process's memory.

    .venv/bin/python tests/bench/bench_chat.py [N ...]      (default: 100 1000)
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import simple_websocket  # noqa: E402
from sqlalchemy import create_engine, insert, text  # noqa: E402

from adapters.container import build_container  # noqa: E402
from adapters.sql import migrate, tables  # noqa: E402
from tests.adapters.test_two_processes import _serve  # noqa: E402
from tests.conftest import POSTGRES_SERVER, make_config, seed_default_site  # noqa: E402

REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
MESSAGES = 300


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def seed(container, count: int) -> list[tuple[int, str]]:  # type: ignore[no-untyped-def]
    """``count`` confirmed members with an open session each: (id, cookie token)."""
    now = datetime.now(UTC)
    secrets = container.secrets()
    members, sessions, tokens = [], [], []
    with container.engine().begin() as connection:
        first = connection.execute(text("SELECT COALESCE(MAX(id), 0) FROM members")).scalar()
        for n in range(count):
            member_id = first + n + 1
            members.append({"id": member_id, "site_id": 1, "email": f"b{member_id}@bench.test",
                            "status": "active", "language": "en", "created_at": now,
                            "is_fictional": False, "invisible": False, "paid_user": True})
            token = secrets.token()
            tokens.append((member_id, token))
            sessions.append({"member_id": member_id, "token_hash": secrets.digest(token),
                             "created_at": now, "expires_at": now + timedelta(days=1)})
        connection.execute(insert(tables.members), members)
        connection.execute(insert(tables.profiles), [
            {"member_id": m["id"], "name": f"M{m['id']}", "gender": "female" if m["id"] % 2
             else "male", "sexuality": "bisexual", "birth_date": date(1990, 1, 1),
             "country": "NL", "about_me": "", "interests": [], "status": "active"}
            for m in members])
        connection.execute(insert(tables.sessions), sessions)
    return tokens


def run(per_process: int) -> None:
    name = f"amora_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(POSTGRES_SERVER.replace("postgresql://", "postgresql+psycopg://"),
                          isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = f"{POSTGRES_SERVER.rsplit('/', 1)[0]}/{name}"
    var = Path(tempfile.mkdtemp())
    migrate.upgrade(url)
    container = build_container(make_config(var, DATABASE_URL=url, REDIS_URL=REDIS))
    seed_default_site(container)
    # Premium members and free messages: the bench times delivery, not the ledger.
    container.site_administration().set("amora.test", "message_credits", "0", "bench")
    members = seed(container, per_process * 2)
    env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": REDIS, "VAR_DIR": str(var),
           "SECRET_KEY": "bench", "RATE_LIMITS": "off", "WORKER_IN_PROCESS": "0"}
    (first, a), (second, b) = _serve(env), _serve(env)
    sockets: dict[int, simple_websocket.Client] = {}
    try:
        started = time.perf_counter()
        for n, (member_id, token) in enumerate(members):
            host = a if n % 2 == 0 else b
            ws = simple_websocket.Client.connect(f"ws://{host}/ws",
                                                 headers={"Cookie": f"auth._token={token}"})
            # The client library leaves a frame that came with the handshake unread until
            # more data arrives; a ping's pong flushes the hello out.
            ws.send(json.dumps({"type": "ping"}))
            while json.loads(ws.receive(timeout=10))["type"] != "pong":
                pass
            sockets[member_id] = ws
        opened = time.perf_counter() - started
        senders = [m for n, m in enumerate(members) if n % 2 == 0]
        receivers = [m for n, m in enumerate(members) if n % 2 == 1]
        rng = random.Random(1)
        latencies: list[float] = []
        deliveries: list[float] = []
        for _ in range(MESSAGES):
            (_, token), (receiver, _) = rng.choice(senders), rng.choice(receivers)
            request = urllib.request.Request(
                f"http://{a}/api/members/{receiver}/messages",
                data=json.dumps({"text": "ping"}).encode(),
                headers={"Content-Type": "application/json", "Host": "amora.test",
                         "Cookie": f"auth._token={token}"}, method="POST")
            sent = time.perf_counter()
            with urllib.request.urlopen(request, timeout=10):
                pass
            while (event := json.loads(sockets[receiver].receive(timeout=10)))["type"] \
                    != "message":
                pass
            latencies.append((time.perf_counter() - sent) * 1000)
            # From the message's creation on the server (same clock) to its arrival: the
            # delivery part (commit, Redis, the other process, the socket) without HTTP.
            created = datetime.fromisoformat(event["message"]["created_at"])
            deliveries.append((datetime.now(UTC) - created).total_seconds() * 1000)
        latencies.sort()
        deliveries.sort()
        p99 = latencies[int(len(latencies) * 0.99) - 1]
        d99 = deliveries[int(len(deliveries) * 0.99) - 1]
        print(f"{per_process:>5} sockets/process: opened {len(sockets)} in {opened:5.1f} s | "
              f"send→receive p50 {statistics.median(latencies):5.1f} ms, p99 {p99:5.1f} ms | "
              f"stored→receive p50 {statistics.median(deliveries):5.1f} ms, p99 {d99:5.1f} ms | "
              f"RSS A {rss_mb(first.pid):6.1f} MB, B {rss_mb(second.pid):6.1f} MB "
              f"({(rss_mb(second.pid) * 1024) / per_process:5.0f} kB/socket on B)")
    finally:
        for ws in sockets.values():
            with contextlib.suppress(Exception):
                ws.close()
        for process in (first, second):
            process.terminate()
            process.wait(10)
        container.engine().dispose()
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    threading.stack_size(512 * 1024)  # many client threads: keep their stacks small
    for count in [int(arg) for arg in sys.argv[1:]] or [100, 1000]:
        run(count)
