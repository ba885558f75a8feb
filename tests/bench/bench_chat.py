"""Benchmark (issue 17.3): real-time chat on the production server, two `amora serve`
processes sharing PostgreSQL and Redis, N live sockets (/ws) per process, one signed-in
member each. Members send messages as the web app does (POST
/api/members/<id>/messages to the process their own socket is on) at a steady rate;
half go to a member whose socket is on the other process (through Redis), half to one
on the same process. Prints the send→receive latency (from the POST leaving the client
to the event arriving on the receiver's socket) p50/p95/p99/max for each kind, the
POST's own answer time, the workers' CPU time per message, each worker's memory before
and after opening the sockets (kB per idle socket), the machine's load (the box is
shared: read the figures with it), and the goal: p99 ≤ 50 ms.

The client is one asyncio process (aiohttp), so 2N sockets cost it little. The bench
makes and drops its own PostgreSQL database and uses Redis db 12 (BENCH_REDIS_URL).
Rate limits are off: every bench member comes from one address, where production sees
one per member. ``--limits`` turns them on as production runs them behind its proxy
(in Redis, PROXY_HOPS=1): each member's messages come from an address of its own
(X-Forwarded-For), so the limiter's cost is in the figures; at 30 messages a second
over 300 sockets a process, no member comes near the limit (30 a minute).

    .venv/bin/python tests/bench/bench_chat.py [--sockets 1000] [--rate 10 30 ...]
                                               [--seconds 30] [--idle-seconds 5]
                                               [--limits]

BENCH_PORT picks the first of the two ports it serves on (default: any free ones).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import itertools
import json
import os
import random
import resource
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from tests.bench.databases import postgres_database  # noqa: E402

REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/12")
HOST = "amora.test"  # the seeded default site
GOAL_P99_MS = 50.0
OPENING_AT_ONCE = 50  # handshakes in flight while the sockets open
WARM_UP_SOCKETS = 4  # per process, open when the baseline memory is read
LOST_AFTER_SECONDS = 10
PING = {"type": "ping"}
PING_SECONDS = 25  # web/src/shared/realtime/socket.ts
CONVERSATIONS = 100  # open ones per process and kind (cross, same) the messages go in


@dataclass(eq=False)
class Server:
    process: subprocess.Popen[bytes]
    base: str  # 127.0.0.1:port

    def workers(self) -> list[int]:
        """gunicorn's worker processes: the arbiter's children (the arbiter holds no
        socket and serves nothing, so its memory says nothing about sockets)."""
        pid = self.process.pid
        return [int(child) for child in
                Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]

    def rss_kb(self) -> int:
        return sum(_status_kb(worker, "VmRSS") for worker in self.workers())

    def cpu_seconds(self) -> float:
        """User + system CPU time the workers have used so far."""
        ticks = 0
        for worker in self.workers():
            fields = Path(f"/proc/{worker}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")


@dataclass
class Member:
    id: int
    cookie: str
    server: Server
    ws: aiohttp.ClientWebSocketResponse | None = None
    waiting: dict[str, asyncio.Future[float]] = field(default_factory=dict)
    # A browser keeps the device cookie its first answer gave it (adapters/http/devices.py):
    # without it every POST would be answered with a new one.
    device: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    # The member's own address as the proxy passes it on (--limits).
    address: str | None = None

    @property
    def cookies(self) -> str:
        return f"auth._token={self.cookie}; amora_device={self.device}"


def _status_kb(pid: int, name: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(name + ":"):
            return int(line.split()[1])
    return 0


def _free_ports(count: int) -> list[int]:
    """Ports free now, all different: probed at once (one after another, the system may
    hand out the same port twice, and the second server could not start)."""
    with contextlib.ExitStack() as probes:
        ports = []
        for _ in range(count):
            probe = probes.enter_context(socket.socket())
            probe.bind(("127.0.0.1", 0))
            ports.append(int(probe.getsockname()[1]))
        return ports


def prepare(url: str, var: Path, count: int) -> list[tuple[int, str]]:
    """The schema, the default site with free messages, and ``count`` active premium
    members with an open session each, written directly (no login, no password hash):
    (member id, session cookie value)."""
    from sqlalchemy import insert

    from adapters.container import build_container
    from adapters.sql import migrate, tables
    from tests.conftest import make_config, seed_default_site

    migrate.upgrade(url)
    container = build_container(make_config(var, DATABASE_URL=url, REDIS_URL=REDIS))
    seed_default_site(container)
    # The bench times delivery, not the ledger: messages cost nothing.
    container.site_administration().set(HOST, "message_credits", "0", "bench")
    now, secrets = datetime.now(UTC), container.secrets()
    tokens = [secrets.token() for _ in range(count)]
    with container.engine().begin() as connection:
        ids = list(range(1, count + 1))
        connection.execute(insert(tables.members), [
            {"id": n, "site_id": 1, "email": f"b{n}@bench.test", "status": "active",
             "language": "en", "created_at": now, "is_fictional": False,
             "invisible": False, "paid_user": True} for n in ids])
        connection.execute(insert(tables.profiles), [
            {"member_id": n, "name": f"M{n}", "gender": "female" if n % 2 else "male",
             "sexuality": "bisexual", "birth_date": date(1990, 1, 1), "country": "NL",
             "about_me": "", "interests": [], "status": "active"} for n in ids])
        connection.execute(insert(tables.sessions), [
            {"member_id": n, "token_hash": secrets.digest(token), "created_at": now,
             "expires_at": now + timedelta(days=1)} for n, token in zip(ids, tokens, strict=True)])
    container.engine().dispose()
    return list(zip(ids, tokens, strict=True))


def serve(env: dict[str, str], var: Path, port: int) -> Server:
    """`amora serve` as production runs it (one gevent worker per process)."""
    amora = Path(sys.executable).with_name("amora")
    process = subprocess.Popen([str(amora), "serve", "--port", str(port)], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, start_new_session=True,
                               stderr=(var / f"serve-{port}.log").open("w"))  # noqa: SIM115
    return Server(process, f"127.0.0.1:{port}")


async def healthy(session: aiohttp.ClientSession, server: Server) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            async with session.get(f"http://{server.base}/api/health") as answer:
                if answer.status == 200 and server.workers():
                    return
        except aiohttp.ClientError:
            pass
        if time.monotonic() > deadline or server.process.poll() is not None:
            raise RuntimeError(f"amora serve on {server.base} did not start")
        await asyncio.sleep(0.2)


async def connect(session: aiohttp.ClientSession, member: Member) -> None:
    """A socket as a browser opens it (offering permessage-deflate, as browsers do) and
    the web app uses it (a ping now and then, see keep_alive)."""
    member.ws = await session.ws_connect(
        f"ws://{member.server.base}/ws", headers={"Cookie": member.cookies},
        autoping=True, heartbeat=None, compress=15)
    hello = await member.ws.receive_json(timeout=30)
    assert hello == {"type": "hello", "member": member.id}, hello
    await member.ws.send_json(PING)
    # Other news may come first (a member who just came online, say): the pong follows.
    while (answer := await member.ws.receive_json(timeout=30)) != {"type": "pong"}:
        assert answer.get("type") != "error", answer
    asyncio.get_running_loop().create_task(listen(member))


async def keep_alive(members: list[Member]) -> None:
    """Every socket pings every PING_SECONDS, as the web app's do, spread evenly."""
    for member in itertools.cycle(members):
        await asyncio.sleep(PING_SECONDS / len(members))
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            await member.ws.send_json(PING)  # type: ignore[union-attr]


