"""Who may send whom a message, and what it costs (issue 6; spec sections 1, 5, 6).

Each message costs the site's message_credits, never less than the sender's country
floor. Free members (no purchase yet) may start at most two conversations and send a
site-set number of messages for free. An unconfirmed e-mail cannot send or reply;
nobody messages across a block; invisible members must make the first contact. New
conversations a day are capped by trust (domain/trust.py, issue 31.2); replies and
conversations already going never are.
"""

from __future__ import annotations

import attrs

from domain.errors import DomainError
from domain.texts import has_control_characters_in_lines, normalise_lines

FREE_CONVERSATIONS = 2
HISTORY_PAGE = 50


@attrs.frozen(kw_only=True)
class SendSituation:
    sender_confirmed: bool
    sender_paid: bool
    blocked_either_way: bool
    recipient_reachable: bool  # findable, or invisible but made first contact
    new_conversation: bool
    conversations_started: int
    free_messages: int  # the site's allowance for free members
    free_messages_used: int
    cost: int
    balance: int
    # New conversations the sender may still start today and the daily cap they come from
    # (domain/trust.py); None when no cap applies or it was not asked (an existing one).
    conversations_left_today: int | None = None
    daily_conversations: int | None = None


@attrs.frozen
class SendTerms:
    """What the member sees before sending: the price of this message, what is left of
    the free allowance and how many conversations that allowance has (None for premium
    members, who have none); when the message would start a conversation, how many new
    conversations are left today (None otherwise)."""

    cost: int
    free: bool
    free_messages_left: int | None
    free_conversations_left: int | None
    free_conversations: int | None
    conversations_left_today: int | None = None


def _left_today(situation: SendSituation) -> int | None:
    return situation.conversations_left_today if situation.new_conversation else None


def send_terms(situation: SendSituation) -> SendTerms:
    if situation.sender_paid:
        return SendTerms(cost=situation.cost, free=False, free_messages_left=None,
                         free_conversations_left=None, free_conversations=None,
                         conversations_left_today=_left_today(situation))
    messages_left = max(0, situation.free_messages - situation.free_messages_used)
    conversations_left = max(0, FREE_CONVERSATIONS - situation.conversations_started)
    free = messages_left > 0
    return SendTerms(cost=0 if free else situation.cost, free=free,
                     free_messages_left=messages_left,
                     free_conversations_left=conversations_left,
                     free_conversations=FREE_CONVERSATIONS,
                     conversations_left_today=_left_today(situation))


def check_send(situation: SendSituation) -> SendTerms:
    """The terms of this message, or the first rule that refuses it."""
    if not situation.sender_confirmed:
        raise DomainError("email_not_confirmed")
    if situation.blocked_either_way or not situation.recipient_reachable:
        raise DomainError("member_not_found")
    terms = send_terms(situation)
    if (situation.new_conversation and not situation.sender_paid
            and situation.conversations_started >= FREE_CONVERSATIONS):
        raise DomainError("free_conversations_used", max=FREE_CONVERSATIONS)
    left_today = situation.conversations_left_today
    if situation.new_conversation and left_today is not None and left_today <= 0:
        raise DomainError("daily_conversations_used", max=situation.daily_conversations)
    if not terms.free and situation.balance < terms.cost:
        raise DomainError("not_enough_credits", balance=situation.balance, needed=terms.cost)
    return terms


def clean_text(text: str, max_length: int) -> str:
    """A message as stored: trimmed, not empty, within the site's message_length, line
    ends as \n and no other control character."""
    cleaned = normalise_lines(text).strip()
    if not cleaned:
        raise DomainError("message_empty")
    if len(cleaned) > max_length:
        raise DomainError("message_too_long", max=max_length)
    if has_control_characters_in_lines(cleaned):
        raise DomainError("text_invalid_characters")
    return cleaned
