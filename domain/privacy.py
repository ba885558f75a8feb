"""Quiet mode (issue 21.2): which live signals a member shares with the members they talk to.

Each member switches typing, read receipts and online status off independently. The rule
is reciprocal, as in most messengers: a signal passes between two members only when both
share it, so whoever hides their read receipts (typing, online status) does not see
anyone else's either. A signal that does not pass is never sent: the use cases decide
before anything is published, so the other member's socket receives nothing."""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import StrEnum

import attrs

from domain.members import Member

# A member counts as online while a page of theirs keeps its live connection: the
# connections' sessions are checked (and the members marked seen) every 15 s or so.
ONLINE_WINDOW = timedelta(seconds=45)


@attrs.frozen
class SeenFacts:
    """What the online status of a member follows from."""

    shows_online: bool  # the member's own switch
    seen_at: datetime | None  # their last live connection


class Signal(StrEnum):
    TYPING = "typing"
    READ_RECEIPTS = "read_receipts"
    ONLINE = "online"


def shares(member: Member, signal: Signal) -> bool:
    """The member's own switch for this signal."""
    return {Signal.TYPING: member.share_typing,
            Signal.READ_RECEIPTS: member.share_read_receipts,
            Signal.ONLINE: member.show_online}[signal]


def signal_passes(signal: Signal, sender: Member, receiver: Member) -> bool:
    """The sender's signal reaches the receiver only when both share it (reciprocity)."""
    return shares(sender, signal) and shares(receiver, signal)


def online_status(viewer: Member | None, seen: SeenFacts | None, now: datetime) -> bool | None:
    """Whether a member is online, as the viewer may know it: None (not said at all) when
    either of them hides their online status (reciprocity), or for a visitor."""
    if viewer is None or seen is None or not (viewer.show_online and seen.shows_online):
        return None
    return seen.seen_at is not None and now - seen.seen_at <= ONLINE_WINDOW