async def listen(member: Member) -> None:
    """Every event for this member; a message someone waits for resolves its future."""
    assert member.ws is not None
    with contextlib.suppress(aiohttp.ClientError, ConnectionError):  # closed at the end
        async for frame in member.ws:
            if frame.type is not aiohttp.WSMsgType.TEXT:
                continue
            arrived = time.perf_counter()
            event = json.loads(frame.data)
            if event["type"] == "message":
                waiting = member.waiting.pop(event["message"]["text"], None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(arrived)


async def send(session: aiohttp.ClientSession, sender: Member, receiver: Member,
               text: str) -> tuple[float, float] | str:
    """One message: (send→receive ms, POST answer ms), or what went wrong."""
    arrived = asyncio.get_running_loop().create_future()
    receiver.waiting[text] = arrived
    started = time.perf_counter()
    async with session.post(f"http://{sender.server.base}/api/members/{receiver.id}/messages",
                            json={"text": text},
                            headers={"Host": HOST, "Cookie": sender.cookies,
                                     **({"X-Forwarded-For": sender.address}
                                        if sender.address else {})}) as answer:
        body = await answer.text()
    answered = time.perf_counter()
    if answer.status != 201:
        receiver.waiting.pop(text, None)
        return f"HTTP {answer.status} {body.strip()}"
    try:
        received = await asyncio.wait_for(arrived, LOST_AFTER_SECONDS)
    except TimeoutError:
        return f"not received within {LOST_AFTER_SECONDS} s"
    return (received - started) * 1000, (answered - started) * 1000


def percentiles(values: list[float]) -> str:
    ordered = sorted(values) or [float("nan")]

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))]

    return (f"p50 {at(0.50):5.1f}  p95 {at(0.95):5.1f}  p99 {at(0.99):5.1f}  "
            f"max {ordered[-1]:6.1f} ms  (n={len(ordered)})")


