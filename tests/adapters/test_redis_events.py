"""The Redis event bus keeps deployments apart that share a Redis server on different db
numbers: pub/sub channels are server-wide, so the db number must be in the channel."""

from __future__ import annotations

import secrets
import threading

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
