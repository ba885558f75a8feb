"""Where the scam shield acts on messages (issue 31.2), as rules.

A flagged message is not sent at once: its sender is nudged first and may send it anyway.
Sending flagged messages again and again is what lures look like from the outside, so the
third within a day holds the sender: their messages wait, undelivered, until an operator
releases them (and what waited is delivered) or bans them. A member reporting a message
that was sent despite the nudge holds its sender at once."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

import attrs

# Three flagged sends within a day: one may be an honest "call me on 0612...", a second
# after the nudge said why, a pattern.
FLAGGED_SENDS_TO_HOLD = 3
FLAGGED_WINDOW = timedelta(hours=24)
SHIELD_ACTOR = "amora-shield"  # who decides the shield's automated decisions


@attrs.frozen
class Nudge:
    """What a flagged message's sender is shown before sending it anyway."""

    text: str
    reasons: tuple[str, ...]
    # (start, end, reason) in UTF-16 code units: the web reads strings that way
    spans: tuple[tuple[int, int, str], ...]

    def params(self) -> dict[str, object]:
        return {"text": self.text, "reasons": list(self.reasons),
                "spans": [{"start": start, "end": end, "reason": reason}
                          for start, end, reason in self.spans]}


def holds_sender(flagged_sends_in_window: int) -> bool:
    """Whether this many flagged sends within FLAGGED_WINDOW (this one included) hold the
    sender."""
    return flagged_sends_in_window >= FLAGGED_SENDS_TO_HOLD


def utf16_offset(text: str, index: int) -> int:
    """`index` (code points into `text`) as UTF-16 code units: a character outside the
    Basic Multilingual Plane (an emoji) counts two there."""
    return index + sum(1 for char in text[:index] if ord(char) > 0xFFFF)


def nudge(text: str, reasons: Iterable[str],
          spans: Iterable[tuple[int, int, str]]) -> Nudge:
    return Nudge(text=text, reasons=tuple(reasons),
                 spans=tuple((utf16_offset(text, start), utf16_offset(text, end), reason)
                             for start, end, reason in spans))


def flags_text(reasons: Iterable[str]) -> str | None:
    """The reasons as a message keeps them (comma-separated), None when there are none."""
    return ",".join(reasons) or None


def flags_of(stored: str | None) -> tuple[str, ...]:
    return tuple(stored.split(",")) if stored else ()
