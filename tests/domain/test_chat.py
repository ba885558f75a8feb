"""The send policy for every combination of premium, confirmed, blocked, reachable,
and the free allowances."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.chat import FREE_CONVERSATIONS, SendSituation, check_send, clean_text, send_terms
from domain.errors import DomainError


def situation(**changes: object) -> SendSituation:
    values: dict[str, object] = dict(
        sender_confirmed=True, sender_paid=False, blocked_either_way=False,
        recipient_reachable=True, new_conversation=False, conversations_started=0,
        free_messages=3, free_messages_used=0, cost=10, balance=0)
    values.update(changes)
    return SendSituation(**values)  # type: ignore[arg-type]


def expected(s: SendSituation) -> str | None:
    """The rules in words: the first that refuses, or None."""
    if not s.sender_confirmed:
        return "email_not_confirmed"
    if s.blocked_either_way or not s.recipient_reachable:
        return "member_not_found"
    if (not s.sender_paid and s.new_conversation
            and s.conversations_started >= FREE_CONVERSATIONS):
        return "free_conversations_used"
    free = not s.sender_paid and s.free_messages_used < s.free_messages
    if not free and s.balance < s.cost:
        return "not_enough_credits"
    return None


@pytest.mark.parametrize("paid, confirmed, blocked, reachable, new, credits, free_left",
                         list(itertools.product([False, True], repeat=7)))
def test_every_combination(paid: bool, confirmed: bool, blocked: bool, reachable: bool,
                           new: bool, credits: bool, free_left: bool) -> None:
    s = situation(sender_paid=paid, sender_confirmed=confirmed, blocked_either_way=blocked,
                  recipient_reachable=reachable, new_conversation=new,
                  conversations_started=2 if new else 0, balance=10 if credits else 9,
                  free_messages_used=0 if free_left else 3)
    try:
        terms = check_send(s)
    except DomainError as refused:
        assert refused.code == expected(s)
        return
    assert expected(s) is None
    assert terms.cost == (0 if terms.free else 10)


@given(used=st.integers(0, 20), allowance=st.integers(0, 10), started=st.integers(0, 5),
       paid=st.booleans())
def test_free_allowances(used: int, allowance: int, started: int, paid: bool) -> None:
    terms = send_terms(situation(free_messages=allowance, free_messages_used=used,
                                 conversations_started=started, sender_paid=paid))
    if paid:
        assert terms.free_messages_left is None and not terms.free and terms.cost == 10
        assert terms.free_conversations is None
        return
    assert terms.free_messages_left == max(0, allowance - used)
    assert terms.free_conversations_left == max(0, FREE_CONVERSATIONS - started)
    assert terms.free_conversations == FREE_CONVERSATIONS
    assert terms.free == (used < allowance)


def test_message_text() -> None:
    assert clean_text("  hi  ", 10) == "hi"
    with pytest.raises(DomainError, match="message_empty"):
        clean_text("   ", 10)
    with pytest.raises(DomainError) as refused:
        clean_text("x" * 11, 10)
    assert refused.value.params == {"max": 10}
