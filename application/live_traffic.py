"""What the live sockets of a process may send, and which typing notices go out (issue
28.3): the rules of domain.live_limits on the process's clock, with the memory they need.

Typing notices are kept apart per process: a member with sockets on several server
processes can have one notice per process pass every TYPING_EVERY. That bounds them;
they are hints, not worth a shared store.
"""

from __future__ import annotations

import threading
from datetime import datetime

import attrs

from application.ports.clock import Clock
from domain.live_limits import TYPING_EVERY, Allowance, typing_passes

# A bound on memory: beyond it, what is out of date goes, and if that is not enough,
# everything (the worst that does is one notice too many).
MOST_REMEMBERED = 10_000


@attrs.define
class SocketAllowance:
    """One socket's allowance, spent by each message its client sends."""

    clock: Clock
    left: Allowance

    def take(self) -> bool:
        """Spends one message; False once the socket sent more than it may."""
        left = self.left.spend(self.clock.now())
        if left is None:
            return False
        self.left = left
        return True


@attrs.define
class LiveTraffic:
    clock: Clock
    _passed: dict[tuple[int, int], datetime] = attrs.Factory(dict)
    _lock: threading.Lock = attrs.Factory(threading.Lock)

    def allowance(self) -> SocketAllowance:
        """A new socket's allowance, full."""
        return SocketAllowance(self.clock, Allowance.full(self.clock.now()))

    def typing_passes(self, member_id: int, conversation_id: int) -> bool:
        """Whether this typing notice goes out; asked before anything else about it (is
        it their conversation, quiet mode), so a dropped one costs no database read."""
        now, key = self.clock.now(), (member_id, conversation_id)
        with self._lock:
            if not typing_passes(self._passed.get(key), now):
                return False
            if len(self._passed) >= MOST_REMEMBERED:
                self._drop_out_of_date(now)
            self._passed[key] = now
            return True

    def _drop_out_of_date(self, now: datetime) -> None:
        self._passed = {key: at for key, at in self._passed.items()
                        if at <= now < at + TYPING_EVERY}
        if len(self._passed) >= MOST_REMEMBERED:
            self._passed.clear()
