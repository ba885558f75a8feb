"""Hypothesis drives the use cases through random runs of what members and operators do,
and after every step the rules hold: credits equal the ledger and never go negative,
free members never get more free messages or conversations than the site gives, a
match exists exactly while two likes meet."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from application.chat import Chat
from application.credits import Credits
from application.likes import Likes
from domain.chat import FREE_CONVERSATIONS
from domain.errors import DomainError
from tests.application.memory import CountingSecrets, FixedClock
from tests.application.people import Bus, add_member, factory, new_store

FREE_MESSAGES = 4
PEOPLE = st.integers(0, 3)
# Oneself is not found as a recipient.
SEND_REFUSALS = ("member_not_found", "not_enough_credits", "free_conversations_used")


class Members(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.store = new_store(free_messages=FREE_MESSAGES, message_credits=7, gift_credits=3)
        self.people = [add_member(self.store, name, gender=gender) for name, gender in
                       (("Ann", "female"), ("Bob", "male"), ("Cat", "female"),
                        ("Dan", "male"))]
        clock, bus = FixedClock(), Bus()
        self.chat = Chat(factory(self.store), clock, bus)
        self.credits = Credits(factory(self.store), clock, CountingSecrets(), bus)
        self.likes = Likes(factory(self.store), clock, bus)

    @staticmethod
    def _try(allowed: tuple[str, ...], action: Callable[..., object], *args: object) -> None:
        """Do it; a refusal must be one of the rules that may refuse it."""
        try:
            action(*args)
        except DomainError as refused:
            assert refused.code in allowed, refused.code

    @rule(sender=PEOPLE, recipients=st.lists(PEOPLE, min_size=1, max_size=4))
    def send(self, sender: int, recipients: list[int]) -> None:
        """One member writes to a few others in a row (new conversations or not)."""
        one = self.people[sender]
        for recipient in recipients:
            other = self.people[recipient]
            self._try(SEND_REFUSALS, self.chat.send, one, other.id, "hi")

    @rule(sender=PEOPLE, recipient=PEOPLE, gift=st.sampled_from(["rose", "teddy"]))
    def give(self, sender: int, recipient: int, gift: str) -> None:
        one, other = self.people[sender], self.people[recipient]
        self._try(SEND_REFUSALS, self.chat.send_gift, one, other.id, gift)

    @rule(member=PEOPLE, amount=st.integers(1, 30), grant=st.booleans())
    def operator(self, member: int, amount: int, grant: bool) -> None:
        command = self.credits.grant if grant else self.credits.revoke
        self._try(("not_enough_credits",), command, self.people[member].id, amount, "why",
                  "ops")

    @rule(liker=PEOPLE, liked=PEOPLE, like=st.booleans())
    def like(self, liker: int, liked: int, like: bool) -> None:
        one, other = self.people[liker], self.people[liked]
        if like:
            self._try(("cannot_like_self",), self.likes.like, one, other.id)
        else:
            self.likes.unlike(one, other.id)

    @invariant()
    def credits_equal_the_ledger_and_never_go_negative(self) -> None:
        for member in self.people:
            entries = [e for e in self.store.ledger if e.member_id == member.id]
            assert self.store.balances.get(member.id, 0) == sum(e.amount for e in entries)
            assert all(e.balance_after >= 0 for e in entries)

    @invariant()
    def free_members_get_no_more_than_the_site_gives(self) -> None:
        for member in self.people:
            rows = [r for r in self.store.messages if r.message.sender_id == member.id]
            assert sum(r.free for r in rows) <= FREE_MESSAGES
            started = sum(1 for c in self.store.conversations.values()
                          if c.conversation.started_by == member.id)
            assert started <= FREE_CONVERSATIONS
            paid = [r for r in rows if not r.free]
            charged = [e for e in self.store.ledger if e.member_id == member.id
                       and e.key.startswith(("message:", "gift:"))]
            assert sorted(-e.amount for e in charged) == sorted(r.cost for r in paid)

    @invariant()
    def a_match_is_two_likes_that_meet(self) -> None:
        for member in self.people:
            for liked in self.likes.lists(member).profiles:
                assert liked.match == ((liked.id, member.id) in self.store.likes)


Members.TestCase.settings = settings(max_examples=30, stateful_step_count=20, deadline=None)
TestMembers = Members.TestCase
