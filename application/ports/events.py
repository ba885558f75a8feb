"""Live events to whoever listens: what use cases tell a member's open pages (over /ws)
after they commit. Each event's ``kind`` is its "type" on the wire."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol

import attrs

from application.ports.chat import Message
from domain.orders import OrderStatus


@attrs.frozen
class NewMessage:
    """A message in one of the member's conversations (sent by them or to them)."""

    kind: ClassVar[str] = "message"
    message: Message
    unread: int | None = None  # the recipient's unread total; the sender's copy has none


@attrs.frozen
class MessagesRead:
    """The other member read the conversation (only for premium members' read receipts)."""

    kind: ClassVar[str] = "read"
    conversation: int


@attrs.frozen
class UnreadCount:
    kind: ClassVar[str] = "counters"
    unread: int


@attrs.frozen
class Typing:
    kind: ClassVar[str] = "typing"
    conversation: int
    member: int


@attrs.frozen
class CreditsChanged:
    kind: ClassVar[str] = "credits"
    credits: int  # the balance now


@attrs.frozen
class NewLike:
    kind: ClassVar[str] = "like"
    member: int  # who likes the member


@attrs.frozen
class LikeWithdrawn:
    """A member took back their like of the member: their likes lists and badge change,
    and a match between them is over. Nothing is mailed or pushed for it."""

    kind: ClassVar[str] = "unlike"
    member: int  # who no longer likes the member


@attrs.frozen
class MatchProfile:
    id: int
    name: str
    age: int


@attrs.frozen
class NewMatch:
    kind: ClassVar[str] = "match"
    profile: MatchProfile  # who liked back


@attrs.frozen
class PaymentSettled:
    """An order reached a new status (the receipt, when paid)."""

    kind: ClassVar[str] = "payment"
    order: int
    status: OrderStatus


@attrs.frozen
class SessionRevoked:
    """The member's sessions ended (a ban): open pages close. With ``sessions``, only
    those sessions ended (the member ended them, issue 33.3): only their pages close."""

    kind: ClassVar[str] = "session_revoked"
    sessions: tuple[int, ...] = ()

    def ends(self, session_id: int | None) -> bool:
        """Whether the pages of this session close."""
        return not self.sessions or session_id in self.sessions


@attrs.frozen
class AccountChanged:
    """Between processes only (channel ACCOUNTS, never a member's pages): what a process
    remembers of this member's sign-in may be out of date (application.recent_sign_ins)."""

    kind: ClassVar[str] = "account_changed"
    member: int


Event = (NewMessage | MessagesRead | UnreadCount | Typing | CreditsChanged | NewLike
         | LikeWithdrawn | NewMatch | PaymentSettled | SessionRevoked | AccountChanged)
EVENTS: tuple[type[Event], ...] = (NewMessage, MessagesRead, UnreadCount, Typing,
                                   CreditsChanged, NewLike, LikeWithdrawn, NewMatch,
                                   PaymentSettled, SessionRevoked, AccountChanged)

# The processes' own channel: no member's page listens to it.
ACCOUNTS = "accounts"


class EventBus(Protocol):
    """Fan-out of events to whoever listens (WebSocket connections, other processes)."""

    def publish(self, channel: str, event: Event) -> None: ...
    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        """Several events of one deed (a message to its recipient and to the sender's
        other devices) as one: over Redis one publish that every process hears once."""
        ...
    def subscribe(self, channel: str, listener: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``listener`` with every event on ``channel``; returns the unsubscribe."""
        ...


def member_channel(member_id: int) -> str:
    return f"member:{member_id}"


def member_of_channel(channel: str) -> int | None:
    """The member whose pages a channel is for (None for another channel)."""
    prefix, _, member = channel.partition(":")
    return int(member) if prefix == "member" and member.isdigit() else None
