"""Likes, matches, the like modal and the matching games through the API, on SQLite and
PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import attrs
import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.container import Container
from domain.members import AccountStatus, ProfileStatus
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_discovery_api import add_member, add_photo, born


def signed_up(app: Flask, name: str, gender: str, seeking: str) -> tuple[ApiClient, int]:
    """A member who signed up and confirmed the e-mail (so others can find them)."""
    client = ApiClient(app)
    body = {**SIGNUP, "email": f"{name.lower()}@example.com", "name": name, "gender": gender,
            "seeking": seeking}
    answer = client.post("/api/signup", json=body)
    assert answer.status_code == 201, answer.json
    member_id = answer.json["user"]["id"]
    with app.extensions["amora"].unit_of_work() as work:
        member = work.members.get(member_id)
        work.members.save(member, attrs.evolve(
            member, status=AccountStatus.ACTIVE,
            profile=attrs.evolve(member.profile, status=ProfileStatus.ACTIVE)))
        work.commit()
    return client, member_id


def make_premium(app: Flask, member_id: int) -> None:
    """As the first purchase would (the shop's tests buy for real)."""
    with app.extensions["amora"].unit_of_work() as work:
        member = work.members.get(member_id)
        work.members.save(member, member.became_premium())
        work.commit()


# Ann's client and id, then Bob's.
TwoMembers = tuple[ApiClient, int, ApiClient, int]


@pytest.fixture
def pair(app: Flask) -> TwoMembers:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    return ann, ann_id, bob, bob_id


def test_likes_need_a_login(client: ApiClient) -> None:
    for answer in (client.post("/api/members/1/like"), client.get("/api/likes"),
                   client.get("/api/auto-like"), client.get("/api/swipe"),
                   client.get("/api/match-finder"), client.get("/api/signup-matches")):
        assert answer.status_code == 403 and answer.json["error"] == "authentication_required"


def test_two_likes_make_a_match_and_both_see_it(pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    first = ann.post(f"/api/members/{bob_id}/like").json
    assert first["match"] is False and first["profile"]["name"] == "Bob"
    # Bob sees a new like, the like modal offers it once, opening Ann's profile clears it.
    likes = bob.get("/api/likes").json
    assert likes["new_likes"] == 1 and likes["liked_by"][0]["id"] == ann_id
    assert likes["liked_by"][0]["like_new"] is True and likes["liked_by"][0]["match"] is False
    assert bob.get("/api/auto-like").json["id"] == ann_id
    assert bob.get("/api/auto-like").status_code == 204
    profile = bob.get(f"/api/members/{ann_id}").json["profile"]
    assert profile["likes_me"] is True and profile["liked_by_me"] is False
    assert bob.get("/api/likes").json["new_likes"] == 0
    # Bob likes back: a match; he celebrates now, Ann at her next look.
    assert bob.post(f"/api/members/{ann_id}/like").json["match"] is True
    mine = ann.get("/api/likes").json["profiles"][0]
    assert mine["id"] == bob_id and mine["match"] is True and mine["match_new"] is True
    assert ann.post(f"/api/matches/{bob_id}/seen").status_code == 204
    assert ann.get("/api/likes").json["profiles"][0]["match_new"] is False
    assert bob.get("/api/likes").json["profiles"][0]["match_new"] is False
    assert ann.get(f"/api/members/{bob_id}").json["profile"]["match"] is True
    # Unlike ends the match; Ann's like stays.
    assert bob.delete(f"/api/members/{ann_id}/like").status_code == 204
    assert ann.get(f"/api/members/{bob_id}").json["profile"]["match"] is False
    assert bob.get("/api/likes").json["liked_by"][0]["id"] == ann_id


def test_new_likes_come_first(app: Flask, pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    cara, cara_id = signed_up(app, "Cara", "female", "male")
    ann.post(f"/api/members/{bob_id}/like")
    cara.post(f"/api/members/{bob_id}/like")
    assert [row["id"] for row in bob.get("/api/likes").json["liked_by"]] == [cara_id, ann_id]
    bob.get(f"/api/members/{cara_id}")  # opened: no longer new
    assert [row["id"] for row in bob.get("/api/likes").json["liked_by"]] == [ann_id, cara_id]


def test_likes_respect_blocks_and_visibility(app: Flask, container: Container,
                                             pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    hidden = add_member(container, "Hidden", born(30), invisible=True)
    assert ann.post(f"/api/members/{ann_id}/like").json["error"] == "cannot_like_self"
    assert ann.post(f"/api/members/{hidden}/like").status_code == 404
    assert ann.post("/api/members/99999999/like").status_code == 404
    ann.post(f"/api/members/{bob_id}/like")
    bob.post(f"/api/members/{ann_id}/block")
    assert bob.get("/api/likes").json["liked_by"] == []
    assert ann.get("/api/likes").json["profiles"] == []
    assert bob.post(f"/api/members/{ann_id}/like").status_code == 404
    # An invisible member's like is first contact: the liked member may see and like back.
    with container.unit_of_work() as work:
        work.likes.add(hidden, ann_id, datetime.now(UTC), match_seen=False)
        work.commit()
    assert ann.get(f"/api/members/{hidden}").status_code == 200
    assert ann.post(f"/api/members/{hidden}/like").json["match"] is True


def test_the_swipe_game_refuses_the_fifth_like_of_the_day(app: Flask, container: Container,
                                                          pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    men = [add_member(container, f"Man{n}", born(30 + n), gender="male") for n in range(6)]
    for face in (*men, bob_id):
        add_photo(container, face)
    deck = ann.get("/api/swipe").json
    assert deck["limit"] == 4 and deck["remaining"] == 4 and deck["resets_at"]
    assert {card["id"] for card in deck["cards"]} == {*men, bob_id}
    assert all(card["gender"] == "male" for card in deck["cards"])
    assert ann.post("/api/swipe", json={"profile": men[0], "like": False}).json["remaining"] == 4
    for n, man in enumerate(men[1:5]):
        answer = ann.post("/api/swipe", json={"profile": man, "like": True})
        assert answer.status_code == 200 and answer.json["remaining"] == 3 - n
    refused = ann.post("/api/swipe", json={"profile": men[5], "like": True})
    assert refused.status_code == 409 and refused.json["error"] == "swipe_out_of_likes"
    assert refused.json["params"]["resets_at"]
    # Passing is still allowed; swiped and liked members leave the deck.
    assert ann.post("/api/swipe", json={"profile": men[5], "like": False}).status_code == 200
    assert [card["id"] for card in ann.get("/api/swipe").json["cards"]] == [bob_id]
    again = ann.post("/api/swipe", json={"profile": men[0], "like": False})
    assert again.status_code == 409 and again.json["error"] == "already_swiped"
    assert len(ann.get("/api/likes").json["profiles"]) == 4


def test_a_swipe_like_can_match(pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    bob.post(f"/api/members/{ann_id}/like")
    assert ann.post("/api/swipe", json={"profile": bob_id, "like": True}).json["match"] is True


@pytest.mark.parametrize("body", [{}, {"profile": "x", "like": True}, {"profile": 1},
                                  {"profile": 1, "like": True, "extra": 1}])
def test_bad_swipes_change_nothing(pair: TwoMembers,
                                   body: dict[str, object]) -> None:
    ann = pair[0]
    assert ann.post("/api/swipe", json=body).status_code == 400
    assert ann.get("/api/swipe").json["remaining"] == 4


def test_match_finder_ranks_by_compatibility(app: Flask, container: Container,
                                             pair: TwoMembers) -> None:
    ann, ann_id, bob, bob_id = pair
    near = add_member(container, "Near", born(35), gender="male", region="NL-NH")
    far = add_member(container, "Far", born(35), gender="male", country="DE", region="DE-BY")
    add_member(container, "Woman", born(35), gender="female")
    # Open to free members: the spec names no premium limit for it (issue 19.8).
    assert ann.get("/api/match-finder?gender=male").status_code == 200
    answer = ann.get("/api/match-finder?gender=male&min_age=30&max_age=40&country=NL"
                     "&region=NL-NH&interests=wine,yoga").json["matches"]
    ids = [row["id"] for row in answer]
    assert ids[0] == near and far in ids and set(ids) <= {near, far, bob_id}
    assert answer[0]["score"] >= answer[-1]["score"]
    signup = ann.get("/api/signup-matches").json["matches"]
    assert {row["id"] for row in signup} == {near, far, bob_id}
    ann.post(f"/api/members/{near}/like")
    assert near not in [row["id"] for row in ann.get("/api/signup-matches").json["matches"]]


@pytest.mark.parametrize("query", ["gender=robot", "gender=", "min_age=10", "min_age=50&max_age=40",
                                   "region=NL-NH", "interests=knitting", "min_age=abc"])
def test_match_finder_rejects_bad_answers(pair: TwoMembers,
                                          query: str) -> None:
    answer = pair[0].get(f"/api/match-finder?{query}")
    assert answer.status_code == 400 and answer.json["error"]


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(st.tuples(st.sampled_from(["ann", "bob"]), st.booleans()),
                        max_size=8))
def test_a_match_exists_exactly_when_both_like(pair: TwoMembers,
                                               actions: list[tuple[str, bool]]) -> None:
    ann, ann_id, bob, bob_id = pair
    ann.delete(f"/api/members/{bob_id}/like")
    bob.delete(f"/api/members/{ann_id}/like")
    state = {"ann": False, "bob": False}
    for who, like in actions:
        client, other = (ann, bob_id) if who == "ann" else (bob, ann_id)
        if like:
            client.post(f"/api/members/{other}/like")
        else:
            client.delete(f"/api/members/{other}/like")
        state[who] = like
    match = state["ann"] and state["bob"]
    assert ann.get(f"/api/members/{bob_id}").json["profile"]["match"] is match
    assert bob.get(f"/api/members/{ann_id}").json["profile"]["match"] is match
