"""The games show members who would want the member too (issue 29.1) and real members
before fictional profiles (issue 29.3): the swipe deck, the match-finder, the signup
matches and the like modal's auto-like, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Flask

from adapters.container import Container
from application.shared.listings import relist
from domain.members import AccountStatus, Member, Profile
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_discovery_api import add_photo, born
from tests.http.test_likes_api import signed_up

FINDER = "/api/match-finder?min_age=18&max_age=99"


def person(container: Container, name: str, gender: str, sexuality: str, age: int = 35,
           site_id: int = 1, photo: bool = True, **member: Any) -> int:
    profile = Profile(name=name, gender=gender, sexuality=sexuality, birth_date=born(age),
                      country="NL", region="NL-NH", about_me="Hoi", interests=("hiking",))
    with container.unit_of_work() as work:
        added = work.members.add(Member(
            id=0, site_id=site_id, email=f"{name.lower()}@example.com",
            status=AccountStatus.ACTIVE, language="nl", created_at=datetime(2026, 1, 1, tzinfo=UTC),
            profile=profile, **member))
        relist(work, added.id)
        work.commit()
    if photo:
        add_photo(container, added.id)
    return int(added.id)


def crowd(container: Container, site_id: int = 1) -> dict[str, int]:
    """One of each: whom a straight man, and whom a gay man, should and should not see."""
    return {f"{gender} {sexuality}": person(container, f"{gender[0]}{sexuality[:3]}{site_id}",
                                            gender, sexuality, site_id=site_id)
            for gender in ("female", "male") for sexuality in ("straight", "gay", "bisexual")}


def shown(client: ApiClient, path: str, key: str) -> set[int]:
    answer = client.get(path)
    assert answer.status_code == 200, answer.json
    return {card["id"] for card in answer.json[key]}


def test_a_straight_man_sees_no_lesbian_and_no_straight_man(app: Flask,
                                                            container: Container) -> None:
    people = crowd(container)
    bob, _ = signed_up(app, "Bob", "male", "female")
    wanted = {people["female straight"], people["female bisexual"]}
    assert shown(bob, "/api/swipe", "cards") == wanted
    assert shown(bob, "/api/signup-matches", "matches") == wanted
    assert bob.get("/api/signup-matches").json["mutual"] is True
    assert shown(bob, FINDER, "matches") == wanted | {people["male gay"],
                                                      people["male bisexual"]}
    assert shown(bob, f"{FINDER}&gender=female", "matches") == wanted
    # Men, on purpose: still only men who would want a man.
    assert shown(bob, f"{FINDER}&gender=male", "matches") == {people["male gay"],
                                                             people["male bisexual"]}
    # Everyone, on purpose: whatever they seek, and the answer says so.
    everyone = bob.get(f"{FINDER}&gender=any").json
    assert {card["id"] for card in everyone["matches"]} == set(people.values())
    assert everyone["mutual"] is False


def test_the_like_modal_offers_only_likes_both_ways(app: Flask, container: Container) -> None:
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    likers = [person(container, name, gender, sexuality) for name, gender, sexuality in (
        ("Lea", "female", "gay"), ("Sam", "male", "straight"), ("Gus", "male", "gay"),
        ("Wendy", "female", "straight"))]
    with container.unit_of_work() as work:
        for liker in likers:
            work.likes.add(liker, bob_id, datetime.now(UTC), match_seen=False)
        work.commit()
    offered = bob.get("/api/auto-like")
    assert offered.status_code == 200 and offered.json["name"] == "Wendy"
    assert offered.json["is_fictional"] is False
    assert bob.get("/api/auto-like").status_code == 204
    assert len(bob.get("/api/likes").json["liked_by"]) == 4  # the others stay listed


def test_the_gay_mens_site_shows_a_gay_man_men_seeking_men(app: Flask,
                                                           container: Container) -> None:
    people = crowd(container, site_id=2)  # flirt.test, the gay niche
    gay = ApiClient(app)
    body = {**SIGNUP, "email": "gus@example.com", "name": "Gus", "gender": "male",
            "seeking": "male"}
    assert gay.post("/api/signup", json=body, headers={"Host": "flirt.test"}).status_code == 201
    user = gay.get("/api/user", headers={"Host": "flirt.test"}).json["user"]
    assert (user["profile"]["gender"], user["profile"]["sexuality"]) == ("male", "gay")
    men_seeking_men = {people["male gay"], people["male bisexual"]}
    # The match-finder starts from the gender the profile seeks, as the web app asks.
    for path, key in (("/api/swipe", "cards"), ("/api/signup-matches", "matches"),
                      (f"{FINDER}&gender=male", "matches")):
        answer = gay.get(path, headers={"Host": "flirt.test"})
        assert answer.status_code == 200, answer.json
        assert {card["id"] for card in answer.json[key]} == men_seeking_men, path


def test_fictional_profiles_come_after_every_real_member(app: Flask, container: Container) -> None:
    bob, _ = signed_up(app, "Bob", "male", "female")  # 36, NL
    # The newest and best fits are fictional; the real members are older than he seeks.
    real = [person(container, f"Real{n}", "female", "straight", age=43 + n) for n in range(2)]
    star = [person(container, f"Star{n}", "female", "straight", is_fictional=True)
            for n in range(3)]
    deck = bob.get("/api/swipe").json["cards"]
    assert [card["id"] for card in deck] == real[::-1] + star[::-1]
    assert [card["is_fictional"] for card in deck] == [False] * 2 + [True] * 3
    finder = f"{FINDER.split('?')[0]}?min_age=30&max_age=40&gender=female&interests=hiking"
    for path in ("/api/signup-matches", finder):
        matches = bob.get(path).json["matches"]
        assert [m["is_fictional"] for m in matches] == [False] * 2 + [True] * 3, path
        assert {m["id"] for m in matches[:2]} == set(real)
    # The match-finder's top is real though every fictional profile scores higher.
    matches = bob.get(finder).json["matches"]
    assert min(m["score"] for m in matches[2:]) > max(m["score"] for m in matches[:2])
