"""Benchmark (issue 36.3): the server's CPU time per chat message, in-process, on a
PostgreSQL database this bench creates and drops itself; the goal is 4 ms.

Two premium members of the default site (messages free, as bench_chat sends them) write
to each other in turn through POST /api/members/<id>/messages: the WSGI app is called
straight with the request a browser sends (session and device cookies, JSON body), so
the figure is the app's own CPU (hooks, sign-in, the send with its SQL and screening,
the answer, the events to Redis), without a test client's. The messages are timed in
SLICES: the median slice's CPU (time.process_time) per message is the figure, the best
slice's beside it (on a busy box a slice that shared its cores runs slower); wall time,
the SQL statements and the events on the bus per message too, and the machine's load (the
box is shared: read the figures with it). Then as many openers, each the first message of a new
conversation (others' pairs, so no one's daily cap or mass-opener check is reached).
``--profile`` prints cProfile's costliest functions (by CPU time) of the messages.
``--gevent`` patches the standard library first, as `amora serve` does (psycopg and Redis
then wait on gevent's hub, as in a server's worker); ``--limits`` turns the rate limits
on, in Redis as a scaled-out server keeps them, each message from a client address of
its own (the bench's messages would reach the per-address limit at once).

    .venv/bin/python tests/bench/bench_message_cpu.py [--messages 2000] [--openers N]
                                                      [--profile] [--gevent] [--limits]

Redis: BENCH_REDIS_URL (default db 12), as bench_chat.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import json
import os
import pstats
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
if "--gevent" in sys.argv[1:]:  # before anything imports socket, ssl or threading
    from adapters.green import patch_all

    patch_all()

from sqlalchemy import event  # noqa: E402

from adapters.events.redis_bus import CHANNEL  # noqa: E402
from tests.bench.bench_chat import HOST, REDIS, prepare  # noqa: E402
from tests.bench.databases import postgres_database  # noqa: E402
from tests.bench.wsgi_calls import status_of  # noqa: E402

WARM_UP = 200
SLICES = 10
GOAL_MS = 4.0


def _load() -> str:
    return "load " + " ".join(f"{figure:.2f}" for figure in os.getloadavg())


_addresses = (f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}" for n in itertools.count(1))


def _request(app: Any, token: str, device: str, to: int, text: str,
             addresses: bool = False) -> Callable[[], int]:
    """One POST of a message, as the WSGI server hands it to the app: its status; with
    ``addresses``, each from a client address of its own."""
    from werkzeug.test import EnvironBuilder

    body = json.dumps({"text": text}).encode()
    environ = EnvironBuilder(
        path=f"/api/members/{to}/messages", method="POST", base_url=f"http://{HOST}",
        data=body, headers=[("Cookie", f"auth._token={token}; amora_device={device}"),
                            ("Content-Type", "application/json"),
                            ("Accept", "application/json")]).get_environ()

    def send() -> int:
        sent = dict(environ, **{"wsgi.input": io.BytesIO(body)})
        if addresses:
            sent["REMOTE_ADDR"] = next(_addresses)
        return status_of(app, sent)

    return send


class Heard:
    """The events published on the bus's Redis channel, counted by a subscriber of its own:
    each one costs every process the bus reaches a receipt (tests/bench/bench_chat.py)."""

    def __init__(self, url: str, channel: str) -> None:
        import redis

        self._pubsub = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)
        self._pubsub.subscribe(channel)
        self.count = 0
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        for _ in self._pubsub.listen():
            self.count += 1

    def settled(self) -> int:
        """The count, once a last marker of our own has come back (all before it too)."""
        import redis

        marker = self.count
        # Addressed to a channel no socket listens on: the app's bus passes it by unread
        # (a bare word was "a malformed event" to it, a warning each time).
        redis.Redis.from_url(REDIS).publish(self._channel_name(),
                                            json.dumps({"to": "bench-marker", "events": []}))
        while self.count == marker:
            time.sleep(0.01)
        self.count -= 1
        return self.count

    def _channel_name(self) -> str:
        return str(next(iter(self._pubsub.channels)).decode())


class Timing:
    """CPU and wall time per message of SLICES slices, the SQL statements and the bus's
    events counted."""

    def __init__(self, engine: Any, profile: cProfile.Profile | None,
                 heard: Heard | None = None) -> None:
        self.engine, self.profile, self.heard = engine, profile, heard
        self.slices: list[float] = []
        self.wall = 0.0
        self.statements = 0
        self.messages = 0
        self.events = 0

    def _count(self, *_: object) -> None:
        self.statements += 1

    def run(self, sends: list[Callable[[], int]]) -> None:
        event.listen(self.engine, "before_cursor_execute", self._count)
        heard_before = self.heard.settled() if self.heard else 0
        per_slice = max(1, len(sends) // SLICES)
        for start in range(0, len(sends), per_slice):
            cpu = 0.0
            part = sends[start:start + per_slice]
            for send in part:
                if self.profile:
                    self.profile.enable()
                started_cpu, started_wall = time.process_time(), time.perf_counter()
                status = send()
                cpu += time.process_time() - started_cpu
                self.wall += time.perf_counter() - started_wall
                if self.profile:
                    self.profile.disable()
                assert status == 201, status
            self.slices.append(cpu / len(part))
            self.messages += len(part)
        event.remove(self.engine, "before_cursor_execute", self._count)
        self.events = (self.heard.settled() - heard_before) if self.heard else 0

    def line(self, name: str) -> str:
        return (f"  {name:<22} CPU {statistics.median(self.slices) * 1e3:5.2f} ms per message"
                f" (best slice {min(self.slices) * 1e3:5.2f})   wall "
                f"{self.wall / self.messages * 1e3:5.2f} ms   SQL "
                f"{self.statements / self.messages:5.2f} statements   events "
                f"{self.events / self.messages:4.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--openers", type=int, help="how many (default: --messages)")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--gevent", action="store_true")
    parser.add_argument("--limits", action="store_true")
    options = parser.parse_args(argv)
    count = options.messages
    first = count if options.openers is None else options.openers

    from adapters.container import build_container
    from adapters.http.app import create_app
    from tests.conftest import make_config

    profile = cProfile.Profile(time.process_time) if options.profile else None
    with tempfile.TemporaryDirectory() as directory, postgres_database() as url:
        folder = Path(directory)
        (folder / "dist" / "assets").mkdir(parents=True)
        (folder / "dist" / "index.html").write_text("<!doctype html><div id=root></div>")
        # Ann and Bob, then the openers' senders and recipients.
        members = prepare(url, folder / "var", 2 + 2 * first)
        container = build_container(make_config(
            folder / "var", DATABASE_URL=url, REDIS_URL=REDIS, WEB_DIST=str(folder / "dist"),
            RATE_LIMITS="on" if options.limits else "off"))
        try:
            app = create_app(container)
            heard = Heard(REDIS, f"{CHANNEL}:{REDIS.rsplit('/', 1)[1]}")
            (ann, ann_token), (bob, bob_token) = members[:2]
            pair = [_request(app, ann_token, "a" * 32, bob,
                             "How was your weekend? Mine was lovely, thanks.", options.limits),
                    _request(app, bob_token, "b" * 32, ann,
                             "Good, we went to the sea. Shall we meet on Friday?",
                             options.limits)]
            for n in range(WARM_UP):  # the conversation, caches, the pool's connections
                assert pair[n % 2]() == 201
            load_before = _load()
            messages = Timing(container.engine(), profile, heard)
            messages.run([pair[n % 2] for n in range(count)])
            senders, recipients = members[2:2 + first], members[2 + first:]
            openers = Timing(container.engine(), None, heard)
            openers.run([_request(app, token, f"{n:032d}", recipient, "Hi! How are you?",
                                  options.limits)
                         for n, ((_, token), (recipient, _)) in
                         enumerate(zip(senders, recipients, strict=True))])
        finally:
            container.engine().dispose()
    profiled = ", under cProfile" if profile else ""
    profiled += ", gevent" if options.gevent else ""
    profiled += ", rate limits on" if options.limits else ""
    print(f"PostgreSQL, in-process (the WSGI app called straight{profiled}), median of "
          f"{SLICES} slices; {load_before} -> {_load()}:")
    print(messages.line(f"{count} messages"))
    if first:
        print(openers.line(f"{first} openers"))
    verdict = "met" if statistics.median(messages.slices) * 1e3 <= GOAL_MS else "MISSED"
    print(f"goal: a message in a conversation <= {GOAL_MS:g} ms of CPU: {verdict}")
    if profile:
        printed = io.StringIO()
        stats = pstats.Stats(profile, stream=printed)
        stats.sort_stats("tottime").print_stats(40)
        stats.sort_stats("cumulative").print_stats(60)
        print(printed.getvalue())


if __name__ == "__main__":
    main()
