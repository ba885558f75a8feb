"""Landers and the signed-in member's own view on in-memory ports: the members a lander
shows (listed ones with a photo, the gender asked for, the visitor's country), the visits
and which of them bounced; the view's credits, mail-off reason and main photo link."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from application.discovery import Discovery
from application.landers import Landers, Place
from application.shared.cards import PublicCard
from application.shared.photo_links import PhotoLinks
from application.shared.site_directory import SiteDirectory
from application.user_view import UserView
from domain.errors import DomainError
from domain.members import Member
from domain.photos import PhotoStatus
from tests.application.memory import CountingSecrets, FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.memory_services import PlainSigner
from tests.application.people import add_member, add_photo, factory, give_credits, new_store


@attrs.define
class Front:
    store: MemoryStore
    clock: FixedClock
    landers: Landers
    ann: Member
    bob: Member


def front() -> Front:
    store, clock = new_store(), FixedClock()
    links = PhotoLinks(PlainSigner(), clock)
    landers = Landers(factory(store), clock, CountingSecrets(),
                      Discovery(factory(store), clock, links))
    ann, bob = add_member(store, "Ann"), add_member(store, "Bob", gender="male")
    add_member(store, "Cid", gender="male")  # no photo: not on a lander
    add_member(store, "Dee", country="DE")
    for member in (ann, bob):
        add_photo(store, member, main=True)
    return Front(store, clock, landers, ann, bob)


def _names(shown: list[PublicCard]) -> list[str]:
    return [card.name for card in shown]


def test_a_lander_shows_members_with_a_photo_of_the_gender_and_country_asked() -> None:
    f = front()
    assert _names(f.landers.members("amora.test", 10).members) == ["Bob", "Ann"]
    assert _names(f.landers.members("amora.test", 10, gender="male").members) == ["Bob"]
    assert _names(f.landers.members("amora.test", 1).members) == ["Bob"]
    # A member looking sees the gender they seek (Ann: men).
    assert _names(f.landers.members("amora.test", 10, viewer=f.ann).members) == ["Bob"]
    assert _names(f.landers.members("amora.test", 10, near=Place("NL")).members) \
        == ["Bob", "Ann"]


def test_a_lander_refuses_a_limit_out_of_range_and_a_country_the_site_does_not_serve() -> None:
    f = front()
    for limit in (0, 49):
        with pytest.raises(DomainError) as refused:
            f.landers.members("amora.test", limit)
        assert refused.value.params == {"detail": "limit"}
    with pytest.raises(DomainError) as country:
        f.landers.members("amora.test", 10, near=Place("FR"))
    assert country.value.params == {"detail": "country"}


def test_visits_that_did_something_are_no_bounces() -> None:
    f = front()
    first = f.landers.visit("amora.test", "video", "tiktok")
    f.landers.visit("amora.test", "video", "tiktok")
    f.landers.visit("amora.test", "video", None)  # came directly
    f.landers.engaged(first.visit)
    f.landers.engaged(first.visit)  # twice: still one visit engaged
    figures = {(b.lander, b.source): b for b in f.landers.bounces(None, days=7)}
    tiktok = figures[("video", "tiktok")]
    assert (tiktok.visits, tiktok.engaged, tiktok.rate) == (2, 1, 0.5)
    assert figures[("video", "direct")].bounces == 1
    assert f.landers.bounces("amora.test", days=7) == f.landers.bounces(None, days=7)
    f.clock.current = f.clock.now() + timedelta(days=8)
    assert f.landers.bounces(None, days=7) == []
    with pytest.raises(DomainError):
        f.landers.visit("amora.test", "no-such-lander", None)


def test_the_own_view_has_the_balance_the_mail_off_reason_and_a_signed_waiting_photo() -> None:
    store, clock = new_store(), FixedClock()
    view = UserView(factory(store), SiteDirectory(factory(store), clock),
                    PhotoLinks(PlainSigner(), clock))
    ann = add_member(store, "Ann")
    give_credits(store, ann, 30)
    with MemoryUnitOfWork(store) as uow:
        uow.notifications.set_mail_off(ann.id, "bounced", clock.now())
        uow.commit()
    add_photo(store, ann, main=True, status=PhotoStatus.PENDING)
    user = view.render(ann)
    assert (user.credits, user.notifications_disabled) == (30, ["bounced"])
    assert user.profile.name == "Ann" and user.fictional_icon == ""
    assert user.profile.main_image is not None
    assert "sig=" in user.profile.main_image.filename  # waiting for review: her own link
