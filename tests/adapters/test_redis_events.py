"""The Redis event bus keeps deployments apart that share a Redis server on different db
numbers: pub/sub channels are server-wide, so the db number must be in the channel."""

from __future__ import annotations

import secrets
import threading
import time

import redis

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
