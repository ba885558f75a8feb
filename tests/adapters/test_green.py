"""gevent's patching reads the installed packages' entry points once (adapters/green.py):
its plugins are looked up from that one reading, the same as without it."""

from __future__ import annotations

from importlib import metadata
from typing import Any

import pytest

from adapters.green import entry_points_read_once


def _names(group: str) -> list[str]:
    return [point.name for point in metadata.entry_points(group=group)]


def test_the_plugins_found_are_the_same_from_one_reading() -> None:
    original = metadata.entry_points
    groups = ("console_scripts", "pytest11", "gevent.plugins.monkey.will_patch_all", "none")
    expected = {group: _names(group) for group in groups}
    with entry_points_read_once():
        assert metadata.entry_points is not original
        assert {group: _names(group) for group in groups} == expected
    assert metadata.entry_points is original


def _readings(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Each reading of the installed packages from now on."""
    readings: list[dict[str, Any]] = []
    every = metadata.distributions

    def counted(**params: Any) -> Any:
        readings.append(params)
        return every(**params)

    monkeypatch.setattr(metadata, "distributions", counted)
    return readings


def test_the_packages_are_read_once_within(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = _readings(monkeypatch)
    with entry_points_read_once():
        for _ in range(5):
            metadata.entry_points(group="gevent.plugins.monkey.did_patch_module")
    assert len(readings) == 1


def test_nothing_is_read_when_nothing_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker's second patch, which gevent finds done, reads no package at all."""
    readings = _readings(monkeypatch)
    with entry_points_read_once():
        pass
    assert readings == []


def test_the_lookup_is_restored_after_an_error() -> None:
    original = metadata.entry_points
    with pytest.raises(RuntimeError), entry_points_read_once():
        raise RuntimeError
    assert metadata.entry_points is original


_UNDER_GEVENT = """
import sys, time
from adapters.green import patch_all
patch_all()
import gevent, redis, select
from adapters.green import redis_checks_without_the_hub
polls = []
hub_poll = select.poll
class Counted:
    def __init__(self):
        polls.append(1)
        self._poll = hub_poll()
    def register(self, *args):
        self._poll.register(*args)
    def poll(self, *args):
        return self._poll.poll(*args)
select.poll = Counted
if sys.argv[2] == "installed":
    redis_checks_without_the_hub()
client = redis.Redis.from_url(sys.argv[1], protocol=2)  # as the event bus's
for _ in range(5):
    client.ping()
checks = len(polls)
# A reply left unread on a pooled connection is still found: it must not answer the next.
pool = client.connection_pool
left = pool.get_connection()
left.send_command("ECHO", "stale")
time.sleep(0.1)
pool.release(left)
fresh = client.echo("fresh")
# A poll that may wait lets the other greenlets run meanwhile.
ran = []
gevent.spawn_later(0.05, lambda: ran.append(time.monotonic()))
subscription = client.pubsub(ignore_subscribe_messages=True)
subscription.subscribe("amora:test-green-nothing")
subscription.get_message(timeout=0.3)  # the subscribe confirmation, skipped
started = time.monotonic()
subscription.get_message(timeout=0.3)
ended = time.monotonic()
print(checks, fresh.decode(), bool(ran) and ran[0] < ended)
"""


@pytest.mark.parametrize("installed", [True, False])
def test_redis_checks_that_do_not_wait_skip_gevents_hub(installed: bool) -> None:
    """Under gevent, redis-py's pool checks each connection it hands out for unread data
    with gevent's poll (its watchers, a turn of the hub): the kernel's answers at once. A
    reply left unread is still found, and a poll that waits still lets greenlets run."""
    import subprocess
    import sys
    from pathlib import Path

    from tests.conftest import REDIS_URL

    shown = subprocess.run(
        [sys.executable, "-c", _UNDER_GEVENT, REDIS_URL, "installed" if installed else "not"],
        cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, check=True)
    checks, fresh, others_ran = shown.stdout.split()
    assert (fresh, others_ran) == ("fresh", "True")
    assert (int(checks) == 0) is installed, checks
