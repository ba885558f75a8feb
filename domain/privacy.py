"""Quiet mode (issue 21.2): which live signals a member shares with the members they talk to.

Each member switches typing, read receipts and online status off independently. The rule
is reciprocal, as in most messengers: a signal passes between two members only when both
share it, so whoever hides their read receipts (typing, online status) does not see
anyone else's either. A signal that does not pass is never sent: the use cases decide
before anything is published, so the other member's socket receives nothing."""

from __future__ import annotations

from enum import StrEnum

from domain.members import Member


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