Pairs = dict[tuple[Server, str], list[tuple[Member, Member]]]


def conversation_pairs(members: dict[Server, list[Member]], rng: random.Random) -> Pairs:
    """CONVERSATIONS pairs of members (at most one per member of the process) for each
    process and kind (cross, same): who writes to whom in conversations already open, as
    most of a chat's messages are."""
    servers = list(members)
    pairs: Pairs = {}
    for index, here in enumerate(servers):
        for kind in ("cross", "same"):
            there = servers[(index + 1) % 2] if kind == "cross" else here
            chosen: list[tuple[Member, Member]] = []
            while len(chosen) < min(CONVERSATIONS, len(members[here])):
                sender, receiver = rng.choice(members[here]), rng.choice(members[there])
                if sender is not receiver:
                    chosen.append((sender, receiver))
            pairs[(here, kind)] = chosen
    return pairs


async def open_conversations(session: aiohttp.ClientSession, pairs: Pairs) -> None:
    """The first message of each pair, before anything is measured."""
    at_once = asyncio.Semaphore(OPENING_AT_ONCE)
    failures: collections.Counter[str] = collections.Counter()

    async def first(sender: Member, receiver: Member, n: int) -> None:
        async with at_once:
            outcome = await send(session, sender, receiver, f"hello {n}")
        if isinstance(outcome, str):
            failures[outcome] += 1

    await asyncio.gather(*(first(sender, receiver, n) for n, (sender, receiver) in
                           enumerate(pair for group in pairs.values() for pair in group)))
    for failure, count in failures.most_common():
        print(f"  FAILED to open {count}×: {failure}")


async def load(session: aiohttp.ClientSession, members: dict[Server, list[Member]],
               rate: float, seconds: float, pairs: Pairs | None = None
               ) -> dict[str, list[float]]:
    """Messages at ``rate`` per second for ``seconds``, started on a fixed schedule (not
    after the previous one's answer), alternating cross-process and same-process: within
    ``pairs`` (either of a pair writing), or else each between two members picked at
    random, which opens a new conversation almost every time."""
    rng = random.Random(17)
    servers = list(members)
    failures: collections.Counter[str] = collections.Counter()
    results: dict[str, list[float]] = {"cross": [], "same": [], "post": [], "failed": []}

    async def one(kind: str, sender: Member, receiver: Member, text: str) -> None:
        outcome = await send(session, sender, receiver, text)
        if isinstance(outcome, str):
            failures[outcome] += 1
            results["failed"].append(1)
            return
        results[kind].append(outcome[0])
        results["post"].append(outcome[1])

    tasks = []
    start = time.perf_counter()
    for n in itertools.count():
        due = start + n / rate
        if due - start >= seconds:
            break
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        here = servers[n % 2]
        kind = "cross" if n % 4 < 2 else "same"
        there = servers[(n + 1) % 2] if kind == "cross" else here
        if pairs:
            sender, receiver = rng.choice(pairs[(here, kind)])
        else:
            sender, receiver = rng.choice(members[here]), rng.choice(members[there])
            while receiver is sender:
                receiver = rng.choice(members[there])
        tasks.append(asyncio.create_task(one(kind, sender, receiver, f"bench {n}")))
    await asyncio.gather(*tasks)
    for failure, count in failures.most_common():
        print(f"  FAILED {count}×: {failure}")
    return results


