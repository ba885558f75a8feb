"""Sending on in-memory ports: what a message costs, the free allowance and free
conversations, refusals (nothing stored, nothing charged), gifts, unlocked photos and the
events after the commit. The screens: test_chat_screens.py."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.ports.events import CreditsChanged, NewMessage
from application.ports.jobs import MessageNotice
from domain.chat import FREE_CONVERSATIONS
from domain.errors import DomainError
from domain.members import AccountStatus
from tests.application.memory import MemoryJobs
from tests.application.memory_social import LikeRow
from tests.application.people import NOW, add_member, add_photo, balance, give_credits, room


def test_a_free_member_sends_the_sites_free_messages_then_pays_each() -> None:
    r = room(free_messages=2, message_credits=10)
    give_credits(r.store, r.ann, 25)
    first = r.chat.send(r.ann, r.bob.id, " hello ")
    assert first.message.text == "hello" and first.terms.free and first.credits == 25
    assert first.terms.free_messages_left == 1
    second = r.chat.send(r.ann, r.bob.id, "again")
    assert not second.terms.free and second.terms.cost == 10  # what the next one costs
    third = r.chat.send(r.ann, r.bob.id, "paid")
    assert third.credits == 15 == balance(r.store, r.ann)
    [charge] = [e for e in r.store.ledger if e.amount < 0]
    assert (charge.key, charge.amount) == (f"message:{third.message.id}", -10)
    assert [row.cost for row in r.store.messages] == [0, 0, 10]
    assert CreditsChanged(15) in r.bus.to(r.ann)
    r.chat.send(r.ann, r.bob.id, "five left")
    with pytest.raises(DomainError, match="not_enough_credits"):
        r.chat.send(r.ann, r.bob.id, "one too many")
    assert len(r.store.messages) == 4 and balance(r.store, r.ann) == 5


def test_the_senders_country_floor_sets_the_price() -> None:
    r = room(free_messages=0, message_credits=10)  # sample site: DE costs at least 15
    german = add_member(r.store, "Dora", country="DE")
    give_credits(r.store, german, 100)
    assert r.chat.send(german, r.bob.id, "hallo").credits == 85


def test_free_members_start_two_conversations_premium_members_any() -> None:
    r = room(free_messages=100)
    others = [add_member(r.store, f"M{n}", gender="male") for n in range(FREE_CONVERSATIONS + 1)]
    for other in others[:FREE_CONVERSATIONS]:
        r.chat.send(r.ann, other.id, "hi")
    with pytest.raises(DomainError, match="free_conversations_used") as refused:
        r.chat.send(r.ann, others[-1].id, "hi")
    assert refused.value.params == {"max": FREE_CONVERSATIONS}
    assert len(r.store.conversations) == FREE_CONVERSATIONS  # nothing was started
    r.chat.send(r.ann, others[0].id, "an old conversation goes on")
    premium = attrs.evolve(r.ann, paid_user=True)
    give_credits(r.store, r.ann, 10)
    assert r.chat.send(premium, others[-1].id, "hi").credits == 0


def test_an_unconfirmed_sender_and_an_unknown_recipient_are_refused_storing_nothing() -> None:
    r = room()
    with pytest.raises(DomainError, match="email_not_confirmed"):
        r.chat.send(attrs.evolve(r.ann, status=AccountStatus.NOT_CONFIRMED), r.bob.id, "hi")
    with pytest.raises(DomainError, match="member_not_found"):
        r.chat.send(r.ann, 999, "hi")
    with pytest.raises(DomainError, match="member_not_found"):
        r.chat.send(r.ann, r.ann.id, "hi")  # oneself
    assert not r.store.messages and not r.store.conversations and not r.bus.published


@pytest.mark.parametrize("blocker", ["ann", "bob"])
def test_nobody_writes_across_a_block(blocker: str) -> None:
    r = room()
    one, other = (r.ann, r.bob) if blocker == "ann" else (r.bob, r.ann)
    r.store.blocks.add((one.id, other.id))
    with pytest.raises(DomainError, match="member_not_found"):
        r.chat.send(r.ann, r.bob.id, "hi")
    with pytest.raises(DomainError, match="member_not_found"):
        r.chat.with_member(r.ann, r.bob.id)


def test_an_invisible_member_is_written_to_only_after_their_first_contact() -> None:
    r = room()
    ghost = add_member(r.store, "Gus", gender="male", invisible=True)
    with pytest.raises(DomainError, match="member_not_found"):
        r.chat.send(r.ann, ghost.id, "hi")
    r.chat.send(ghost, r.ann.id, "hello Ann")
    assert r.chat.send(r.ann, ghost.id, "hi Gus").message.text == "hi Gus"
    liker = add_member(r.store, "Ivo", gender="male", invisible=True)
    with pytest.raises(DomainError, match="member_not_found"):
        r.chat.with_member(r.ann, liker.id)
    r.store.likes[liker.id, r.ann.id] = LikeRow(NOW)
    assert r.chat.with_member(r.ann, liker.id).conversation is None


def test_a_retried_send_is_told_it_went_through_and_charged_once() -> None:
    r = room(free_messages=0)
    give_credits(r.store, r.ann, 30)
    r.chat.send(r.ann, r.bob.id, "hi", key="k-1")
    with pytest.raises(DomainError, match="already_sent"):
        r.chat.send(r.ann, r.bob.id, "hi", key="k-1")
    assert len(r.store.messages) == 1 and balance(r.store, r.ann) == 20


@pytest.mark.parametrize(("text", "code"), [("  \n ", "message_empty"),
                                             ("x" * 11, "message_too_long"),
                                             ("a\x07b", "text_invalid_characters")])
def test_bad_texts_are_refused(text: str, code: str) -> None:
    r = room(message_length=10)
    with pytest.raises(DomainError, match=code):
        r.chat.send(r.ann, r.bob.id, text)
    assert not r.store.messages


def test_the_recipient_hears_of_it_after_the_commit_and_a_notify_job_is_written() -> None:
    r = room()
    sent = r.chat.send(r.ann, r.bob.id, "hi")
    assert r.bus.to(r.bob) == [NewMessage(sent.message, unread=1)]
    assert r.bus.to(r.ann) == [NewMessage(sent.message)]
    [job] = r.store.jobs
    assert job == MessageNotice(r.bob.id, r.ann.id, sent.message.conversation_id,
                                sent.message.id)


def test_a_gift_is_a_paid_message_at_its_size_never_free() -> None:
    r = room(free_messages=5, gift_credits=4)
    give_credits(r.store, r.ann, 20)
    assert {g.key: g.price for g in r.chat.gifts(r.ann).gifts}["teddy"] == 8
    sent = r.chat.send_gift(r.ann, r.bob.id, "teddy")
    assert sent.message.gift == "teddy" and sent.credits == 12
    assert sent.terms.free  # the free messages are still there for text
    with pytest.raises(DomainError, match="gift_not_found"):
        r.chat.send_gift(r.ann, r.bob.id, "yacht")
    with pytest.raises(DomainError, match="not_enough_credits"):
        r.chat.send_gift(r.ann, r.bob.id, "diamond")  # 20 credits
    assert balance(r.store, r.ann) == 12 and len(r.store.messages) == 1


def test_a_locked_photo_is_bought_once_the_main_photo_never() -> None:
    r = room(photo_credits=7)
    give_credits(r.store, r.ann, 10)
    main = add_photo(r.store, r.bob, main=True)
    locked = add_photo(r.store, r.bob)
    with pytest.raises(DomainError, match="photo_already_open"):
        r.chat.unlock_photo(r.ann, r.bob.id, main)
    assert r.chat.unlock_photo(r.ann, r.bob.id, locked).credits == 3
    again = r.chat.unlock_photo(r.ann, r.bob.id, locked)  # a retry costs nothing
    assert again.credits == 3 and not again.photo.locked
    with pytest.raises(DomainError, match="photo_not_found"):
        r.chat.unlock_photo(r.ann, r.bob.id, 999)
    other = add_photo(r.store, r.bob)
    with pytest.raises(DomainError, match="not_enough_credits"):
        r.chat.unlock_photo(r.ann, r.bob.id, other)
    assert balance(r.store, r.ann) == 3 and r.store.unlocks == {(r.ann.id, locked)}


@settings(max_examples=60, deadline=None)
@given(free=st.integers(0, 4), cost=st.integers(1, 20), credits=st.integers(0, 60),
       sends=st.integers(1, 10))
def test_any_run_of_sends_charges_exactly_what_the_terms_said(
        free: int, cost: int, credits: int, sends: int) -> None:
    """Free messages first, then each message its price while the balance lasts; a refused
    message stores and charges nothing; the balance always equals the ledger."""
    r = room(free_messages=free, message_credits=cost)
    give_credits(r.store, r.ann, credits)
    delivered = 0
    for n in range(sends):
        try:
            sent = r.chat.send(r.ann, r.bob.id, f"m{n}")
        except DomainError as refused:
            assert refused.code == "not_enough_credits"
            continue
        delivered += 1
        assert sent.credits == balance(r.store, r.ann)
    paid = max(0, delivered - free)
    assert delivered == min(sends, free + credits // cost)
    assert balance(r.store, r.ann) == credits - paid * cost
    assert sum(1 for row in r.store.messages if row.free) == min(delivered, free)


def test_a_paid_message_and_its_charge_commit_together_or_not_at_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The notify job is written with the message in the send's unit of work: if that
    fails, the message, its conversation and its charge are gone with it, and nobody heard
    of it."""
    r = room(free_messages=0)
    give_credits(r.store, r.ann, 30)

    def outbox_down(self: MemoryJobs, name: str, *args: object) -> None:
        raise RuntimeError("outbox down")
    monkeypatch.setattr(MemoryJobs, "add", outbox_down)
    with pytest.raises(RuntimeError):
        r.chat.send(r.ann, r.bob.id, "hi")
    assert not r.store.messages and not r.store.conversations and not r.bus.published
    assert balance(r.store, r.ann) == 30
    monkeypatch.undo()
    assert r.chat.send(r.ann, r.bob.id, "hi").credits == 20
