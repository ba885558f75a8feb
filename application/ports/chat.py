"""Conversations and their messages."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import attrs

from application.ports.discovery import MemberCard
from domain.members import AccountStatus, Member
from domain.openers import Opener


@attrs.frozen
class Conversation:
    id: int
    member_low: int  # the pair in id order
    member_high: int
    started_by: int

    def other(self, member_id: int) -> int:
        return self.member_high if self.member_low == member_id else self.member_low


@attrs.frozen
class Message:
    id: int
    conversation_id: int
    sender_id: int
    text: str
    created_at: datetime
    gift: str | None  # the gift's key when the message is a gift
    # Removed by the moderators (issue 30.4): its text and gift are gone, the decision's
    # undo keeps them; both members see that something was removed.
    removed: bool = False
    # The scam shield (issue 31.2): the screening's reasons of a message its sender sent
    # despite the nudge (the recipient is warned), and whether it waits undelivered
    # because its sender is held (only the sender sees it then).
    flags: tuple[str, ...] = ()
    held: bool = False


@attrs.frozen
class ChatSummary:
    """One conversation in the member's chat list."""

    conversation_id: int
    num_unread_messages: int
    profile: MemberCard  # the other member
    last_message: Message | None


@attrs.frozen
class SendFacts:
    """Everything a message's send (and the chat screen's terms) depends on, read together
    (issue 36.3: one statement in SQL instead of a dozen)."""

    # None: no such member. Both members' sites are the use case's to look up (from the
    # process's memory of the sites: application.chat_terms.sites_of).
    recipient: Member | None
    conversation: Conversation | None  # the pair's, if they have one
    blocked_either_way: bool
    conversations_started: int  # by the sender, ever
    free_messages_used: int  # by the sender, ever
    balance: int  # the sender's credits
    held: bool  # the scam shield holds the sender: their messages wait
    recipient_unread: int  # the recipient's unread messages, all conversations
    sent_with_key: bool  # the sender sent a message with this idempotency key before
    # The sender's account as its row says (held with lock=True): a send may come with a
    # sign-in the process remembered, so a ban must be seen here (issue 36.3).
    sender_status: AccountStatus


class ChatRepository(Protocol):
    def send_facts(self, sender: int, recipient: int, key: str | None = None,
                   lock: bool = False) -> SendFacts:
        """What sending from ``sender`` to ``recipient`` depends on. ``lock``: the sender's
        row is held until the transaction ends, as MemberRepository.lock holds it."""
        ...
    def between(self, one: int, other: int) -> Conversation | None: ...
    def get(self, conversation_id: int) -> Conversation | None: ...
    def start(self, starter: int, other: int, at: datetime) -> int: ...
    def started_by(self, member_id: int) -> int: ...
    def free_messages_used(self, member_id: int) -> int: ...
    def sent_with_key(self, sender: int, key: str) -> bool: ...
    def add_message(self, conversation_id: int, sender: int, text: str, at: datetime,
                    cost: int, free: bool, gift: str | None = None,
                    key: str | None = None, flags: tuple[str, ...] = (),
                    held: bool = False, notify: int | None = None) -> Message:
        """A held message (its sender is held by the shield) waits: the recipient neither
        sees it nor counts it unread until `release_held`. ``notify``: the member to be
        notified of it (mail, push) later: its MessageNotice goes into the unit's outbox
        with it, as application.shared.outbox.notify_later writes it (issue 36.3: on
        PostgreSQL in the message's own statement, not one of its own)."""
        ...
    def flags_sent_since(self, sender: int, since: datetime) -> list[tuple[str, ...]]:
        """The flags of each flagged message (sent despite the nudge) the member sent
        since."""
        ...
    def release_held(self, sender: int) -> list[Message]:
        """The member's waiting messages delivered: seen and counted unread by their
        recipients from now on; oldest first."""
        ...
    def unlocked(self, member_id: int) -> set[int]: ...
    def unlock(self, member_id: int, photo_id: int, at: datetime) -> None: ...
    def has_written(self, conversation_id: int, member_id: int) -> bool: ...
    def message(self, message_id: int) -> Message | None: ...
    def set_content(self, message_id: int, text: str, gift: str | None) -> None:
        """A message's text and gift replaced (an operator removed it, or put it back)."""
        ...
    def mark_read(self, conversation_id: int, member_id: int) -> None: ...
    def hide(self, conversation_id: int, member_id: int) -> None: ...
    def page_hidden(self, member_id: int, at: datetime) -> None: ...


class ChatQueries(Protocol):
    """Read only: the chat list, a conversation's pages and the unread counter."""

    def history(self, conversation_id: int, member_id: int, before: int | None, limit: int,
                oldest: int | None) -> list[Message]:
        """Up to ``limit`` messages the member still sees, before message ``before``
        (newest first), never older than message ``oldest``."""
        ...
    def oldest_kept(self, conversation_id: int, keep: int) -> int | None:
        """The id of the oldest of the last ``keep`` messages (None: keep everything)."""
        ...
    def chats_of(self, member_id: int) -> list[ChatSummary]:
        """The member's visible conversations, latest first."""
        ...
    def flagged_since(self, since: datetime, limit: int) -> list[Message]:
        """Messages sent despite the scam shield's nudge since then, newest first."""
        ...
    def waiting_of(self, sender: int, limit: int) -> list[Message]:
        """A held member's messages that wait undelivered, newest first."""
        ...
    def unread_total(self, member_id: int) -> int: ...


class Icebreakers(Protocol):
    def lines(self, language: str) -> list[Opener]:
        """The opening lines of a language, in their order, with their tags."""
        ...