async def bench(servers: list[Server], accounts: list[tuple[int, str]], rates: list[float],
                seconds: float, idle_seconds: float, openers: bool,
                limits: bool = False) -> None:
    # Messages go over a pool of keep-alive connections, as browsers keep theirs; each
    # socket holds a connection of its own (no pool limit).
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout,
                                     connector=aiohttp.TCPConnector(limit=200)) as session, \
            aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as sockets:
        for server in servers:
            await healthy(session, server)
        members: dict[Server, list[Member]] = {server: [] for server in servers}
        for n, (member_id, cookie) in enumerate(accounts):
            server = servers[n % len(servers)]
            address = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}" if limits else None
            members[server].append(Member(member_id, cookie, server, address=address))
        everyone = [member for group in members.values() for member in group]
        # Warm up: the first sockets start each process's Redis listener, and a few
        # messages load the chat code paths, before the baseline memory is read.
        firsts = {server: group[:WARM_UP_SOCKETS] for server, group in members.items()}
        await asyncio.gather(*(connect(sockets, member) for group in firsts.values()
                               for member in group))
        await load(session, firsts, rate=20, seconds=0.5)
        await asyncio.sleep(1)
        before = {server: server.rss_kb() for server in servers}
        opening = asyncio.Semaphore(OPENING_AT_ONCE)

        async def open_one(member: Member) -> None:
            async with opening:
                await connect(sockets, member)

        started = time.perf_counter()
        await asyncio.gather(*(open_one(member) for member in everyone if member.ws is None))
        opened = time.perf_counter() - started
        pinging = asyncio.create_task(keep_alive(everyone))
        await asyncio.sleep(min(2.0, idle_seconds))  # let the servers settle first
        after = {server: server.rss_kb() for server in servers}
        per_process = len(everyone) // len(servers)
        print(f"opened {len(everyone)} sockets ({per_process} per process) in {opened:.1f} s")
        for name, server in zip("AB", servers, strict=True):
            per_socket = (after[server] - before[server]) / max(1, per_process - WARM_UP_SOCKETS)
            print(f"  process {name}: worker RSS {before[server] / 1024:6.1f} MB with "
                  f"{WARM_UP_SOCKETS} sockets, "
                  f"{after[server] / 1024:6.1f} MB with {per_process} → "
                  f"{per_socket:5.1f} kB per idle socket")
        idle = 0.0  # share of a core the workers use with the sockets open, no messages
        if idle_seconds:
            idle_before = sum(server.cpu_seconds() for server in servers)
            await asyncio.sleep(idle_seconds)
            idle = (sum(server.cpu_seconds() for server in servers) - idle_before) / idle_seconds
            print(f"  idle (pings every 25 s, session checks every 15 s), both workers "
                  f"together use {idle:.1%} of a core")
        pairs = None if openers else conversation_pairs(members, random.Random(5))
        if pairs:
            await open_conversations(session, pairs)
        for rate in rates:
            await measure(session, servers, members, rate, seconds, idle, pairs)
        pinging.cancel()
        await asyncio.gather(*(member.ws.close() for member in everyone if member.ws))


