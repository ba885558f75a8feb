"""Discovery on in-memory ports: who a search finds (the site's members, newest first,
never oneself, the invisible, the banned or anyone across a block), the two-way rule and
"everyone", visitors and the site's logged-out search, a profile's fields as the site
shows them, the like state it opens with, and blocking."""

from __future__ import annotations

import attrs
import pytest

from application.discovery import Discovery
from application.shared.photo_links import PhotoLinks
from domain.discovery import Order, SearchFilters
from domain.errors import DomainError
from domain.members import AccountStatus, Member
from domain.photos import PhotoStatus
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.memory_services import PlainSigner
from tests.application.people import NOW, add_member, add_photo, factory, new_store

EVERYONE = SearchFilters(order=Order.NEWEST, everyone=True)


@attrs.define
class Town:
    store: MemoryStore
    discovery: Discovery
    ann: Member  # a woman seeking men
    bob: Member
    cid: Member
    dan: Member


def town(**site: object) -> Town:
    store, clock = new_store(**site), FixedClock()
    ann = add_member(store, "Ann")
    bob = add_member(store, "Bob", gender="male")
    cid = add_member(store, "Cid", gender="male")
    dan = add_member(store, "Dan", gender="male")
    return Town(store, Discovery(factory(store), clock, PhotoLinks(PlainSigner(), clock)),
                ann, bob, cid, dan)


def _names(t: Town, viewer: Member | None, filters: SearchFilters = EVERYONE) -> list[str]:
    return [card.name for card in t.discovery.search("amora.test", viewer, filters).results]


def test_a_member_finds_the_site_s_other_members_newest_first() -> None:
    t = town()
    page = t.discovery.search("amora.test", t.ann, EVERYONE)
    assert [card.name for card in page.results] == ["Dan", "Cid", "Bob"]
    assert page.num_results == 3 and not page.num_results_capped
    assert page.filters.mutual is False  # everyone: the two-way rule is off


def test_the_invisible_the_banned_and_those_across_a_block_are_not_found() -> None:
    t = town()
    with MemoryUnitOfWork(t.store) as uow:
        uow.members.save(t.bob, attrs.evolve(t.bob, invisible=True))
        uow.members.save(t.cid, attrs.evolve(t.cid, status=AccountStatus.BANNED))
        uow.commit()
    t.discovery.block(t.dan, t.ann.id, on=True)  # Dan blocks Ann: neither finds the other
    assert _names(t, t.ann) == []
    assert "Ann" not in _names(t, t.dan)
    t.discovery.block(t.dan, t.ann.id, on=False)
    assert _names(t, t.ann) == ["Dan"]


def test_the_two_way_rule_shows_only_those_who_would_want_the_viewer() -> None:
    t = town()
    eve = add_member(t.store, "Eve")
    with MemoryUnitOfWork(t.store) as uow:  # a woman seeking women
        uow.members.save(eve, eve.with_profile(attrs.evolve(eve.profile, sexuality="gay")))
        uow.commit()
    mutual = SearchFilters(order=Order.NEWEST)
    assert "Eve" not in _names(t, t.bob, mutual)
    assert "Eve" in _names(t, t.bob, attrs.evolve(mutual, everyone=True))
    page = t.discovery.search("amora.test", t.bob, mutual)
    assert page.filters.mutual is True


def test_a_visitor_searches_only_where_the_site_allows_it() -> None:
    closed = town()
    with pytest.raises(DomainError) as refused:
        closed.discovery.search("amora.test", None, EVERYONE)
    assert refused.value.code == "authentication_required"
    with pytest.raises(DomainError):
        closed.discovery.member("amora.test", None, closed.bob.id)
    assert closed.discovery.member("amora.test", None, closed.bob.id, public=True).name == "Bob"
    open_site = town(logged_out_search="all")
    page = open_site.discovery.search("amora.test", None, SearchFilters())
    assert [card.name for card in page.results] == ["Dan", "Cid", "Bob", "Ann"]
    assert page.filters.order == "newest"  # best first needs a member to fit


def test_a_profile_shows_only_the_fields_the_site_shows() -> None:
    t = town(visible_profile_fields=("gender", "birth_date", "country"))
    with MemoryUnitOfWork(t.store) as uow:
        bob = uow.members.get(t.bob.id)
        assert bob is not None
        uow.members.save(bob, bob.with_profile(attrs.evolve(
            bob.profile, about_me="Sailor", city="Delft")))
        uow.commit()
    profile = t.discovery.member("amora.test", t.ann, t.bob.id)
    assert (profile.name, profile.about_me, profile.city) == ("Bob", None, None)
    shown = town()
    with MemoryUnitOfWork(shown.store) as uow:
        bob = uow.members.get(shown.bob.id)
        assert bob is not None
        uow.members.save(bob, bob.with_profile(attrs.evolve(bob.profile, city="Delft")))
        uow.commit()
    assert shown.discovery.member("amora.test", shown.ann, shown.bob.id).city == "Delft"


def test_opening_the_profile_of_someone_who_liked_you_clears_the_like_s_new_flag() -> None:
    t = town()
    with MemoryUnitOfWork(t.store) as uow:
        uow.likes.add(t.bob.id, t.ann.id, NOW, match_seen=False)
        uow.commit()
    profile = t.discovery.member("amora.test", t.ann, t.bob.id)
    assert (profile.likes_me, profile.liked_by_me, profile.match) == (True, False, False)
    assert not t.store.likes[(t.bob.id, t.ann.id)].is_new
    with MemoryUnitOfWork(t.store) as uow:
        uow.likes.add(t.ann.id, t.bob.id, NOW, match_seen=False)
        uow.commit()
    assert t.discovery.member("amora.test", t.ann, t.bob.id).match


def test_a_blocked_member_cannot_open_the_blocker_s_profile() -> None:
    t = town()
    t.discovery.block(t.bob, t.ann.id, on=True)
    with pytest.raises(DomainError) as gone:
        t.discovery.member("amora.test", t.ann, t.bob.id)
    assert gone.value.code == "member_not_found"
    assert t.discovery.member("amora.test", t.bob, t.ann.id).blocked_by_me
    with pytest.raises(DomainError) as self_block:
        t.discovery.block(t.ann, t.ann.id, on=True)
    assert self_block.value.code == "cannot_block_self"
    with pytest.raises(DomainError):
        t.discovery.block(t.ann, 999, on=True)


def test_a_gallery_locks_photos_past_the_main_one_to_free_viewers_only() -> None:
    t = town()
    add_photo(t.store, t.bob, main=True)
    add_photo(t.store, t.bob)
    add_photo(t.store, t.bob, status=PhotoStatus.REJECTED)  # seen by no one else
    free = t.discovery.member("amora.test", t.ann, t.bob.id)
    assert free.photo_count == 2
    main, second = free.photos
    assert (main.filename, main.locked) == (f"photos/{t.bob.id}/0.jpg", False)
    assert (second.filename, second.locked) == (None, True)
    paying = add_member(t.store, "Fay", paid_user=True)
    main, second = t.discovery.member("amora.test", paying, t.bob.id).photos
    assert main.filename == f"photos/{t.bob.id}/0.jpg"  # the main photo: its plain name
    assert second.filename is not None and "sig=" in second.filename  # signed for Fay
