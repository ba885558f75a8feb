"""Likes and the matching games on in-memory ports: matches, the lists and their badge,
the like modal's auto-like, the swipe game's daily likes in the site's time zone, and the
match-finder's scores."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.games import Games
from application.likes import Likes
from application.ports.events import NewLike, NewMatch
from application.ports.jobs import LikeNotice, MatchNotice
from domain.errors import DomainError
from domain.matching import Wishes
from domain.members import AccountStatus, Member
from tests.application.memory import FixedClock, MemoryStore
from tests.application.people import Bus, add_member, add_photo, factory, new_store


@attrs.define
class Club:
    store: MemoryStore
    clock: FixedClock
    bus: Bus
    likes: Likes
    games: Games
    ann: Member
    bob: Member


def club(**site: object) -> Club:
    store, clock, bus = new_store(**site), FixedClock(), Bus()
    ann, bob = add_member(store, "Ann"), add_member(store, "Bob", gender="male")
    return Club(store, clock, bus, Likes(factory(store), clock, bus),
                Games(factory(store), clock, bus), ann, bob)


def test_a_like_back_is_a_match_celebrated_once_on_each_side() -> None:
    c = club()
    assert not c.likes.like(c.ann, c.bob.id).match
    assert c.bus.to(c.bob) == [NewLike(member=c.ann.id)]
    answer = c.likes.like(c.bob, c.ann.id)
    assert answer.match and answer.profile.name == "Ann"
    [event] = c.bus.to(c.ann)
    assert isinstance(event, NewMatch) and event.profile.id == c.bob.id
    [mine] = c.likes.lists(c.ann).profiles
    assert mine.match and mine.match_new  # Ann has not seen the celebration yet
    [theirs] = c.likes.lists(c.bob).profiles
    assert theirs.match and not theirs.match_new  # Bob saw it as he liked
    c.likes.match_seen(c.ann, c.bob.id)
    assert not c.likes.lists(c.ann).profiles[0].match_new
    assert [type(job) for job in c.store.jobs] == [LikeNotice, MatchNotice]


def test_liking_again_tells_nobody_again_and_unliking_ends_the_match() -> None:
    c = club()
    c.likes.like(c.ann, c.bob.id)
    c.likes.like(c.ann, c.bob.id)
    assert len(c.bus.to(c.bob)) == 1 and len(c.store.jobs) == 1
    c.likes.like(c.bob, c.ann.id)
    c.likes.unlike(c.ann, c.bob.id)
    [bobs] = c.likes.lists(c.bob).profiles
    assert not bobs.match  # Bob's like stays, the match is gone
    with pytest.raises(DomainError, match="member_not_found"):
        c.likes.unlike(c.ann, 999)


@pytest.mark.parametrize(("target", "code"), [
    ("self", "cannot_like_self"), ("blocked", "member_not_found"),
    ("banned", "member_not_found"), ("invisible", "member_not_found"),
    ("other_site", "member_not_found"), ("nobody", "member_not_found"),
])
def test_whom_a_member_may_not_like(target: str, code: str) -> None:
    c = club()
    if target == "other_site":
        with_site = new_store()  # a second site that does not resell members
        c.store.sites[2] = attrs.evolve(with_site.sites[1], id=2, domain="other.test",
                                        is_default=False)
    member_id = {
        "self": c.ann.id, "nobody": 999,
        "blocked": c.bob.id, "banned": add_member(c.store, "Ben",
                                                  status=AccountStatus.BANNED).id,
        "invisible": add_member(c.store, "Ivo", invisible=True).id,
        "other_site": add_member(c.store, "Ole", site_id=2).id if target == "other_site"
        else 0,
    }[target]
    if target == "blocked":
        c.store.blocks.add((c.bob.id, c.ann.id))
    with pytest.raises(DomainError, match=code):
        c.likes.like(c.ann, member_id)
    assert not c.store.likes and not c.bus.published


def test_an_invisible_members_like_may_be_answered() -> None:
    c = club()
    ghost = add_member(c.store, "Gus", gender="male", invisible=True)
    c.likes.like(ghost, c.ann.id)
    assert c.likes.like(c.ann, ghost.id).match


def test_the_lists_show_new_likes_first_and_hide_blocked_and_banned_members() -> None:
    c = club()
    eve, ben = add_member(c.store, "Eve"), add_member(c.store, "Ben", gender="male")
    for liker in (c.bob, eve, ben):
        c.likes.like(liker, c.ann.id)
        c.clock.current += timedelta(minutes=1)
    c.store.likes[eve.id, c.ann.id].is_new = False  # Ann opened Eve's profile
    lists = c.likes.lists(c.ann)
    assert [card.name for card in lists.liked_by] == ["Ben", "Bob", "Eve"]
    assert lists.new_likes == 2
    c.store.blocks.add((c.ann.id, ben.id))
    c.store.members[c.bob.id] = attrs.evolve(c.bob, status=AccountStatus.BANNED)
    lists = c.likes.lists(c.ann)
    assert [card.name for card in lists.liked_by] == ["Eve"] and lists.new_likes == 0


def test_the_like_modal_offers_each_real_like_once_newest_first() -> None:
    c = club()
    ed = add_member(c.store, "Ed", gender="male")
    add_photo(c.store, ed, main=True)
    c.likes.like(c.bob, c.ann.id)
    c.clock.current += timedelta(minutes=1)
    c.likes.like(ed, c.ann.id)
    offered = c.likes.auto_like(c.ann)
    assert offered is not None and offered.name == "Ed" and offered.main_image is not None
    again = c.likes.auto_like(c.ann)
    assert again is not None and again.name == "Bob" and again.main_image is None
    assert c.likes.auto_like(c.ann) is None
    assert not c.store.likes.get((c.ann.id, ed.id))  # offering is not liking


def test_the_like_modal_offers_only_likes_both_ways_the_rest_stay_listed() -> None:
    # Straight Ann is offered a straight or bisexual man's like, never a woman's nor a
    # gay man's (issue 29.1); their likes stay in her likes list.
    c = club()
    eve = add_member(c.store, "Eve")
    gay = _with(add_member(c.store, "Gus", gender="male"), c, sexuality="gay")
    bi = _with(add_member(c.store, "Bo", gender="male"), c, sexuality="bisexual")
    for liker in (bi, eve, gay):
        c.likes.like(liker, c.ann.id)
        c.clock.current += timedelta(minutes=1)
    offered = c.likes.auto_like(c.ann)
    assert offered is not None and offered.name == "Bo" and not offered.is_fictional
    assert c.likes.auto_like(c.ann) is None
    assert {card.name for card in c.likes.lists(c.ann).liked_by} == {"Eve", "Gus", "Bo"}


# --- the swipe game ----------------------------------------------------------------


def test_the_swipe_game_counts_likes_per_local_day() -> None:
    c = club(swipe_likes_per_day=2, time_zone="Europe/Amsterdam")
    c.clock.current = datetime(2026, 11, 21, 22, 30, tzinfo=UTC)  # 23:30 in Amsterdam
    men = [add_member(c.store, f"M{n}", gender="male") for n in range(4)]
    first = c.games.swipe(c.ann, men[0].id, like=True)
    assert (first.remaining, first.resets_at) == (1, datetime(2026, 11, 21, 23, tzinfo=UTC))
    assert c.games.swipe(c.ann, men[1].id, like=False).remaining == 1  # a pass is free
    c.games.swipe(c.ann, men[2].id, like=True)
    with pytest.raises(DomainError, match="swipe_out_of_likes"):
        c.games.swipe(c.ann, men[3].id, like=True)
    c.clock.current += timedelta(minutes=31)  # past local midnight
    assert c.games.swipe(c.ann, men[3].id, like=True).remaining == 1


def test_a_card_is_swiped_once_and_a_swiped_like_may_match() -> None:
    c = club()
    c.likes.like(c.bob, c.ann.id)
    swiped = c.games.swipe(c.ann, c.bob.id, like=True)
    assert swiped.match
    with pytest.raises(DomainError, match="already_swiped"):
        c.games.swipe(c.ann, c.bob.id, like=False)
    with pytest.raises(DomainError, match="cannot_like_self"):
        c.games.swipe(c.ann, c.ann.id, like=False)


def test_the_deck_shows_faces_of_wanted_members_not_yet_swiped_or_liked() -> None:
    c = club()
    men = [add_member(c.store, f"M{n}", gender="male") for n in range(3)]
    for member in (*men, c.bob, add_member(c.store, "Eve")):  # straight Ann sees no women
        add_photo(c.store, member, main=True)
    add_member(c.store, "Nop", gender="male")  # no photo: nothing to swipe on
    c.games.swipe(c.ann, men[0].id, like=False)
    c.likes.like(c.ann, men[1].id)
    deck = c.games.swipe_deck(c.ann)
    assert sorted(card.name for card in deck.cards) == ["Bob", "M2"]
    assert deck.remaining == deck.limit


def test_the_match_finder_ranks_by_wishes_and_shared_interests() -> None:
    c = club()
    for name, born, interests in (("Old", date(1950, 1, 1), ("cooking",)),
                                  ("Fit", date(1991, 1, 1), ("cooking", "hiking")),
                                  ("Far", date(1992, 1, 1), ())):
        member = add_member(c.store, name, gender="male", born=born)
        c.store.members[member.id] = attrs.evolve(member, profile=attrs.evolve(
            member.profile, interests=interests))
    wishes = Wishes(gender="male", min_age=30, max_age=40, country="NL", region=None,
                    interests=("cooking", "hiking"))
    found = c.games.match_finder(c.ann, wishes).matches
    assert [m.name for m in found][:2] == ["Fit", "Far"]
    assert found[0].shared_interests == ["cooking", "hiking"]
    assert "Old" not in [m.name for m in found]  # 76, far outside the wish
    assert all(0 <= m.score <= 100 for m in found)


@settings(max_examples=40, deadline=None)
@given(limit=st.integers(0, 5), swipes=st.lists(st.booleans(), min_size=1, max_size=8))
def test_no_day_gives_more_likes_than_the_site_allows(limit: int, swipes: list[bool]) -> None:
    c = club(swipe_likes_per_day=limit)
    liked = 0
    for n, like in enumerate(swipes):
        target = add_member(c.store, f"T{n}", gender="male")
        try:
            answer = c.games.swipe(c.ann, target.id, like=like)
        except DomainError as refused:
            assert refused.code == "swipe_out_of_likes" and like and liked == limit
            continue
        liked += like
        assert answer.remaining == limit - liked
    assert liked == min(limit, sum(swipes))
    assert sum(1 for (_, _), (yes, _) in c.store.swipes.items() if yes) == liked



def test_signup_matches_come_from_the_profile_and_leave_out_whom_one_likes() -> None:
    c = club()  # Ann, 36, straight, in NL
    add_member(c.store, "Near", gender="male", born=date(1993, 1, 1))
    add_member(c.store, "Far", gender="male", born=date(1950, 1, 1))
    add_member(c.store, "Eve", born=date(1990, 1, 1))
    liked = add_member(c.store, "Lik", gender="male", born=date(1991, 1, 1))
    blocker = add_member(c.store, "Blo", gender="male", born=date(1991, 1, 1))
    c.likes.like(c.ann, liked.id)
    c.store.blocks.add((blocker.id, c.ann.id))
    assert sorted(m.name for m in c.games.signup_matches(c.ann).matches) == ["Bob", "Near"]


# --- two ways, and real members first (issue 29.1, 29.3) -----------------------------


def _with(member: Member, c: Club, **profile: Any) -> Member:
    changed = attrs.evolve(member, profile=attrs.evolve(member.profile, **profile))
    c.store.members[member.id] = changed
    return changed


def _crowd(c: Club) -> dict[str, Member]:
    """Around straight Bob (36, NL): who would want him and who would not."""
    crowd = {
        "Wendy": add_member(c.store, "Wendy", born=date(1991, 1, 1)),
        "Lea": _with(add_member(c.store, "Lea", born=date(1991, 1, 1)), c, sexuality="gay"),
        "Bia": _with(add_member(c.store, "Bia", born=date(1991, 1, 1)), c,
                     sexuality="bisexual"),
        "Sam": add_member(c.store, "Sam", gender="male", born=date(1991, 1, 1)),
        "Gus": _with(add_member(c.store, "Gus", gender="male", born=date(1991, 1, 1)), c,
                     sexuality="gay"),
    }
    for member in (*crowd.values(), c.ann):
        add_photo(c.store, member, main=True)
    return crowd


def _names(cards: list[Any]) -> set[str]:
    return {card.name for card in cards}


def test_a_straight_man_is_shown_only_women_who_would_want_him() -> None:
    c = club()
    _crowd(c)
    assert _names(c.games.swipe_deck(c.bob).cards) == {"Ann", "Wendy", "Bia"}
    signup = c.games.signup_matches(c.bob)
    assert _names(signup.matches) == {"Ann", "Wendy", "Bia"} and signup.mutual
    wishes = Wishes(gender="female", min_age=18, max_age=99, country=None, region=None,
                    interests=())
    found = c.games.match_finder(c.bob, wishes)
    assert _names(found.matches) == {"Ann", "Wendy", "Bia"} and found.mutual


def test_the_match_finder_keeps_a_chosen_gender_two_ways_unless_everyone() -> None:
    c = club()
    _crowd(c)
    wishes = Wishes(gender="male", min_age=18, max_age=99, country=None, region=None,
                    interests=())
    # Bob picks men on purpose: men who would want a man.
    assert _names(c.games.match_finder(c.bob, wishes).matches) == {"Gus"}
    both = attrs.evolve(wishes, gender=None)
    assert _names(c.games.match_finder(c.bob, both).matches) == {"Ann", "Wendy", "Bia", "Gus"}
    everyone = c.games.match_finder(c.bob, wishes, everyone=True)
    assert _names(everyone.matches) == {"Ann", "Wendy", "Lea", "Bia", "Sam", "Gus"}
    assert not everyone.mutual


def test_fictional_profiles_come_after_every_real_member() -> None:
    c = club()
    real = add_member(c.store, "Real", born=date(1960, 1, 1))  # far outside Bob's ages
    add_photo(c.store, real, main=True)
    star = _with(add_member(c.store, "Star", born=date(1990, 1, 1), is_fictional=True), c,
                 about_me="Hi", interests=("hiking",))  # a perfect fit, a filled profile
    add_photo(c.store, star, main=True)
    assert [card.name for card in c.games.swipe_deck(c.bob).cards] == ["Real", "Star"]
    wishes = Wishes(gender="female", min_age=30, max_age=40, country="NL", region=None,
                    interests=("hiking",))
    found = c.games.match_finder(c.bob, wishes).matches  # Ann (36) fits less, and first
    assert [m.name for m in found] == ["Ann", "Star"] and found[1].is_fictional
    assert found[1].score > found[0].score
    assert [m.name for m in c.games.signup_matches(c.bob).matches] == ["Ann", "Star"]
