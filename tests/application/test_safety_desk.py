"""The operators' safety desk on in-memory ports: the queue (held members, longest
waiting first, with what waits; flagged messages; flagged profile texts), releasing a
held member (what waited goes out, counted unread), clearing a profile's flags, and the
scheduler's purge of old opener fingerprints."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from application.opener_guard import OpenerPurge
from application.ports.events import NewMessage
from application.profile_shield import ProfileFlagReview
from application.safety_queue import SafetyQueue
from application.shared.holds import MessageShield, hold_sender
from application.shared.screening import Screening
from application.shield import ShieldHolds
from domain.decisions import DecisionStatus, Ground, Restriction
from domain.errors import DomainError
from domain.mass_openers import KEEP, signature_of
from domain.members import Member
from domain.profile_flags import TextFlags
from domain.screening import Checks
from tests.application.memory import FixedClock, MemoryUnitOfWork
from tests.application.people import Room, add_member, give_credits, room


def _hold(r: Room, member: Member, clock: FixedClock) -> None:
    with MemoryUnitOfWork(r.store) as uow:
        assert hold_sender(uow, member, "Asked for money", Ground.parse("terms:scam"),
                           clock.now()) is not None
        uow.commit()


class Facts:
    def facts(self, code: str, language: str, **values: str | int) -> str:
        return f"{code} {sorted(values.items())}"


def _held_room() -> tuple[Room, FixedClock]:
    r = room(free_messages=5)
    clock = FixedClock()
    r.chat = attrs.evolve(r.chat, clock=clock,
                          shield=MessageShield(Screening(Checks()), Facts()))
    give_credits(r.store, r.ann, 50)
    _hold(r, r.ann, clock)
    r.chat.send(r.ann, r.bob.id, "are you there?")
    r.chat.send(r.ann, r.bob.id, "hello?")
    return r, clock


def test_a_held_member_s_messages_wait_and_go_out_when_released() -> None:
    r, clock = _held_room()
    assert r.bus.to(r.bob) == []  # nothing reached Bob
    holds = ShieldHolds(lambda **_: MemoryUnitOfWork(r.store), clock, r.bus)
    released = holds.release(r.ann.id, "  checked: a real person ", "eva")
    assert (released.member_id, released.delivered) == (r.ann.id, 2)
    arrivals = [event for event in r.bus.to(r.bob) if isinstance(event, NewMessage)]
    assert [(e.message.text, e.unread) for e in arrivals] \
        == [("are you there?", 2), ("hello?", 2)]
    [hold] = r.store.decisions.values()
    assert (hold.status, hold.lifted_by) == (DecisionStatus.LIFTED, "eva")
    assert r.store.audit[-1]["details"] == {"note": "checked: a real person", "delivered": 2}
    with pytest.raises(DomainError) as again:
        holds.release(r.ann.id, "again", "eva")
    assert again.value.code == "not_held"
    with pytest.raises(DomainError) as no_note:
        holds.release(r.ann.id, " ", "eva")
    assert no_note.value.code == "reason_required"


def test_the_queue_shows_holds_in_force_longest_waiting_first_with_what_waits() -> None:
    r, clock = _held_room()
    cid = add_member(r.store, "Cid", gender="male")
    clock.current += timedelta(hours=1)
    _hold(r, cid, clock)
    queue = SafetyQueue(lambda **_: MemoryUnitOfWork(r.store), clock)
    held = queue.view().held
    assert [h.member.name for h in held] == ["Ann", "Cid"]
    assert [m.text for m in held[0].waiting] == ["hello?", "are you there?"]  # newest first
    ShieldHolds(lambda **_: MemoryUnitOfWork(r.store), clock, r.bus).release(
        r.ann.id, "fine", "eva")
    assert [h.member.name for h in queue.view().held] == ["Cid"]


def _flag(r: Room, member: Member, **fields: tuple[str, ...]) -> None:
    with MemoryUnitOfWork(r.store) as uow:
        current = uow.members.get(member.id)
        assert current is not None
        uow.members.save(current, current.with_profile(attrs.evolve(
            current.profile, about_me="Send money to my account", text_flags=TextFlags(
                **fields))))
        uow.commit()


def test_flagged_profile_texts_are_queued_until_an_operator_clears_them() -> None:
    r = room()
    clock = FixedClock()
    _flag(r, r.bob, about_me=("money_request",), name=("phone",))
    queue = SafetyQueue(lambda **_: MemoryUnitOfWork(r.store), clock)
    [flagged] = queue.view().profiles
    assert flagged.member.name == "Bob"
    assert {(text.field, text.reasons) for text in flagged.texts} \
        == {("name", ("phone",)), ("about", ("money_request",))}
    review = ProfileFlagReview(lambda **_: MemoryUnitOfWork(r.store), clock)
    cleared = review.clear(r.bob.id, ["about_me"], "harmless", "eva")
    assert cleared.fields == ("about_me",)
    assert r.store.members[r.bob.id].profile.text_flags == TextFlags(name=("phone",))
    review.clear(r.bob.id, [], "harmless too", "eva")  # all that is left
    assert queue.view().profiles == []
    with pytest.raises(DomainError) as nothing:
        review.clear(r.bob.id, [], "again", "eva")
    assert nothing.value.code == "not_flagged"
    with pytest.raises(DomainError) as unknown:
        review.clear(999, [], "who", "eva")
    assert unknown.value.code == "member_not_found"
    with pytest.raises(DomainError):
        review.clear(r.ann.id, [], " ", "eva")
    assert [line["action"] for line in r.store.audit] == ["safety.clear_profile"] * 2


def test_the_purge_takes_only_fingerprints_older_than_kept() -> None:
    r = room()
    clock = FixedClock()
    with MemoryUnitOfWork(r.store) as uow:
        for age in (KEEP + timedelta(hours=1), KEEP - timedelta(hours=1)):
            uow.trust.add_opener(r.ann.id, r.bob.id, signature_of("hi there how are you"),
                                 clock.now() - age)
        uow.commit()
    purge = OpenerPurge(lambda **_: MemoryUnitOfWork(r.store), clock)
    assert purge.purge() == 1
    assert purge.purge() == 0
    assert len(r.store.openers) == 1
    assert Restriction.ACCOUNT_HELD not in {d.restriction for d in r.store.decisions.values()}
