"""Every commit that wrote a member's account or sessions, announced by the process that
made it (issue 36.1): the web app, a command line (`amora members ban`, a photo review),
the worker's jobs and the scheduler's alike, since the container builds every unit of
work with this announcer (adapters/sql/account_writes.py). This process's memories of
sign-ins forget the member at once; the other processes when the event bus brings them
the AccountChanged (Redis, or without it the same-host sockets of the processes sharing
VAR_DIR). Cheap to import: a command line that writes nothing never builds the bus."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Protocol

from application.ports.events import ACCOUNTS, AccountChanged, EventBus


class Memory(Protocol):
    def forget(self, member_id: int) -> None: ...


class AnnouncedAccountWrites:
    def __init__(self, events: Callable[[], EventBus]) -> None:
        self._events = events  # the container's provider: built on the first announcement
        self._memories: list[Memory] = []

    def remembered_by(self, memory: Memory) -> None:
        """``memory`` (this process's sign-ins) forgets the members written, at once: over
        Redis the process hears its own announcement only after a round trip."""
        self._memories.append(memory)

    def announce(self, members: Collection[int]) -> None:
        for memory in self._memories:
            for member_id in members:
                memory.forget(member_id)
        events = self._events()
        for member_id in members:
            events.publish(ACCOUNTS, AccountChanged(member_id))
