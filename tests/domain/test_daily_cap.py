"""The daily cap of new conversations in the send rules (issue 31.2): it refuses only a
message that would start a conversation, after the rules before it, and the terms tell
how many are left only then."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from domain.chat import SendSituation, check_send, send_terms
from domain.errors import DomainError

SITUATIONS = st.builds(
    SendSituation, sender_confirmed=st.booleans(), sender_paid=st.booleans(),
    blocked_either_way=st.booleans(), recipient_reachable=st.booleans(),
    new_conversation=st.booleans(), conversations_started=st.integers(0, 4),
    free_messages=st.integers(0, 3), free_messages_used=st.integers(0, 4),
    cost=st.integers(0, 20), balance=st.integers(0, 40),
    conversations_left_today=st.one_of(st.none(), st.integers(0, 3)),
    daily_conversations=st.integers(1, 50))


def _refusal(situation: SendSituation) -> str | None:
    try:
        check_send(situation)
    except DomainError as refused:
        return refused.code
    return None


@given(SITUATIONS)
def test_the_cap_refuses_only_a_new_conversation_when_none_is_left(s: SendSituation) -> None:
    before = _refusal(attrs.evolve(s, conversations_left_today=None))
    capped = s.new_conversation and s.conversations_left_today == 0
    if before in ("email_not_confirmed", "member_not_found", "free_conversations_used"):
        assert _refusal(s) == before  # those rules come first
    elif capped:
        try:
            check_send(s)
        except DomainError as refused:
            assert (refused.code, refused.params) == (
                "daily_conversations_used", {"max": s.daily_conversations})
        else:
            raise AssertionError("a new conversation beyond the cap went through")
    else:
        assert _refusal(s) == before


@given(SITUATIONS)
def test_the_terms_tell_whats_left_only_for_a_new_conversation(s: SendSituation) -> None:
    left = send_terms(s).conversations_left_today
    assert left == (s.conversations_left_today if s.new_conversation else None)
