"""The event bus, telling every process when a member's remembered sign-in is out of
date (application.recent_sign_ins): an event to a member that changes their account is
followed by an AccountChanged on the processes' own ACCOUNTS channel."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import attrs

from adapters.outages import redis_outages
from application.ports.accounts import SignedIn
from application.ports.clock import Clock
from application.ports.events import ACCOUNTS, AccountChanged, Event, member_of_channel
from application.recent_sign_ins import RecentSignIns, changes_account

if TYPE_CHECKING:
    from adapters.events.announced_writes import AnnouncedAccountWrites

log = logging.getLogger(__name__)
RETRY_LISTENING = timedelta(seconds=1)


class AnnouncingAccountChanges:
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def publish(self, channel: str, event: Event) -> None:
        self.publish_all(((channel, event),))

    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        if len(published) == 1:
            self.inner.publish(*published[0])
        else:
            self.inner.publish_all(published)
        # Each on its own, as every process has always heard them: a process of the last
        # release, still serving through a rolling deploy, must not miss one.
        for channel, event in published:
            member = member_of_channel(channel)
            if member is not None and changes_account(event):
                self.inner.publish(ACCOUNTS, AccountChanged(member))

    def subscribe(self, channel: str, listener: Callable[[Event], None]
                  ) -> Callable[[], None]:
        return self.inner.subscribe(channel, listener)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:  # close(), listening(), ... of the adapter
        return getattr(self.inner, name)


def remembered_sign_ins(look_up: Callable[[str | None], Any], clock: Clock, events: Any,
                        writes: AnnouncedAccountWrites | None = None) -> RecentSignIns:
    """This process's memory of sign-ins; ``writes``, the announcer of this process's
    commits, makes it forget what they wrote at once."""
    memory = ListeningSignIns(look_up=look_up, clock=clock, events=events)
    if writes is not None:
        writes.remembered_by(memory)
    return memory


@attrs.define
class ListeningSignIns(RecentSignIns):
    """This process's memory of sign-ins, forgetting a member whenever any process
    announces a change to their account. It remembers only while it hears those
    announcements: until it could subscribe (Redis down), or while the bus cannot hear
    the other processes (no inbox of its own without Redis), every lookup is fresh, and
    it tries again at most once per second. When the bus may have missed announcements
    (a lost Redis connection), it forgets everything: the memory is never staler than
    the bus that brings the changes."""

    events: Any = None
    _subscribed: bool = False
    _tried_at: datetime | None = None
    _missed: int | None = None
    _missed_of: Callable[[], int | None] | None = None

    def signed_in(self, token: str | None) -> SignedIn | None:
        missed = self._bus_missed() if self._subscribed else None
        if missed is None:
            if not self._listen():
                return self.look_up(token)
            missed = self._bus_missed()
        if missed != self._missed:
            self.forget_all()  # announcements may be lost: nothing remembered is sure
            self._missed = missed
        return super().signed_in(token)

    def _bus_missed(self) -> int | None:
        """How often the bus may have missed other processes' events (None: it cannot
        hear them now); a bus without the notion hears everything."""
        missed = self._missed_of
        if missed is None:  # looked up once: through the bus's wrappers on every read
            missed = self._missed_of = getattr(self.events, "missed", None) or _none_missed
        return missed()

    def _listen(self) -> bool:
        now = self.clock.now()
        if self._tried_at is not None and now < self._tried_at + RETRY_LISTENING:
            return False
        self._tried_at = now
        if not self._subscribed:
            try:
                self.events.subscribe(ACCOUNTS, self._heard_of)
            except redis_outages() as error:
                log.warning("sign-ins not remembered, account changes unheard: %s", error)
                return False
            self._subscribed = True
        if self._bus_missed() is None:
            log.warning("sign-ins not remembered: the event bus hears no other process")
            return False
        return True

    def _heard_of(self, event: Event) -> None:
        if isinstance(event, AccountChanged):
            self.forget(event.member)


def _none_missed() -> int:
    return 0
