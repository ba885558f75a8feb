"""The Redis event bus keeps deployments apart that share a Redis server on different db
numbers: pub/sub channels are server-wide, so the db number must be in the channel."""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

import redis

from adapters.events.encoding import event_json, event_text
from adapters.events.redis_bus import RedisEventBus
from application.ports.events import CreditsChanged, Event
from tests.conftest import REDIS_URL


def _other_db(url: str) -> str:
    base, db = url.rsplit("/", 1)
    return f"{base}/{(int(db or 0) + 1) % 16}"


def test_a_deployment_on_another_db_number_is_not_heard() -> None:
    ours, theirs = RedisEventBus(REDIS_URL), RedisEventBus(_other_db(REDIS_URL))
    channel = f"member:{secrets.randbelow(10**9) + 10**9}"  # no other test's member
    heard: list[Event] = []
    arrived = threading.Event()

    def listener(event: Event) -> None:
        heard.append(event)
        arrived.set()

    ours.subscribe(channel, listener)
    # Redis delivers in publishing order: had theirs reached us, it would come first.
    theirs.publish(channel, CreditsChanged(credits=1))  # another deployment's
    ours.publish(channel, CreditsChanged(credits=2))
    assert arrived.wait(30)
    assert heard[0] == CreditsChanged(credits=2)


def test_a_lost_connection_is_counted_as_missed_news() -> None:
    """Events published while the subscription was gone are lost: the bus says so
    (adapters.events.account_changes then forgets the sign-ins it remembered)."""
    name = f"amora-test-{secrets.token_hex(6)}"
    bus = RedisEventBus(f"{REDIS_URL}?client_name={name}")
    channel = f"member:{secrets.randbelow(10**9) + 10**9}"
    arrived = threading.Event()
    bus.subscribe(channel, lambda _event: arrived.set())
    assert bus.missed() == 0
    admin = redis.Redis.from_url(REDIS_URL)
    for client in admin.client_list(_type="pubsub"):  # this bus's subscription only
        if client["name"] == name:
            admin.client_kill_filter(_id=client["id"])
    deadline = time.monotonic() + 30
    while not arrived.is_set():  # heard again only once resubscribed
        assert time.monotonic() < deadline, "the bus never listened again"
        bus.publish(channel, CreditsChanged(credits=1))
        arrived.wait(0.05)
    assert bus.missed() >= 1


def test_events_published_together_are_one_message_heard_on_each_channel() -> None:
    """A message's events (to its recipient, to the sender's other devices) travel as one
    Redis message (issue 36.3); each listener hears its own, in order."""
    publisher, listener_bus = RedisEventBus(REDIS_URL), RedisEventBus(REDIS_URL)
    first, second = (f"member:{secrets.randbelow(10**9) + 10**9}" for _ in range(2))
    heard: list[tuple[str, Event]] = []
    texts: list[str] = []  # as each listener's socket sends it
    both = threading.Semaphore(0)

    def on(channel: str) -> Callable[[Event], None]:
        def listener(event: Event) -> None:
            heard.append((channel, event))
            texts.append(event_text(event))
            both.release()
        return listener

    listener_bus.subscribe(first, on(first))
    listener_bus.subscribe(second, on(second))
    messages = redis.Redis.from_url(REDIS_URL).pubsub(ignore_subscribe_messages=True)
    messages.subscribe(publisher._channel)  # what goes over the wire
    publisher.publish_all([(first, CreditsChanged(credits=1)), (second, CreditsChanged(credits=2)),
                           (first, CreditsChanged(credits=3))])
    for _ in range(3):
        assert both.acquire(timeout=30)
    assert heard == [(first, CreditsChanged(credits=1)), (second, CreditsChanged(credits=2)),
                     (first, CreditsChanged(credits=3))]
    assert texts == [json.dumps(event_json(event)) for _, event in heard]
    publisher.publish(first, CreditsChanged(credits=99))  # the end of what to count
    wire: list[bytes] = []
    deadline = time.monotonic() + 30
    while not wire or b'"credits": 99' not in wire[-1]:  # a channel's number may hold 99
        assert time.monotonic() < deadline, wire
        message = messages.get_message(timeout=1)
        if message is not None:  # None: the subscription's own confirmation
            wire.append(message["data"])
    assert len(wire) == 2  # one message for the three, then the end


def test_a_malformed_message_is_dropped_and_the_next_heard() -> None:
    bus = RedisEventBus(REDIS_URL)
    channel = f"member:{secrets.randbelow(10**9) + 10**9}"
    heard: list[Event] = []
    arrived = threading.Event()
    def listener(event: Event) -> None:
        heard.append(event)
        arrived.set()

    bus.subscribe(channel, listener)
    sender = redis.Redis.from_url(REDIS_URL)
    for junk in ("[1, 2]", '{"events": [3]}', json.dumps({"events": [{"channel": channel}]})):
        sender.publish(bus._channel, junk)
    bus.publish(channel, CreditsChanged(credits=4))
    assert arrived.wait(30)
    assert heard == [CreditsChanged(credits=4)]


def test_a_publish_after_the_server_closed_the_connection_goes_out() -> None:
    """Events go out on a connection the bus keeps (adapters/events/redis_bus.py,
    _publish): one the server has closed (a restart, an idle timeout) is replaced and the
    event still published, as the client's pool did before handing a connection out."""
    name = f"amora-test-{secrets.token_hex(6)}"
    publisher, listener_bus = RedisEventBus(f"{REDIS_URL}?client_name={name}"), \
        RedisEventBus(REDIS_URL)
    channel = f"member:{secrets.randbelow(10**9) + 10**9}"
    heard: list[Event] = []
    arrived = threading.Semaphore(0)

    def listener(event: Event) -> None:
        heard.append(event)
        arrived.release()

    listener_bus.subscribe(channel, listener)
    publisher.publish(channel, CreditsChanged(credits=1))
    assert arrived.acquire(timeout=30)
    admin = redis.Redis.from_url(REDIS_URL)
    killed = [client for client in admin.client_list(_type="normal") if client["name"] == name]
    assert len(killed) == 1  # the bus's publishing connection
    admin.client_kill_filter(_id=killed[0]["id"])
    publisher.publish(channel, CreditsChanged(credits=2))
    assert arrived.acquire(timeout=30)
    assert heard == [CreditsChanged(credits=1), CreditsChanged(credits=2)]


def test_the_listener_hears_what_the_library_would_hand_it() -> None:
    """The bus reads its channel's messages past redis-py's handling of each (_heard):
    the same data, in order, and every other reply (a subscription's confirmation) still
    handled by the library, so an unsubscribe ends the listening as it ended listen()."""
    from adapters.events.redis_bus import _heard

    channel = f"amora:test:{secrets.token_hex(8)}"
    sender = redis.Redis.from_url(REDIS_URL)

    def heard_by(read: Callable[[Any], Any]) -> list[bytes]:
        pubsub = redis.Redis.from_url(REDIS_URL, protocol=2).pubsub(
            ignore_subscribe_messages=True)
        pubsub.subscribe(channel)
        for text in ("one", '{"to": "member:1"}', "three"):
            sender.publish(channel, text)
        heard: list[bytes] = []
        for data in read(pubsub):
            heard.append(data)
            if len(heard) == 3:
                pubsub.unsubscribe(channel)  # confirmed in the next reply read
        pubsub.close()
        return heard

    expected = [b"one", b'{"to": "member:1"}', b"three"]
    assert heard_by(_heard) == expected
    assert heard_by(lambda pubsub: (raw["data"] for raw in pubsub.listen())) == expected
