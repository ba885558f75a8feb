"""Search shows people who would want the member, near them, best first (issue 29.1-3),
on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import attrs
from flask import Flask
from sqlalchemy import select

from adapters.container import Container
from adapters.sql import tables
from application.shared.listings import relist
from domain.members import AccountStatus, Member, Profile, ProfileStatus
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_discovery_api import add_photo, born


def person(container: Container, name: str, gender: str = "female", sexuality: str = "straight",
           city: str | None = "Amsterdam", region: str | None = "NL-NH", country: str = "NL",
           age: int = 35, interests: tuple[str, ...] = (), about_me: str = "",
           is_fictional: bool = False, show_online: bool = True) -> int:
    profile = Profile(name=name, gender=gender, sexuality=sexuality, birth_date=born(age),
                      country=country, region=region, city=city, interests=interests,
                      about_me=about_me)
    member = Member(id=0, site_id=1, email=f"{name.lower()}@example.com",
                    status=AccountStatus.ACTIVE, language="en",
                    created_at=datetime(2026, 1, 1, tzinfo=UTC), profile=profile,
                    is_fictional=is_fictional, show_online=show_online)
    with container.unit_of_work() as work:
        member_id = int(work.members.add(member).id)
        relist(work, member_id)
        work.commit()
    return member_id


def member_client(app: Flask, name: str, gender: str, seeking: str, **place: str) -> ApiClient:
    """A confirmed member who signed up with ``place`` (country, region, city)."""
    client = ApiClient(app)
    body = {**SIGNUP, "email": f"{name.lower()}@example.com", "name": name, "gender": gender,
            "seeking": seeking, "country": "NL", **place}
    answer = client.post("/api/signup", json=body)
    assert answer.status_code == 201, answer.json
    with app.extensions["amora"].unit_of_work() as work:
        member = work.members.get(answer.json["user"]["id"])
        work.members.save(member, attrs.evolve(
            member, status=AccountStatus.ACTIVE,
            profile=attrs.evolve(member.profile, status=ProfileStatus.ACTIVE)))
        work.commit()
    return client


def names(answer: dict[str, Any]) -> list[str]:
    assert "results" in answer, answer
    return [card["name"] for card in answer["results"]]


def test_a_straight_mans_default_search_has_no_one_who_does_not_seek_men(
        app: Flask, container: Container) -> None:
    for name, gender, sexuality in (
            ("Lesbian", "female", "gay"), ("Straight", "female", "straight"),
            ("Bi", "female", "bisexual"), ("GayMan", "male", "gay"), ("BiMan", "male", "bisexual")):
        person(container, name, gender, sexuality, age=34)
    tom = member_client(app, "Tom", "male", "female", region="NL-NH", city="Amsterdam")
    answer = tom.get("/api/members").json
    assert sorted(names(answer)) == ["Bi", "Straight"]
    assert answer["filters"]["mutual"] is True and answer["filters"]["everyone"] is False
    # Both genders by his choice: still only those who would want a man.
    assert sorted(names(tom.get("/api/members?gender=any").json)) == [
        "Bi", "BiMan", "GayMan", "Straight"]
    # "Everyone" turns the two-way rule off, on purpose, and says so.
    everyone = tom.get("/api/members?gender=female&everyone=1").json
    assert sorted(names(everyone)) == ["Bi", "Lesbian", "Straight"]
    assert everyone["filters"]["mutual"] is False and everyone["filters"]["everyone"] is True
    assert tom.get("/api/members?everyone=maybe").json["error"] == "invalid_request"


def test_search_starts_near_the_member_nearest_first_with_rounded_distances(
        app: Flask, container: Container) -> None:
    for name, city, region in (("Haarlem", "Haarlem", "NL-NH"), ("Utrecht", "Utrecht", "NL-UT"),
                               ("Rotterdam", "Rotterdam", "NL-ZH"),
                               ("Groningen", "Groningen", "NL-GR"),
                               ("Maastricht", "Maastricht", "NL-LI")):
        person(container, name, city=city, region=region)
    person(container, "Munich", city="München", region="DE-BY", country="DE")
    person(container, "Nowhere", city=None, region=None)  # a country alone: no position
    tom = member_client(app, "Tom", "male", "female", region="NL-NH", city="Amsterdam")

    near = tom.get("/api/members?order=nearest&distance=100&gender=female").json
    assert names(near) == ["Haarlem", "Utrecht", "Rotterdam"]
    assert [card["distance_km"] for card in near["results"]] == [15, 35, 60]
    assert near["filters"]["distance_km"] == 100 and near["filters"]["order"] == "nearest"
    assert near["filters"]["located"] is True
    # Anywhere, nearest first: those without a position come last, without a distance.
    anywhere = tom.get("/api/members?order=nearest&distance=any&gender=female").json
    assert names(anywhere) == ["Haarlem", "Utrecht", "Rotterdam", "Groningen", "Maastricht",
                               "Munich", "Nowhere"]
    assert anywhere["results"][-1]["distance_km"] is None
    # The defaults start within 100 km; three are too few, so they look wider and say so.
    default = tom.get("/api/members?order=nearest").json
    assert default["filters"]["widened_from_km"] == 100
    assert default["filters"]["distance_km"] is None  # 250 km held five: still too few
    assert names(default)[:3] == ["Haarlem", "Utrecht", "Rotterdam"]
    newest = tom.get("/api/members?order=newest&distance=50&gender=female").json
    assert names(newest) == ["Utrecht", "Haarlem"]
    for wrong in ("distance=11", "distance=-5", "order=random"):
        assert tom.get(f"/api/members?{wrong}").json["error"] == "invalid_request"


def test_the_position_follows_the_place(app: Flask, container: Container) -> None:
    person(container, "Haarlem", city="Haarlem", region="NL-NH")
    person(container, "Maastricht", city="Maastricht", region="NL-LI")
    tom = member_client(app, "Tom", "male", "female", region="NL-NH", city="Amsterdam")
    assert names(tom.get("/api/members?distance=25&gender=female").json) == ["Haarlem"]
    moved = tom.put("/api/profile", json={"region": "NL-LI", "city": "Maastricht"})
    assert moved.status_code == 200
    assert names(tom.get("/api/members?distance=25&gender=female").json) == ["Maastricht"]


def test_a_member_without_a_known_place_searches_without_distances(
        app: Flask, container: Container) -> None:
    person(container, "Haarlem", city="Haarlem", region="NL-NH")
    tom = member_client(app, "Tom", "male", "female")  # the country only
    answer = tom.get("/api/members?order=nearest&distance=10").json
    assert names(answer) == ["Haarlem"] and answer["results"][0]["distance_km"] is None
    assert answer["filters"]["located"] is False
    assert answer["filters"]["distance_km"] is None and answer["filters"]["order"] == "newest"


def test_online_now_only_finds_members_who_show_it(app: Flask, container: Container) -> None:
    online = person(container, "Online")
    person(container, "Away")
    quiet = person(container, "Quiet", show_online=False)
    tom = member_client(app, "Tom", "male", "female", region="NL-NH", city="Amsterdam")
    now = datetime.now(UTC)
    with container.unit_of_work() as work:
        work.last_seen.seen([online, quiet], now)
        work.commit()
    answer = tom.get("/api/members?online=1&gender=female").json
    assert names(answer) == ["Online"] and answer["filters"]["online"] is True
    assert answer["results"][0]["online"] is True
    cards = {card["name"]: card for card in tom.get("/api/members?gender=female").json["results"]}
    assert cards["Online"]["online"] is True and cards["Quiet"]["online"] is None
    # Who hides their own online status sees no one's (reciprocity): no such filter.
    assert tom.put("/api/user", json={"show_online": False}).status_code in (200, 204)
    hidden = tom.get("/api/members?online=1&gender=female").json
    assert hidden["filters"]["online"] is False and len(hidden["results"]) == 3
    assert all(card["online"] is None for card in hidden["results"])


def test_best_first_ranks_by_fit_says_why_and_never_tops_with_a_fictional_profile(
        app: Flask, container: Container) -> None:
    about_me, interests = "Out on the trails most weekends.", ("hiking", "jazz")
    star = person(container, "Star", is_fictional=True, about_me=about_me, interests=interests)
    far = person(container, "Far", city="Maastricht", region="NL-LI", interests=("cooking",))
    fit = person(container, "Fit", city="Haarlem", about_me=about_me, interests=interests)
    for member_id in (star, far, fit):
        add_photo(container, member_id)
    person(container, "Faceless", city="Haarlem")
    tom = member_client(app, "Tom", "male", "female", region="NL-NH", city="Amsterdam")
    tom.put("/api/profile", json={"interests": ["jazz", "hiking", "wine"]})
    answer = tom.get("/api/members?gender=female&distance=250").json
    assert answer["filters"]["order"] == "best"
    # Faces first (the photo-less last, as the photo nudge says), real ones before the
    # fictional profile, then by fit.
    assert names(answer) == ["Fit", "Far", "Star", "Faceless"]
    first = answer["results"][0]
    assert first["distance_km"] == 15 and first["shared_interests"] == ["jazz", "hiking"]
    assert answer["results"][2]["is_fictional"] is True  # the label goes with every card
    # Newest first the fictional profile would lead (newest, with a photo): not first.
    newest = tom.get("/api/members?gender=female&distance=250&order=newest").json
    assert names(newest)[0] != "Star" and "Star" in names(newest)


def test_best_first_spreads_attention_past_the_daily_cap(app: Flask, container: Container) -> None:
    popular = person(container, "Popular", city="Haarlem", about_me="Hi!", interests=("jazz",))
    add_photo(container, popular)
    add_photo(container, person(container, "Quiet", city="Utrecht", region="NL-UT"))
    tom = member_client(app, "Tom", "male", "female", region="NL-NH", city="Amsterdam")
    assert names(tom.get("/api/members?gender=female").json) == ["Popular", "Quiet"]
    impressions = container.impressions()
    # Written only when flushed below: a write on its own thread (due after 10 s on a
    # slow machine) would move the counts while the searches read them.
    impressions.flush_seconds = 3600
    impressions.count([popular] * 298, datetime.now(UTC).date())
    assert names(tom.get("/api/members?gender=female").json) == ["Popular", "Quiet"]
    # That search showed her for the 300th time today: from now on she comes after others.
    assert names(tom.get("/api/members?gender=female").json) == ["Quiet", "Popular"]
    impressions.flush()  # what other processes read
    # Written, her count comes with her card: she stays after the others.
    assert impressions.pending([popular], datetime.now(UTC).date()) == {}
    assert names(tom.get("/api/members?gender=female").json) == ["Quiet", "Popular"]
    with container.engine().connect() as connection:  # counted for today only
        days = select(tables.impressions.c.day).where(tables.impressions.c.member_id == popular)
        assert connection.execute(days).scalars().all() == [datetime.now(UTC).date()]
