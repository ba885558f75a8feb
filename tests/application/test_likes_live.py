"""What a member's open pages hear about likes (issue 29.4): a like, a match, and a like
taken back, each once, so their likes lists and badge follow without a reload."""

from __future__ import annotations

from application.likes import Likes
from application.ports.events import LikeWithdrawn, NewLike
from tests.application.memory import FixedClock
from tests.application.people import Bus, add_member, factory, new_store


def test_a_like_taken_back_is_heard_once_by_the_member_it_was_for() -> None:
    store, clock, bus = new_store(), FixedClock(), Bus()
    ann, bob = add_member(store, "Ann"), add_member(store, "Bob", gender="male")
    likes = Likes(factory(store), clock, bus)
    likes.like(ann, bob.id)
    likes.unlike(ann, bob.id)
    assert bus.to(bob) == [NewLike(member=ann.id), LikeWithdrawn(member=ann.id)]
    likes.unlike(ann, bob.id)  # nothing left to take back: nobody hears of it
    likes.unlike(bob, ann.id)  # Bob never liked Ann
    assert bus.to(bob) == [NewLike(member=ann.id), LikeWithdrawn(member=ann.id)]
    assert bus.to(ann) == []
    assert not store.jobs[1:]  # no mail or push for it: only the first like's


def test_ending_a_match_tells_the_other_member() -> None:
    store, clock, bus = new_store(), FixedClock(), Bus()
    ann, bob = add_member(store, "Ann"), add_member(store, "Bob", gender="male")
    likes = Likes(factory(store), clock, bus)
    likes.like(ann, bob.id)
    likes.like(bob, ann.id)
    likes.unlike(bob, ann.id)
    assert bus.to(ann)[-1] == LikeWithdrawn(member=bob.id)
    [bobs_like_gone] = likes.lists(ann).profiles
    assert not bobs_like_gone.match
