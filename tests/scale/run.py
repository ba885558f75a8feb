"""The scale-out test (issue 16.6, `make scale-test`): the multi-process deployment on this
machine under a bounded load, with a `kill -9` of an app process and a worker mid-run.

nginx (tests/scale/nginx.conf.template) balances 3 `amora serve --workers 1` processes;
2 `amora worker` processes and one `amora scheduler` run the jobs; all on PostgreSQL (a
database of its own), Redis (a db number of its own) and moto's S3 server, on loopback.
Simulated members sign up, browse, search, like, chat over /ws and buy credits. It prints
requests/s, latencies and errors per action, messages sent vs received and payments paid
vs credited, and exits 1 when those differ or a request never succeeded.

    .venv/bin/python tests/scale/run.py [--members 30] [--seconds 100]

Environment: SCALE_POSTGRES (postgresql://postgres@127.0.0.1:5432), SCALE_REDIS_URL
(redis://127.0.0.1:6379/11; the db must hold nothing but an earlier run's `amora:` keys).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boto3
import psycopg
import redis
import requests
import simple_websocket

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
POSTGRES = os.environ.get("SCALE_POSTGRES", "postgresql://postgres@127.0.0.1:5432")
REDIS_URL = os.environ.get("SCALE_REDIS_URL", "redis://127.0.0.1:6379/11")
AWS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
       "AWS_DEFAULT_REGION": "us-east-1", "AWS_CONFIG_FILE": "/dev/null",
       "AWS_SHARED_CREDENTIALS_FILE": "/dev/null", "AWS_EC2_METADATA_DISABLED": "true"}
APPS, WORKERS = 3, 2
PASSWORD = "correct horse battery staple"
RETRIES = 10  # a request is retried this often (0.2 s .. 2 s apart) before it counts as failed


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(check: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        time.sleep(0.2)


def answers(url: str) -> bool:
    with contextlib.suppress(requests.RequestException):
        return requests.get(url, timeout=2).status_code == 200
    return False


# --- the deployment ---------------------------------------------------------------------


class Stack:
    """Every process of the deployment in its own process group, and the state they use;
    `close` removes all of it (processes, database, Redis db, temporary folder)."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="amora-scale-"))
        self.database = f"amora_scale_{secrets.token_hex(4)}"
        self.redis = redis.Redis.from_url(REDIS_URL)
        self.processes: dict[str, tuple[list[str], dict[str, str], subprocess.Popen[bytes]]] = {}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.app_ports = [free_port() for _ in range(APPS)]
        self.env: dict[str, str] = {}
        self.created_database = False
        self.owns_redis_db = False

    def start(self, seed_members: int) -> None:
        strangers = [k for k in self.redis.scan_iter(count=1000) if not k.startswith(b"amora:")]
        if strangers:
            raise SystemExit(f"{REDIS_URL} holds other keys ({strangers[0]!r}); "
                             "set SCALE_REDIS_URL to an unused db")
        self.owns_redis_db = True
        self.redis.flushdb()
        with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{self.database}"')
        self.created_database = True
        moto_port = free_port()
        self.launch("moto", [str(BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(moto_port)],
                    {**os.environ, **AWS})
        endpoint = f"http://127.0.0.1:{moto_port}"
        wait_for(lambda: answers(f"{endpoint}/moto-api/"), 30, "moto")
        boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                     aws_access_key_id="testing",
                     aws_secret_access_key="testing").create_bucket(Bucket="amora-scale")
        self.env = {
            **os.environ, **AWS,
            "DATABASE_URL": f"{POSTGRES}/{self.database}", "REDIS_URL": REDIS_URL,
            "STORAGE_BACKEND": "s3", "S3_BUCKET": "amora-scale", "S3_ENDPOINT_URL": endpoint,
            "PROXY_HOPS": "1", "RATE_LIMITS": "off", "PAYMENT_PROVIDER": "sandbox",
            "MAIL_BACKEND": "file", "OUTBOX_LEASE_SECONDS": "10",
            "SECRET_KEY": "scale-test-secret-key", "BASE_URL": self.base,
            "WEB_DIST": str(ROOT / "web" / "dist"),
        }
        self.env.pop("AMORA_ENV", None)
        started = time.monotonic()
        self.amora("db", "upgrade")
        self.amora("demo", "seed", "--members", str(seed_members))
        print(f"migrated and seeded {seed_members} members in {time.monotonic() - started:.0f} s")
        for number in range(1, APPS + 1):
            self.start_app(number)
        for number in range(1, WORKERS + 1):
            self.start_worker(number)
        self.launch("scheduler", [str(BIN / "amora"), "scheduler"], self.process_env("scheduler"))
        self.start_nginx()
        for port in self.app_ports:
            wait_for(lambda p=port: answers(f"http://127.0.0.1:{p}/api/health"), 60, "app")  # type: ignore[misc]
        wait_for(lambda: answers(f"{self.base}/api/health"), 30, "nginx")

    def process_env(self, name: str) -> dict[str, str]:
        """Each process its own VAR_DIR, as on separate boxes (the metrics folder of
        `amora serve` is emptied at its start, so processes must not share one)."""
        return {**self.env, "VAR_DIR": str(self.dir / "var" / name)}

    def amora(self, *args: str) -> None:
        subprocess.run([str(BIN / "amora"), *args], env=self.process_env("cli"), check=True,
                       cwd=ROOT, stdout=subprocess.DEVNULL)

    def launch(self, name: str, command: list[str], env: dict[str, str]) -> None:
        log = (self.dir / f"{name}.log").open("ab")
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=log,
                                   start_new_session=True)
        log.close()
        self.processes[name] = (command, env, process)

    def start_app(self, number: int) -> None:
        port = self.app_ports[number - 1]
        self.launch(f"app{number}", [str(BIN / "amora"), "serve", "--workers", "1", "--port",
                                     str(port), "--no-access-log"],
                    self.process_env(f"app{number}"))

    def start_worker(self, number: int) -> None:
        self.launch(f"worker{number}", [str(BIN / "amora"), "worker"],
                    self.process_env(f"worker{number}"))

    def start_nginx(self) -> None:
        upstreams = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;"
                              for port in self.app_ports)
        config = (Path(__file__).with_name("nginx.conf.template").read_text()
                  .replace("@@DIR@@", str(self.dir)).replace("@@PORT@@", str(self.port))
                  .replace("@@UPSTREAMS@@", upstreams))
        (self.dir / "nginx.conf").write_text(config)
        self.launch("nginx", ["/usr/sbin/nginx", "-p", str(self.dir), "-e",
                              str(self.dir / "nginx-error.log"), "-c",
                              str(self.dir / "nginx.conf")], self.env)

    def kill(self, name: str) -> None:
        """kill -9 the process and its children (gunicorn's worker), as a crash would."""
        process = self.processes[name][2]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def restart(self, name: str) -> None:
        command, env, _ = self.processes[name]
        self.launch(name, command, env)

    def tracebacks(self) -> dict[str, int]:
        return {log.stem: text.count("Traceback") for log in sorted(self.dir.glob("*.log"))
                if (text := log.read_text(errors="replace")).count("Traceback")}

    def sql(self, query: str, *args: Any) -> list[tuple[Any, ...]]:
        with psycopg.connect(f"{POSTGRES}/{self.database}", autocommit=True) as connection:
            cursor = connection.execute(query, args)
            return cursor.fetchall() if cursor.description else []

    def close(self) -> None:
        for name in list(self.processes):
            self.kill(name)
        if self.created_database:
            with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
        if self.owns_redis_db:
            with contextlib.suppress(redis.RedisError):
                self.redis.flushdb()
        shutil.rmtree(self.dir, ignore_errors=True)


