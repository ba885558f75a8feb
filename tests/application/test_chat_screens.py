"""The chat's screens on in-memory ports: the terms shown before typing, history pages
within the site's limit, the unread counter and read receipts, deleted chats, typing
under quiet mode, a page in the background."""

from __future__ import annotations

import attrs
import pytest

from application.ports.events import MessagesRead, Typing, UnreadCount
from domain.chat import FREE_CONVERSATIONS, HISTORY_PAGE
from domain.errors import DomainError
from tests.application.people import NOW, add_member, give_credits, room


def test_the_chat_screen_shows_the_next_messages_terms_or_why_none_can_be_sent() -> None:
    r = room(free_messages=1, message_credits=10)
    screen = r.chat.with_member(r.ann, r.bob.id)
    assert screen.conversation is None and screen.refusal is None
    assert (screen.terms.free, screen.terms.free_messages_left,
            screen.terms.free_conversations_left) == (True, 1, FREE_CONVERSATIONS)
    sent = r.chat.send(r.ann, r.bob.id, "hi")
    screen = r.chat.with_member(r.ann, r.bob.id)
    assert screen.conversation == sent.message.conversation_id
    assert (screen.terms.cost, screen.refusal) == (10, "not_enough_credits")
    assert screen.profile.name == "Bob"
    eve = add_member(r.store, "Eve")
    give_credits(r.store, r.ann, 100)
    r.chat.send(r.ann, eve.id, "hi")  # Ann's second conversation
    assert r.chat.with_member(r.ann, add_member(r.store, "Fay").id).refusal == (
        "free_conversations_used")
    premium = r.chat.with_member(attrs.evolve(r.ann, paid_user=True), r.bob.id)
    assert premium.terms.free_conversations is None and premium.refusal is None


def test_history_pages_back_within_the_sites_limit() -> None:
    r = room(free_messages=1000, chat_history_limit=HISTORY_PAGE + 5)
    for n in range(HISTORY_PAGE + 10):
        r.chat.send(r.ann if n % 2 else r.bob, (r.bob if n % 2 else r.ann).id, f"m{n}")
    conversation = r.store.messages[0].message.conversation_id
    page = r.chat.history(r.ann, conversation, None)
    assert page.has_more and len(page.messages) == HISTORY_PAGE
    assert page.messages[-1].text == f"m{HISTORY_PAGE + 9}"  # oldest first, newest last
    older = r.chat.history(r.ann, conversation, page.messages[0].id)
    assert [m.text for m in older.messages] == [f"m{n}" for n in range(5, 10)]
    assert not older.has_more  # the first five are beyond the site's limit
    with pytest.raises(DomainError, match="conversation_not_found"):
        r.chat.history(add_member(r.store, "Eve"), conversation, None)


def test_reading_clears_the_counter_and_only_premium_members_see_receipts() -> None:
    r = room()
    sent = r.chat.send(r.ann, r.bob.id, "hi")
    r.chat.send(r.ann, r.bob.id, "there")
    conversation = sent.message.conversation_id
    assert r.chat.chats(r.bob).chats[0].num_unread_messages == 2
    r.chat.read(r.bob, conversation)
    assert r.bus.to(r.bob)[-1] == UnreadCount(0)
    assert MessagesRead(conversation) not in r.bus.to(r.ann)  # Ann is a free member
    paying = add_member(r.store, "Pia", paid_user=True)
    give_credits(r.store, paying, 100)
    r.chat.send(paying, r.bob.id, "hi")
    r.chat.read(r.bob, r.store.messages[-1].message.conversation_id)
    assert MessagesRead(r.store.messages[-1].message.conversation_id) in r.bus.to(paying)


def test_a_deleted_chat_is_gone_until_a_new_message_comes() -> None:
    r = room()
    sent = r.chat.send(r.ann, r.bob.id, "hi")
    conversation = sent.message.conversation_id
    r.chat.delete(r.bob, conversation)
    assert r.chat.chats(r.bob).chats == [] and r.chat.chats(r.ann).chats != []
    assert r.chat.history(r.bob, conversation, None).messages == []
    r.chat.send(r.ann, r.bob.id, "still there?")
    [entry] = r.chat.chats(r.bob).chats
    assert entry.last_message is not None and entry.last_message.text == "still there?"
    assert [m.text for m in r.chat.history(r.bob, conversation, None).messages] == [
        "still there?"]


@pytest.mark.parametrize(("ann_shares", "bob_shares"), [(True, True), (True, False),
                                                        (False, True)])
def test_typing_reaches_the_other_member_only_when_both_share_it(
        ann_shares: bool, bob_shares: bool) -> None:
    r = room()
    conversation = r.chat.send(r.bob, r.ann.id, "hi").message.conversation_id
    r.store.members[r.ann.id] = attrs.evolve(r.ann, share_typing=ann_shares)
    r.store.members[r.bob.id] = attrs.evolve(r.bob, share_typing=bob_shares)
    r.bus.published.clear()
    r.chat.typing(r.ann, conversation)  # Ann's socket still holds her old switch
    expected = [Typing(conversation, r.ann.id)] if ann_shares and bob_shares else []
    assert r.bus.to(r.bob) == expected and r.bus.to(r.ann) == []
    with pytest.raises(DomainError, match="conversation_not_found"):
        r.chat.typing(add_member(r.store, "Eve"), conversation)


def test_a_page_in_the_background_is_noted_for_notifications() -> None:
    r = room()
    r.chat.page_hidden(r.ann)
    assert r.store.presence == {r.ann.id: NOW}
