"""A process's memory of session lookups (issue 17.1): reads within a second are answered
from it; a change, an ended session or the second passing sends the next read to the
database again. The clock is a stand-in, so nothing here depends on the machine's speed."""

from __future__ import annotations

from datetime import date, timedelta

import attrs

from application.ports.accounts import SessionRecord, SignedIn
from application.ports.chat import Message
from application.ports.events import (
    CreditsChanged,
    NewLike,
    NewMessage,
    PaymentSettled,
    SessionRevoked,
    Typing,
)
from application.recent_sign_ins import (
    MOST_REMEMBERED,
    SIGN_IN_FRESH_FOR,
    RecentSignIns,
    changes_account,
)
from domain.members import AccountStatus, Member, Profile
from domain.orders import OrderStatus
from tests.application.memory_services import FixedClock
from tests.lookups import found

CLOCK_START = FixedClock().now()


def _signed_in(member_id: int, credits: int = 0, *,
               expires_at: object = CLOCK_START + timedelta(days=30)) -> SignedIn:
    member = Member(id=member_id, site_id=1, email=f"m{member_id}@example.com",
                    status=AccountStatus.ACTIVE, language="nl", created_at=CLOCK_START,
                    profile=Profile(name="Ann", gender="female", birth_date=date(1990, 1, 1),
                                    country="NL"))
    return SignedIn(session=SessionRecord(member_id, CLOCK_START, expires_at),  # type: ignore[arg-type]
                    member=member, credits=credits, main_photo=None, mail_off=None)


@attrs.define
class Database:
    """The lookup the memory stands in front of: what it holds, and how often it is asked."""

    sessions: dict[str, SignedIn] = attrs.Factory(dict)
    asked: int = 0

    def look_up(self, token: str | None) -> SignedIn | None:
        self.asked += 1
        return self.sessions.get(token or "")


def _memory() -> tuple[RecentSignIns, Database, FixedClock]:
    database, clock = Database(), FixedClock()
    return RecentSignIns(look_up=database.look_up, clock=clock), database, clock


def test_reads_within_the_second_are_answered_from_memory() -> None:
    memory, database, clock = _memory()
    database.sessions["ann"] = _signed_in(1, credits=5)
    assert memory.signed_in("ann") == _signed_in(1, credits=5)
    database.sessions["ann"] = _signed_in(1, credits=9)  # changed where no one announced it
    clock.current += SIGN_IN_FRESH_FOR - timedelta(microseconds=1)
    assert found(memory.signed_in("ann")).credits == 5
    assert database.asked == 1
    clock.current += timedelta(microseconds=1)  # the second is over
    assert found(memory.signed_in("ann")).credits == 9
    assert database.asked == 2


def test_a_change_to_a_member_forgets_all_their_sessions_and_no_one_elses() -> None:
    memory, database, _ = _memory()
    database.sessions.update(phone=_signed_in(1), laptop=_signed_in(1), bob=_signed_in(2))
    for token in ("phone", "laptop", "bob"):
        memory.signed_in(token)
    database.sessions.update(phone=_signed_in(1, 7), laptop=_signed_in(1, 7))
    memory.forget(1)
    phone, laptop = found(memory.signed_in("phone")), found(memory.signed_in("laptop"))
    assert phone.credits == laptop.credits == 7
    memory.signed_in("bob")
    assert database.asked == 5  # three first reads, then the two forgotten ones; Bob kept
    memory.forget(99)  # nobody remembered: nothing happens


def test_a_session_that_ended_is_never_answered_from_memory() -> None:
    memory, database, clock = _memory()
    ends = CLOCK_START + timedelta(milliseconds=500)
    database.sessions["ann"] = _signed_in(1, expires_at=ends)
    assert memory.signed_in("ann") is not None
    clock.current = ends
    del database.sessions["ann"]  # the database no longer signs it in either
    assert memory.signed_in("ann") is None
    assert database.asked == 2


def test_unknown_tokens_are_not_remembered() -> None:
    memory, database, _ = _memory()
    assert memory.signed_in("made-up") is None
    assert memory.signed_in("made-up") is None
    assert memory.signed_in(None) is None and memory.signed_in("") is None
    assert database.asked == 2  # each made-up token asked again; no token asks nothing
    database.sessions["ann"] = _signed_in(1)
    memory.signed_in("ann")
    del database.sessions["ann"]  # logged out: the next lookup (a second later) says so
    memory.forget(1)
    assert memory.signed_in("ann") is None
    assert memory.signed_in("ann") is None
    assert database.asked == 5


def test_memory_is_bounded() -> None:
    memory, database, clock = _memory()
    for number in range(MOST_REMEMBERED):
        database.sessions[f"t{number}"] = _signed_in(number)
        memory.signed_in(f"t{number}")
    clock.current += SIGN_IN_FRESH_FOR  # all of them out of date: dropped to make room
    database.sessions["new"] = _signed_in(MOST_REMEMBERED)
    memory.signed_in("new")
    assert len(memory._found) == 1 and set(memory._tokens_of) == {MOST_REMEMBERED}
    for number in range(MOST_REMEMBERED):  # all fresh: nothing can go, so everything goes
        memory.signed_in(f"t{number}")
    memory.signed_in("new")
    assert len(memory._found) <= 2


def test_events_that_change_the_members_own_answer() -> None:
    assert changes_account(CreditsChanged(credits=3))
    assert changes_account(PaymentSettled(order=1, status=OrderStatus.PAID))
    assert changes_account(SessionRevoked())
    message = Message(id=1, conversation_id=1, sender_id=2, text="hi", created_at=CLOCK_START,
                      gift=None)
    for unrelated in (NewMessage(message), NewLike(member=2), Typing(conversation=1, member=2)):
        assert not changes_account(unrelated)
