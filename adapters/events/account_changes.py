"""The event bus, telling every process when a member's remembered sign-in is out of
date (application.recent_sign_ins): an event to a member that changes their account is
followed by an AccountChanged on the processes' own ACCOUNTS channel."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

import attrs
import redis

from application.ports.accounts import SignedIn
from application.ports.clock import Clock
from application.ports.events import ACCOUNTS, AccountChanged, Event, member_of_channel
from application.recent_sign_ins import SIGN_IN_FRESH_FOR, RecentSignIns, changes_account

log = logging.getLogger(__name__)


class AnnouncingAccountChanges:
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def publish(self, channel: str, event: Event) -> None:
        self.inner.publish(channel, event)
        member = member_of_channel(channel)
        if member is not None and changes_account(event):
            self.inner.publish(ACCOUNTS, AccountChanged(member))

    def subscribe(self, channel: str, listener: Callable[[Event], None]
                  ) -> Callable[[], None]:
        return self.inner.subscribe(channel, listener)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:  # close(), listening(), ... of the adapter
        return getattr(self.inner, name)


def remembered_sign_ins(look_up: Callable[[str | None], Any], clock: Clock,
                        events: Any) -> RecentSignIns:
    return ListeningSignIns(look_up=look_up, clock=clock, events=events)


@attrs.define
class ListeningSignIns(RecentSignIns):
    """This process's memory of sign-ins, forgetting a member whenever any process
    announces a change to their account. It remembers only while it hears those
    announcements: until it could subscribe (Redis down), every lookup is fresh, and it
    tries again at most once per SIGN_IN_FRESH_FOR."""

    events: Any = None
    _heard: bool = False
    _tried_at: datetime | None = None

    def signed_in(self, token: str | None) -> SignedIn | None:
        if not self._heard and not self._listen():
            return self.look_up(token)
        return super().signed_in(token)

    def _listen(self) -> bool:
        now = self.clock.now()
        if self._tried_at is not None and now < self._tried_at + SIGN_IN_FRESH_FOR:
            return False
        self._tried_at = now
        try:
            self.events.subscribe(ACCOUNTS, self._heard_of)
        except (redis.ConnectionError, redis.TimeoutError) as error:
            log.warning("sign-ins not remembered, account changes unheard: %s", error)
            return False
        self._heard = True
        return True

    def _heard_of(self, event: Event) -> None:
        if isinstance(event, AccountChanged):
            self.forget(event.member)