async def measure(session: aiohttp.ClientSession, servers: list[Server],
                  members: dict[Server, list[Member]], rate: float, seconds: float,
                  idle: float, pairs: Pairs | None) -> None:
    load_before = os.getloadavg()[0]
    cpu_before = _cpu_times()
    server_before = sum(server.cpu_seconds() for server in servers)
    started = time.perf_counter()
    results = await load(session, members, rate, seconds, pairs)
    idle_cpu = idle * (time.perf_counter() - started)
    busy = _busy_share(cpu_before, _cpu_times())
    server_cpu = sum(server.cpu_seconds() for server in servers) - server_before
    sockets = sum(len(group) for group in members.values())
    what = (f"in {sum(map(len, pairs.values()))} open conversations" if pairs
            else "each opening a conversation")
    print(f"{rate:g} messages/s ({what}) for {seconds:g} s with {sockets} sockets open (machine: "
          f"load {load_before:.2f} before, CPU {busy:.0%} busy during the run, "
          f"{os.cpu_count()} cores)")
    print(f"  send→receive, other process (Redis): {percentiles(results['cross'])}")
    print(f"  send→receive, same process:          {percentiles(results['same'])}")
    print(f"  POST answered:                       {percentiles(results['post'])}")
    print(f"  server CPU: {(server_cpu - idle_cpu) * 1000 / max(1, len(results['post'])):.1f}"
          f" ms per message (both workers, beyond their idle work)")
    worst = max(p99(results["cross"]), p99(results["same"]))
    verdict = "met" if worst <= GOAL_P99_MS and not results["failed"] else "MISSED"
    print(f"goal p99 ≤ {GOAL_P99_MS:g} ms at {rate:g} messages/s: {verdict} "
          f"(worst p99 {worst:.1f} ms)")


def p99(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.99)] if values else float("inf")


def _cpu_times() -> list[int]:
    return [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]


def _busy_share(before: list[int], after: list[int]) -> float:
    spent = [b - a for a, b in zip(before, after, strict=True)]
    idle = spent[3] + spent[4]  # idle + iowait
    return 1 - idle / max(1, sum(spent))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=1000, help="per process")
    parser.add_argument("--rate", type=float, nargs="+", default=[10, 30],
                        help="messages per second (one run each, on the same sockets)")
    parser.add_argument("--seconds", type=float, default=30, help="of each run")
    parser.add_argument("--idle-seconds", type=float, default=5,
                        help="with every socket open, before the runs")
    parser.add_argument("--openers", action="store_true",
                        help="every message to a member picked at random (a new conversation"
                             " almost every time), not within open conversations")
    parser.add_argument("--limits", action="store_true",
                        help="rate limits on, as behind production's proxy: each member's"
                             " messages from an address of its own")
    arguments = parser.parse_args(argv)
    if arguments.sockets < WARM_UP_SOCKETS:
        parser.error(f"--sockets: at least {WARM_UP_SOCKETS}")
    # Two sockets per member on this box (the client's and the server's end).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    with postgres_database() as url, tempfile.TemporaryDirectory() as folder:
        var = Path(folder)
        accounts = prepare(url, var, 2 * arguments.sockets)
        env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": REDIS, "VAR_DIR": str(var),
               "SECRET_KEY": "bench-chat", "WORKER_IN_PROCESS": "0",
               "RATE_LIMITS": "on" if arguments.limits else "off",
               "PROXY_HOPS": "1" if arguments.limits else "0", "WEB_DIST": str(var / "dist")}
        first = os.environ.get("BENCH_PORT")
        ports = [int(first), int(first) + 1] if first else _free_ports(2)
        servers = [serve(env, var, port) for port in ports]
        try:
            asyncio.run(bench(servers, accounts, arguments.rate, arguments.seconds,
                              arguments.idle_seconds, arguments.openers, arguments.limits))
        finally:
            _print_errors(var)
            for server in servers:
                os.killpg(server.process.pid, signal.SIGTERM)
            for server in servers:
                try:
                    server.process.wait(30)
                except subprocess.TimeoutExpired:
                    os.killpg(server.process.pid, signal.SIGKILL)
                    server.process.wait()


def _print_errors(var: Path) -> None:
    """The servers' own complaints, if any (their logs are gone with the folder)."""
    for log in sorted(var.glob("serve-*.log")):
        lines = [line for line in log.read_text().splitlines()
                 if " ERROR " in line or "Traceback" in line or " WARNING " in line]
        for line in lines[:5]:
            print(f"  {log.name}: {line}")


if __name__ == "__main__":
    main()
