"""How much a member's live connection (/ws) may say, and how much of it is passed on
(issue 28.3). The web app sends a typing notice at most every 3 s while its member types
and a ping every 25 s; nothing a client sends is bigger than MAX_CLIENT_MESSAGE.

Pure rules: the caller passes the time.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs

MAX_CLIENT_MESSAGE = 1024  # characters; {"type": "typing", "conversation": id} is ~45
# A socket may send MESSAGES_BURST messages at once and MESSAGES_PER_SECOND for good
# (pings included): many times what the web app sends, far below a flood.
MESSAGES_BURST = 10
MESSAGES_PER_SECOND = 2.0
# Typing notices are ephemeral presence hints ("Ann is typing…", shown for 5 s after the
# last one), not member content: of a member's notices in a conversation, one passes every
# TYPING_EVERY and the rest are dropped, never queued. A little under the web app's 3 s,
# so that one typing member's notices all pass despite network jitter.
TYPING_EVERY = timedelta(seconds=2.5)


@attrs.frozen
class Allowance:
    """What a socket may still send (a token bucket): `messages` at `at`, growing by
    MESSAGES_PER_SECOND up to MESSAGES_BURST as time passes."""

    messages: float
    at: datetime

    @classmethod
    def full(cls, now: datetime) -> Allowance:
        return cls(float(MESSAGES_BURST), now)

    def spend(self, now: datetime) -> Allowance | None:
        """The allowance left after one more message at `now`, or None: the socket sent
        more than it may (a flood)."""
        elapsed = max(0.0, (now - self.at).total_seconds())  # a clock set back: no refill
        messages = min(float(MESSAGES_BURST), self.messages + elapsed * MESSAGES_PER_SECOND)
        if messages < 1:
            return None
        return Allowance(messages - 1, max(now, self.at))


def typing_passes(last_passed: datetime | None, now: datetime) -> bool:
    """Whether a member's typing notice in a conversation goes out, given when their last
    one there went out (None: not within memory)."""
    return last_passed is None or not last_passed <= now < last_passed + TYPING_EVERY