# --- the members -------------------------------------------------------------------------


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: Counter[str] = Counter()
        self.failed: Counter[str] = Counter()  # never succeeded, even after retries
        self.app_errors = 0  # 500s: the app itself failed (nginx says 502/504 for a dead one)
        self.outside_kill = 0  # errors while no process was down or restarting
        self.kill_window = (float("inf"), float("inf"))
        self.refused: Counter[str] = Counter()  # 4xx answers (rules), by action and code
        self.notes: list[str] = []

    def note(self, text: str) -> None:
        with self.lock:
            if len(self.notes) < 20:
                self.notes.append(text)


class Run:
    """What the members did, shared by their threads."""

    def __init__(self, base: str, stack: Stack) -> None:
        self.base = base
        self.stack = stack
        self.stats = Stats()
        self.stop = threading.Event()
        self.members: list[Member] = []
        self.tag = secrets.token_hex(3)
        self.sent: dict[int, int] = {}  # message id -> recipient
        self.paid: dict[int, int] = {}  # order id -> credits
        self.lock = threading.Lock()


class Member:
    def __init__(self, run: Run, number: int) -> None:
        self.run = run
        self.number = number
        self.id = 0
        self.gender = "female" if number % 2 else "male"
        self.email = f"scale-{run.tag}-{number}@example.com"
        self.http = requests.Session()
        self.http.headers["Origin"] = run.base
        self.received: dict[int, str] = {}  # message id -> "socket" or "history"
        self.drops = 0
        self.connected = threading.Event()
        self.seen_ids: list[int] = []  # demo members met in search
        self.sends = 0

    # Every request goes through here: a connection error or a 5xx (a killed process) is an
    # error for the action and retried, until it succeeds or RETRIES are spent.
    def call(self, action: str, method: str, path: str, done: tuple[int, ...] = (200, 201, 204),
             **kwargs: Any) -> requests.Response | None:
        stats = self.run.stats
        for attempt in range(RETRIES):
            started = time.perf_counter()
            try:
                answer = self.http.request(method, self.run.base + path, timeout=30,
                                           allow_redirects=False, **kwargs)
            except requests.RequestException as error:
                problem = type(error).__name__
            else:
                if answer.status_code < 500:
                    with stats.lock:
                        stats.latency[action].append(time.perf_counter() - started)
                        if answer.status_code not in done:
                            code = (answer.json().get("error", "?") if answer.headers.get(
                                "Content-Type", "").startswith("application/json") else "")
                            stats.refused[f"{action} {answer.status_code} {code}"] += 1
                    answer.retried = attempt > 0  # type: ignore[attr-defined]
                    return answer
                problem = f"HTTP {answer.status_code}"
            now = time.monotonic()
            with stats.lock:
                stats.errors[action] += 1
                stats.app_errors += problem == "HTTP 500"
                stats.outside_kill += not stats.kill_window[0] <= now <= stats.kill_window[1]
            stats.note(f"{action} {method} {path}: {problem}")
            time.sleep(min(0.2 * 2 ** attempt, 2))
        with stats.lock:
            stats.failed[action] += 1
        return None

    def sign_up(self) -> None:
        body = {"email": self.email, "name": f"Scale{self.number}", "password": PASSWORD,
                "date_of_birth": "1990-04-01", "gender": self.gender,
                "seeking": "male" if self.gender == "female" else "female", "language": "en"}
        answer = self.call("signup", "POST", "/api/signup", json=body)
        if answer is not None and answer.status_code != 201:  # a retry after it went through
            answer = self.call("login", "POST", "/api/user",
                               json={"email": self.email, "password": PASSWORD})
        if answer is None or answer.status_code not in (200, 201):
            raise RuntimeError(f"member {self.number} could not sign up")
        self.id = int(answer.json()["user"]["id"])

    def token(self) -> str:
        return str(self.http.cookies.get("auth._token"))

    # --- the live socket: counts messages from other members of this run ----------------

    def listen(self) -> None:
        url = self.run.base.replace("http://", "ws://") + "/ws"
        first = True
        while not self.run.stop.is_set():
            try:
                # No Origin: simple_websocket's Host header leaves out the port, so the
                # app's same-origin check (for browsers) would refuse the base URL's.
                ws = simple_websocket.Client.connect(url, headers={
                    b"Cookie": f"auth._token={self.token()}".encode()})
                hello = json.loads(ws.receive(timeout=10) or "{}")
                if hello.get("type") != "hello":
                    raise ConnectionError(f"no hello: {hello}")
            except Exception as error:  # noqa: BLE001 - any failure: try again shortly
                with self.run.stats.lock:
                    self.run.stats.errors["ws_connect"] += 1
                self.run.stats.note(f"ws_connect: {type(error).__name__}: {error}")
                time.sleep(0.5)
                continue
            if not first:  # what arrived while the socket was away
                self.catch_up()
            first = False
            self.connected.set()
            try:
                while not self.run.stop.is_set():
                    raw = ws.receive(timeout=1)
                    if raw:
                        self.heard(json.loads(raw))
            except simple_websocket.ConnectionClosed:
                self.drops += 1
            finally:
                with contextlib.suppress(Exception):
                    ws.close()

    def heard(self, event: dict[str, Any]) -> None:
        message = event.get("message") or {}
        if (event.get("type") == "message" and message.get("sender_id") != self.id
                and f"[{self.run.tag}]" in message.get("text", "")):
            self.received.setdefault(int(message["id"]), "socket")

    def catch_up(self) -> None:
        chats = self.call("history", "GET", "/api/chats")
        for chat in chats.json()["chats"] if chats is not None else []:
            before = ""
            while True:
                page = self.call("history", "GET",
                                 f"/api/chats/{chat['conversation']['id']}/messages{before}")
                if page is None or page.status_code != 200:
                    break
                for message in page.json()["messages"]:
                    if message["sender_id"] != self.id and f"[{self.run.tag}]" in message["text"]:
                        self.received.setdefault(int(message["id"]), "history")
                if not page.json()["has_more"] or not page.json()["messages"]:
                    break
                before = f"?before={page.json()['messages'][0]['id']}"

    # --- what a member does ---------------------------------------------------------------

    def act(self) -> None:
        self.buy()
        actions = [(self.browse, 30), (self.search, 20), (self.like, 10), (self.chat, 35),
                   (self.buy, 5)]
        while not self.run.stop.is_set():
            random.choices([a for a, _ in actions], [w for _, w in actions])[0]()
            time.sleep(random.uniform(0.1, 0.4))

    def browse(self) -> None:
        self.call("settings", "GET", "/api/settings")
        self.call("user", "GET", "/api/user")
        if self.seen_ids:
            self.call("profile", "GET", f"/api/members/{random.choice(self.seen_ids)}")

    def search(self) -> None:
        gender = "male" if self.gender == "female" else "female"
        answer = self.call("search", "GET", f"/api/members?gender={gender}"
                                            f"&page={random.randint(1, 3)}")
        if answer is not None and answer.status_code == 200:
            found = [m["id"] for m in answer.json()["results"]]
            self.seen_ids = (found + self.seen_ids)[:50]

    def like(self) -> None:
        others = [m.id for m in self.run.members if m.id != self.id]
        target = random.choice(self.seen_ids + others)
        self.call("like", "POST", f"/api/members/{target}/like")

    def chat(self) -> None:
        recipient = random.choice([m for m in self.run.members if m is not self])
        self.sends += 1
        key = f"{self.run.tag}-{self.number}-{self.sends}"
        body = {"text": f"[{self.run.tag}] {self.number} to {recipient.number}: {self.sends}",
                "key": key}
        answer = self.call("message", "POST", f"/api/members/{recipient.id}/messages",
                           json=body)
        if answer is None:
            return
        if answer.status_code == 201:
            with self.run.lock:
                self.run.sent[int(answer.json()["message"]["id"])] = recipient.id
        elif answer.status_code == 402 or "not_enough_credits" in answer.text:
            self.buy()
        elif "already_sent" in answer.text:  # a retry of a send that went through
            self.run.stats.note(f"message {key} already sent; its id is found at the end")
            with self.run.lock:
                self.run.sent.update(self.sent_with_key(key, recipient.id))

    def sent_with_key(self, key: str, recipient: int) -> dict[int, int]:
        rows = self.run.stack.sql(
            "SELECT id FROM messages WHERE sender_id = %s AND client_key = %s", self.id, key)
        return {int(row[0]): recipient for row in rows}

    def buy(self) -> None:
        bundles = self.call("bundles", "GET", "/api/bundles")
        if bundles is None or bundles.status_code != 200 or not bundles.json()["bundles"]:
            return
        bundle = random.choice(bundles.json()["bundles"])
        order = self.call("order", "POST", "/api/orders",
                          json={"delivery_consent": True, "bundle": bundle["id"], "method": "ideal",
                                "issuer": "ideal_INGBNL2A"})
        if order is None or order.status_code != 201:
            return
        payment = order.json()
        checkout = "/" + payment["checkout_url"].split("/", 3)[3]
        answer = self.call("checkout", "POST", checkout, done=(303,),
                           data={"outcome": "paid"})
        if answer is None:
            return
        # A retry of a click that went through finds the payment no longer open.
        if answer.status_code != 303 and not (answer.retried  # type: ignore[attr-defined]
                                               and answer.status_code == 404):
            return
        with self.run.lock:
            self.run.paid[int(payment["order"])] = int(bundle["credits"])
        self.await_paid(int(payment["order"]), seconds=15)

    def await_paid(self, order: int, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            answer = self.call("order_status", "GET", f"/api/orders/{order}")
            if answer is not None and answer.status_code == 200 and \
                    answer.json()["order"]["status"] == "paid":
                return True
            time.sleep(0.3)
        return False


# --- the run -------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def load(stack: Stack, members: int, seconds: float) -> bool:
    run = Run(stack.base, stack)
    run.members = [Member(run, n) for n in range(1, members + 1)]
    for member in run.members:
        member.sign_up()
    # Activated directly, as confirming the e-mail would (tests/http/test_likes_api.py).
    ids = [m.id for m in run.members]
    stack.sql("UPDATE members SET status = 'active' WHERE id = ANY(%s)", ids)
    stack.sql("UPDATE profiles SET status = 'active' WHERE member_id = ANY(%s)", ids)
    listeners = [threading.Thread(target=m.listen, daemon=True) for m in run.members]
    for thread in listeners:
        thread.start()
    for member in run.members:
        if not member.connected.wait(30):
            raise RuntimeError(f"member {member.number}'s socket never opened")
    actors = [threading.Thread(target=m.act, daemon=True) for m in run.members]
    started = time.monotonic()
    for thread in actors:
        thread.start()
    events = []
    time.sleep(seconds * 0.35)
    events.append(f"{time.monotonic() - started:5.1f} s: kill -9 app1 and worker1")
    # Errors are expected from the kill until nginx has found the restarted app again.
    run.stats.kill_window = (time.monotonic() - 1, float("inf"))
    stack.kill("app1")
    stack.kill("worker1")
    time.sleep(8)
    stack.restart("app1")
    stack.restart("worker1")
    wait_for(lambda: answers(f"http://127.0.0.1:{stack.app_ports[0]}/api/health"), 60, "app1")
    run.stats.kill_window = (run.stats.kill_window[0], time.monotonic() + 5)
    events.append(f"{time.monotonic() - started:5.1f} s: app1 and worker1 restarted "
                  "(app1 answering)")
    time.sleep(max(0.0, seconds - (time.monotonic() - started)))
    run.stop.set()
    for thread in actors:
        thread.join(60)
    elapsed = time.monotonic() - started
    for thread in listeners:
        thread.join(15)
    # Messages a socket missed while it was away were fetched on reconnect; a last look at
    # the history of any member still short covers a drop in the run's last second.
    for member in run.members:
        expected = {m for m, to in run.sent.items() if to == member.id}
        if not expected <= member.received.keys():
            member.catch_up()
    # Payments: the webhooks go through the outbox and dramatiq; a killed worker's job
    # comes back after dramatiq's heartbeat timeout (30 s), so allow 120 s in all.
    owners = {}
    for member in run.members:
        for row in stack.sql("SELECT id FROM orders WHERE member_id = %s", member.id):
            owners[int(row[0])] = member
    for order in run.paid:
        owners[order].await_paid(order, seconds=max(1.0, 120 - (time.monotonic() - started
                                                                  - elapsed)))
    # Credited: the order is paid and its purchase booked once, with the bundle's credits.
    booked = {int(key.split(":")[1]): amount for key, amount in stack.sql(
        "SELECT idempotency_key, amount FROM credit_ledger WHERE kind = 'purchase'")}
    paid_orders = {int(row[0]) for row in stack.sql("SELECT id FROM orders WHERE status = 'paid'")}
    credited = {o for o, credits in run.paid.items()
                if o in paid_orders and booked.get(o) == credits}
    outbox = stack.sql("SELECT count(*), count(failed_at) FROM outbox")[0]
    return report(run, elapsed, events, credited, outbox)


def report(run: Run, elapsed: float, events: list[str], credited: set[int],
           outbox: tuple[Any, ...]) -> bool:
    stats = run.stats
    total = sum(len(v) for v in stats.latency.values())
    print(f"\n{len(run.members)} members, {elapsed:.0f} s of load through nginx "
          f"({APPS} app processes, {WORKERS} workers, scheduler; PostgreSQL, Redis, moto S3)")
    for event in events:
        print("  " + event)
    print(f"\nrequests/s: {total / elapsed:.1f} ({total} requests answered)")
    print(f"{'action':<14}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}"
          f"{'failed':>8}")
    for action in sorted(set(stats.latency) | set(stats.errors)):
        values = stats.latency.get(action, [])
        figures = (f"{percentile(values, .5):>9.0f}{percentile(values, .95):>9.0f}"
                   f"{percentile(values, .99):>9.0f}" if values else f"{'':>27}")
        print(f"{action:<14}{len(values):>7}{figures}{stats.errors[action]:>8}"
              f"{stats.failed[action]:>8}")
    if stats.refused:
        print("answered with a rule (4xx): " + ", ".join(f"{k}: {v}"
                                                       for k, v in stats.refused.items()))
    print(f"errors outside the kill window: {stats.outside_kill}; HTTP 500s: {stats.app_errors}")
    for note in stats.notes[:10]:
        print("  error: " + note)
    by_source: Counter[str] = Counter()
    missing = 0
    for member in run.members:
        mine = {m for m, to in run.sent.items() if to == member.id}
        by_source.update(member.received[m] for m in mine if m in member.received)
        missing += len(mine - member.received.keys())
    received = sum(by_source.values())
    drops = sum(m.drops for m in run.members)
    print(f"\nmessages sent: {len(run.sent)}, received: {received} (by socket "
          f"{by_source['socket']}, from history after a reconnect {by_source['history']}), "
          f"missing: {missing}; socket drops: {drops}")
    paid = set(run.paid)
    print(f"payments paid: {len(paid)}, credited: {len(paid & credited)}; outbox left: "
          f"{outbox[0]} (failed {outbox[1]})")
    logs = run.stack.tracebacks()
    print("tracebacks in logs: " + (", ".join(f"{k}: {v}" for k, v in logs.items()) or "none"))
    ok = missing == 0 and paid <= credited and not stats.failed and not stats.app_errors
    print("\nOK" if ok else "\nFAILED")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=100)
    parser.add_argument("--seed-members", type=int, default=100)
    options = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # clean up on kill, too
    if not (ROOT / "web" / "dist" / "index.html").exists():
        raise SystemExit("build the web app first (make web)")
    stack = Stack()
    try:
        stack.start(options.seed_members)
        return 0 if load(stack, options.members, options.seconds) else 1
    finally:
        for name, log in ((n, stack.dir / f"{n}.log") for n in stack.processes):
            with contextlib.suppress(OSError):
                text = log.read_text(errors="replace")
                if "Traceback" in text:
                    start = text.rfind("Traceback")
                    print(f"\nlast traceback in {name}:\n{text[start:start + 3000]}")
        stack.close()


if __name__ == "__main__":
    sys.exit(main())
