"""The event bus over Redis pub/sub, for several processes: every process publishes to
one Redis channel and hands what it hears to its own listeners (its open sockets)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import cattrs
import redis

from adapters.events.encoding import batch, heard_as, listened_to
from adapters.events.local import Listener, LocalEventBus
from application.ports.events import Event

CHANNEL = "amora:events"
RETRY_SECONDS = 1.0
log = logging.getLogger(__name__)


class RedisEventBus:
    def __init__(self, url: str) -> None:
        # RESP2: redis-py 8 takes each pub/sub message of RESP3 as a push, for which it
        # builds the message's text for a debug line, logged or not (issue 36.3: a
        # listener's receipt 24 -> 17 us of CPU); PUBLISH and SUBSCRIBE are the same.
        self._redis = redis.Redis.from_url(url, protocol=2)
        # Pub/sub channels are server-wide, not per db: deployments sharing a Redis server
        # on different db numbers must not hear each other's members' events.
        self._channel = f"{CHANNEL}:{self._redis.connection_pool.connection_kwargs.get('db', 0)}"
        self._local = LocalEventBus()
        self._thread: threading.Thread | None = None
        self._started = threading.Lock()
        self._missed = 0  # connections lost since listening: events then went unheard
        self._publisher: Any = None  # the connection PUBLISH goes on (see _publish)
        self._publisher_pid = 0
        self._publishing = threading.Lock()

    def publish(self, channel: str, event: Event) -> None:
        self._send(batch(((channel, event),)))  # named in "to" (encoding.addressed_to)

    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        """One message on the channel for them all (adapters/events/encoding.py)."""
        self._send(batch(published))

    def _send(self, data: dict[str, Any]) -> None:
        """Best effort: use cases publish after they commit, so a Redis outage must not turn
        a done deed into an error (and a retry into a duplicate); clients refetch anyway."""
        try:
            self._publish(json.dumps(data))
        except (redis.ConnectionError, redis.TimeoutError) as error:
            log.warning("event not published, Redis unavailable: %s", error)

    def _publish(self, text: str) -> None:
        """PUBLISH on a connection of this process's own, one greenlet (or thread) at a
        time. The client's pool first polls each connection it hands out for unread data,
        which under gevent (a poll object, its watchers and a timeout) was 2 % of a chat
        message's CPU (issue 36.3, py-spy on bench_chat's workers). A connection that
        fails is dropped and the command sent once more on a new one, as the pool would
        have replaced a connection the server had closed before using it."""
        with self._publishing:
            if self._publisher is None or self._publisher_pid != os.getpid():  # forked
                self._publisher = self._redis.connection_pool.make_connection()
                self._publisher_pid = os.getpid()
            connection = self._publisher
            for last in (False, True):
                try:
                    connection.send_command("PUBLISH", self._channel, text)
                    connection.read_response()
                    return
                except (redis.ConnectionError, redis.TimeoutError):
                    connection.disconnect()
                    if last:
                        raise
                except BaseException:  # a reply left unread must not answer the next one
                    connection.disconnect()
                    raise

    def subscribe(self, channel: str, listener: Listener) -> Callable[[], None]:
        self._listen()
        return self._local.subscribe(channel, listener)

    def _listen(self) -> None:
        """Start the one listening thread of this process, on first subscription."""
        with self._started:
            if self._thread is not None:
                return
            # Subscribed before the first listener returns, so no early event is lost.
            self._thread = threading.Thread(target=self._run, args=(self._subscribed(),),
                                            name="amora-events", daemon=True)
            self._thread.start()

    def missed(self) -> int:
        """How many times this process may have missed events (its connection lost, be
        it reconnected by redis-py or by us): a memory kept on what it hears starts over
        (adapters.events.account_changes)."""
        return self._missed

    def _subscribed(self) -> Any:
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(self._channel)
        # Every later connect of this subscription is a reconnect after a loss.
        pubsub.connection.register_connect_callback(self._reconnected)
        return pubsub

    def _reconnected(self, _connection: Any) -> None:
        self._missed += 1

    def _run(self, pubsub: Any) -> None:
        """Listen for good: after a lost connection, wait a moment and subscribe again
        (clients refetch what they missed when their socket reconnects)."""
        while True:
            try:
                self._dispatch(pubsub)
            except redis.ConnectionError:
                log.warning("event bus lost Redis; retrying in %s s", RETRY_SECONDS)
                self._missed += 1
                time.sleep(RETRY_SECONDS)
                with contextlib.suppress(redis.ConnectionError):
                    pubsub = self._subscribed()

    def _dispatch(self, pubsub: Any) -> None:
        for data in _heard(pubsub):
            try:
                heard = listened_to(data, self._local.listening)
            except (TypeError, ValueError, KeyError, cattrs.BaseValidationError):
                log.warning("dropped a malformed event")
                continue
            for channel, event, data in heard:
                heard_as(event, data)  # its sockets send the JSON heard
                self._local.deliver(channel, event)


def _heard(pubsub: Any) -> Iterator[Any]:
    """The data of each message heard, as pubsub.listen() yields it: each reply read as
    listen() reads it (its reconnects and retries), and a message on a channel without a
    handler passed on without listen()'s handling (a dict of its parts, redis-py's
    metrics hook, which records nothing here, and the checks for other kinds of reply),
    done in every process for every message: 16-18 -> 11-13 us of CPU per message heard
    (issue 36.3). Any other reply goes through the library as before."""
    while pubsub.subscribed:
        response = pubsub.parse_response(block=True)
        if type(response) is list and len(response) == 3 and response[0] == b"message" \
                and not pubsub.channels.get(response[1]):
            yield response[2]
            continue
        message = pubsub.handle_message(response)
        if message is not None:
            yield message["data"]
