"""The memory of sign-ins is never staler than the bus that brings the other processes'
changes (issue 36.1): it remembers nothing while the bus cannot hear them (no inbox of its
own without Redis), and forgets everything when the bus may have missed some (a lost
Redis connection, reconnected)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from adapters.events.account_changes import remembered_sign_ins
from adapters.events.announced_writes import AnnouncedAccountWrites
from application.ports.events import ACCOUNTS, AccountChanged, Event
from tests.application.memory_services import FixedClock
from tests.application.test_recent_sign_ins import Database, _signed_in


@attrs.define
class Bus:
    """A bus that tells how often it may have missed events (None: it hears nobody)."""

    missed_so_far: int | None = 0
    listeners: list[Callable[[Event], None]] = attrs.Factory(list)
    published: list[tuple[str, Event]] = attrs.Factory(list)

    def publish(self, channel: str, event: Event) -> None:
        self.published.append((channel, event))

    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        self.published.extend(published)

    def subscribe(self, channel: str, listener: Callable[[Event], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: None

    def missed(self) -> int | None:
        return self.missed_so_far


def _memory(bus: Bus) -> tuple[Database, Callable[[str], object]]:
    database = Database({"t": _signed_in(1)})
    memory = remembered_sign_ins(database.look_up, FixedClock(), bus)
    return database, memory.signed_in


def test_remembered_while_the_bus_hears_the_others() -> None:
    database, signed_in = _memory(Bus())
    signed_in("t")
    signed_in("t")
    assert database.asked == 1


def test_nothing_remembered_while_the_bus_hears_nobody() -> None:
    database, signed_in = _memory(Bus(missed_so_far=None))
    signed_in("t")
    signed_in("t")
    assert database.asked == 2


def test_everything_forgotten_when_the_bus_may_have_missed_news() -> None:
    bus = Bus()
    database, signed_in = _memory(bus)
    signed_in("t")
    bus.missed_so_far = 1  # Redis lost and found again: a ban may have gone unheard
    signed_in("t")
    signed_in("t")
    assert database.asked == 2


def test_a_commit_is_forgotten_here_at_once_and_announced_to_the_others() -> None:
    bus = Bus()
    database = Database({"t": _signed_in(1)})
    writes = AnnouncedAccountWrites(lambda: bus)
    memory = remembered_sign_ins(database.look_up, FixedClock(), bus, writes)
    memory.signed_in("t")
    writes.announce({1})
    memory.signed_in("t")
    assert database.asked == 2  # forgotten without waiting for the bus's echo
    assert bus.published == [(ACCOUNTS, AccountChanged(1))]
