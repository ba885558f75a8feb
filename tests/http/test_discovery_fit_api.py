"""Discovery fits the member (issue 19.1): search, the swipe deck and the landers start
from what the member seeks; members with a photo come first and photo-less ones last."""

from __future__ import annotations

from typing import Any

from flask import Flask

from adapters.container import Container
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_discovery_api import TODAY, add_member, add_photo, born


def ids(answer: dict[str, Any]) -> list[int]:
    return [card["id"] for card in answer["results"]]


def test_a_member_search_starts_from_what_their_profile_seeks(
        client: ApiClient, container: Container) -> None:
    # A man born 1990 seeking women: women ten years around his age, whatever else is there.
    client.post("/api/signup", json={**SIGNUP, "gender": "male", "seeking": "female"})
    age = TODAY.year - 1990 - (1 if (TODAY.month, TODAY.day) < (4, 1) else 0)
    woman = add_member(container, "Woman", born(age))
    add_member(container, "Man", born(age), gender="male")
    add_member(container, "Older", born(age + 15))
    answer = client.get("/api/members").json
    # No place but the country: no distance (issue 29.2); only members who would want
    # him (29.1), best first (29.3).
    assert answer["filters"] == {"gender": "female", "country": None, "region": None,
                                 "min_age": age - 10, "max_age": age + 10,
                                 "distance_km": None, "order": "best", "online": False,
                                 "everyone": False, "mutual": True, "widened_from_km": None,
                                 "located": False}
    assert ids(answer) == [woman]
    # Any filter is the member's own choice; gender=any is both genders by choice (of
    # those who would want him), everyone=1 whatever they seek.
    both = client.get("/api/members?gender=any").json
    assert both["filters"]["gender"] is None and len(both["results"]) == 2
    assert len(client.get("/api/members?gender=any&everyone=1").json["results"]) == 3
    assert client.get("/api/members?min_age=18").json["filters"]["gender"] is None


def test_visitors_search_everyone(client: ApiClient, container: Container) -> None:
    container.site_administration().set("amora.test", "logged_out_search", "all", "test")
    add_member(container, "Anna", born(30))
    add_member(container, "Carl", born(60), gender="male")
    answer = client.get("/api/members").json
    assert answer["filters"]["gender"] is None and len(answer["results"]) == 2


def test_members_with_a_photo_first_photo_less_last_across_pages(
        client: ApiClient, container: Container) -> None:
    container.site_administration().set("amora.test", "logged_out_search", "all", "test")
    # Photo-less members in between, by signup time: they still come after every face.
    photo, bare = [], []
    for n in range(15):
        photo.append(add_member(container, f"Photo{n}", born(30)))
        bare.append(add_member(container, f"Bare{n}", born(30)))
    for member_id in photo:
        add_photo(container, member_id)
    expected = photo[::-1] + bare[::-1]

    first = client.get("/api/members").json
    assert ids(first) == expected[:24] and first["numResults"] == 30
    by_cursor = client.get(f"/api/members?page=2&after={first['next']}").json
    by_number = client.get("/api/members?page=2").json
    assert ids(by_cursor) == ids(by_number) == expected[24:]
    assert by_cursor["next"] is None
    # A cursor in the middle of a listing resumes there.
    after_photo = client.get(f"/api/members?page=2&after={photo[5]}").json
    assert ids(after_photo) == photo[4::-1] + bare[::-1]
    after_bare = client.get(f"/api/members?page=2&after={bare[5]}").json
    assert ids(after_bare) == bare[4::-1]


def test_the_swipe_deck_shows_faces_of_the_sought_gender_and_ages_first(
        app: Flask, container: Container) -> None:
    from tests.http.test_likes_api import signed_up
    ann, _ = signed_up(app, "Ann", "female", "male")  # born 1990
    near = add_member(container, "Near", born(35), gender="male")
    far = add_member(container, "Far", born(70), gender="male")
    faceless = add_member(container, "Faceless", born(35), gender="male")
    woman = add_member(container, "Woman", born(35))
    for member_id in (near, far, woman):
        add_photo(container, member_id)
    deck = [card["id"] for card in ann.get("/api/swipe").json["cards"]]
    assert deck == [near, far] and faceless not in deck


def test_landers_show_faces_of_what_a_member_seeks_and_near_a_place(
        app: Flask, client: ApiClient, container: Container) -> None:
    from tests.http.test_likes_api import signed_up
    bob, _ = signed_up(app, "Bob", "male", "female")
    here = add_member(container, "Here", born(30), region="NL-UT")
    there = add_member(container, "There", born(30), country="DE", region="DE-BY")
    man = add_member(container, "Man", born(30), gender="male", region="NL-UT")
    add_member(container, "Faceless", born(30), region="NL-UT")
    for member_id in (here, there, man):
        add_photo(container, member_id)

    def shown(who: ApiClient, query: str = "") -> set[int]:
        answer = who.get(f"/api/lander-members?limit=10{query}")
        assert answer.status_code == 200, answer.json
        return {card["id"] for card in answer.json["members"]}

    assert shown(client) == {here, there, man}
    assert shown(bob) == {here, there}
    assert shown(client, "&country=nl&region=nl-ut") == {here, man}
    assert shown(client, "&country=DE") == {there}
    for bad in ("&country=NLD", "&region=NL-UT", "&country=NL&region=x"):
        assert client.get(f"/api/lander-members?limit=10{bad}").status_code == 400
