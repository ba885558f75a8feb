"""Search, member profiles and blocks through the API, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime
from typing import Any

import attrs
import pytest
from dependency_injector import providers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event

from adapters.container import Container
from application.shared.listings import relist
from domain.discovery import NUMBERED_PAGES, PAGE_SIZE
from domain.members import AccountStatus, Member, Profile, ProfileStatus
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP

TODAY = datetime.now(UTC).date()


def add_member(container: Container, name: str, born: date, **changes: Any) -> int:
    profile_values: dict[str, Any] = {"gender": "female", "country": "NL", "region": "NL-NH"}
    profile_values.update({k: changes.pop(k) for k in ("gender", "country", "region", "status")
                           if k in changes})
    profile = Profile(name=name, birth_date=born, **profile_values)
    member = Member(id=0, site_id=changes.pop("site_id", 1), email=f"{name.lower()}@example.com",
                    status=changes.pop("status_", AccountStatus.ACTIVE), language="nl",
                    created_at=datetime(2026, 1, 1, tzinfo=UTC), profile=profile, **changes)
    with container.unit_of_work() as work:
        member_id = work.members.add(member).id
        work.commit()
    return int(member_id)


def add_photo(container: Container, member_id: int) -> None:
    """An active main photo, as an approved upload leaves it."""
    with container.unit_of_work() as work:
        work.photos.add(member_id, f"{member_id}.jpg", f"{member_id}_t.jpg", True, "active",
                        datetime(2026, 1, 1, tzinfo=UTC))
        relist(work, member_id)  # as the photo use cases do
        work.commit()


def born(age: int) -> date:
    """A birth date that makes someone ``age`` today (1 January of the right year)."""
    return date(TODAY.year - age, 1, 1)


@pytest.fixture
def crowd(container: Container) -> dict[str, int]:
    container.site_administration().set("amora.test", "logged_out_search", "all", "test")
    return {
        "anna": add_member(container, "Anna", born(30)),
        "bea": add_member(container, "Bea", born(45), region="NL-ZH"),
        "carl": add_member(container, "Carl", born(33), gender="male", country="DE",
                           region="DE-BY"),
        "hidden": add_member(container, "Hidden", born(30), invisible=True),
        "banned": add_member(container, "Banned", born(30), status_=AccountStatus.BANNED),
        "gone": add_member(container, "Gone", born(30), status_=AccountStatus.DELETED),
        "new": add_member(container, "New", born(30), status_=AccountStatus.NOT_CONFIRMED,
                          status=ProfileStatus.DISABLED),
        "elsewhere": add_member(container, "Elsewhere", born(30), site_id=2),
    }


def names(answer: dict[str, Any]) -> set[str]:
    return {card["name"] for card in answer["results"]}


def test_search_shows_only_findable_members(client: ApiClient, crowd: dict[str, int]) -> None:
    answer = client.get("/api/members").json
    assert names(answer) == {"Anna", "Bea", "Carl"}
    assert answer["numResults"] == 3 and answer["pages"] == 1


def test_filters(client: ApiClient, crowd: dict[str, int]) -> None:
    assert names(client.get("/api/members?gender=female&min_age=40").json) == {"Bea"}
    assert names(client.get("/api/members?country=nl&region=nl-zh").json) == {"Bea"}
    assert names(client.get("/api/members?gender=male&country=DE").json) == {"Carl"}
    few = client.get("/api/members?gender=female&country=NL&region=NL-ZH&min_age=44&max_age=46")
    assert names(few.json) == {"Bea"}
    assert {card["name"] for card in few.json["similar"]} == {"Anna"}


@pytest.mark.parametrize("query", ["min_age=17", "max_age=100", "min_age=50&max_age=40",
                                   "page=0", "page=abc", "gender=robot", "region=NL-NH",
                                   "country=NLD", "min_age=-5", "page=99999999"])
def test_filters_out_of_range(client: ApiClient, query: str) -> None:
    answer = client.get(f"/api/members?{query}")
    assert answer.status_code == 400 and answer.json["error"]


def test_member_resell_shows_other_sites(client: ApiClient, container: Container,
                                         crowd: dict[str, int]) -> None:
    container.site_administration().set("amora.test", "member_resell", "yes", "test")
    container.site_administration().set("flirt.test", "member_resell", "yes", "test")
    assert "Elsewhere" in names(client.get("/api/members").json)


def test_logged_out_search_follows_the_site_policy(client: ApiClient, container: Container,
                                                   crowd: dict[str, int]) -> None:
    container.site_administration().set("amora.test", "logged_out_search", "none", "test")
    assert client.get("/api/members").json["error"] == "authentication_required"
    container.site_administration().set("amora.test", "logged_out_search_trafficsource", "all",
                                        "test")
    assert client.get("/api/members?network=partner").status_code == 200
    client.post("/api/signup", json=SIGNUP)
    assert client.get("/api/members").status_code == 200


def test_blocking_hides_both_ways(client: ApiClient, crowd: dict[str, int]) -> None:
    me = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    anna = crowd["anna"]
    assert client.get(f"/api/members/{anna}").json["profile"]["blocked_by_me"] is False
    assert client.post(f"/api/members/{anna}/block").status_code == 204
    assert "Anna" not in names(client.get("/api/members?gender=any&everyone=1").json)
    assert client.get(f"/api/members/{anna}").json["profile"]["blocked_by_me"] is True
    assert client.delete(f"/api/members/{anna}/block").status_code == 204
    assert "Anna" in names(client.get("/api/members?gender=any&everyone=1").json)
    assert client.post(f"/api/members/{me}/block").json["error"] == "cannot_block_self"
    assert client.post("/api/members/999999/block").status_code == 404


def test_the_hearts_of_similar_members_come_with_them(client: ApiClient,
                                                      crowd: dict[str, int]) -> None:
    client.post("/api/signup", json=SIGNUP)
    assert client.post(f"/api/members/{crowd['anna']}/like").status_code == 200
    few = client.get("/api/members?gender=female&country=NL&region=NL-ZH&min_age=44"
                     "&max_age=46&everyone=1").json
    assert names(few) == {"Bea"} and [card["id"] for card in few["similar"]] == [crowd["anna"]]
    assert few["liked"] == [crowd["anna"]]


def test_the_answer_says_whom_of_its_cards_i_like(client: ApiClient,
                                                  crowd: dict[str, int]) -> None:
    # The cards' hearts show with the page; the likes lists load after the first screen.
    assert client.get("/api/members?gender=any&everyone=1").json["liked"] == []  # a visitor
    client.post("/api/signup", json=SIGNUP)
    assert client.post(f"/api/members/{crowd['bea']}/like").status_code == 200
    answer = client.get("/api/members?gender=any&everyone=1").json
    assert answer["liked"] == [crowd["bea"]]
    assert crowd["bea"] in {card["id"] for card in answer["results"]}
    assert client.delete(f"/api/members/{crowd['bea']}/like").status_code == 204
    assert client.get("/api/members?gender=any&everyone=1").json["liked"] == []


def test_a_blocked_member_cannot_view_the_blocker(client: ApiClient, container: Container,
                                                  crowd: dict[str, int]) -> None:
    me = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    with container.unit_of_work() as work:
        work.discovery.block(crowd["anna"], me, datetime.now(UTC))
        work.commit()
    assert client.get(f"/api/members/{crowd['anna']}").status_code == 404
    assert "Anna" not in names(client.get("/api/members?gender=any&everyone=1").json)


def test_hidden_members_have_no_profile_page(client: ApiClient, crowd: dict[str, int]) -> None:
    for key in ("hidden", "banned", "gone", "new", "elsewhere"):
        assert client.get(f"/api/members/{crowd[key]}").status_code == 404
    assert client.get("/api/members/99999999").status_code == 404


def test_free_viewers_see_one_photo_unlocked(client: ApiClient, container: Container,
                                             crowd: dict[str, int]) -> None:
    with container.unit_of_work() as work:
        for n in range(3):
            work.photos.add(crowd["anna"], f"photos/a/{n}.jpg", f"photos/a/{n}_t.jpg", n == 0,
                            "active", datetime(2026, 1, 1, tzinfo=UTC))
        work.photos.add(crowd["anna"], "photos/a/p.jpg", "photos/a/p_t.jpg", False, "pending",
                        datetime(2026, 1, 1, tzinfo=UTC))
        work.commit()
    profile = client.get(f"/api/members/{crowd['anna']}").json["profile"]
    assert profile["photo_count"] == 3
    assert [photo["locked"] for photo in profile["photos"]] == [False, True, True]
    assert profile["photos"][1]["filename"] is None


def test_search_query_count_does_not_grow_with_results(client: ApiClient,
                                                       container: Container) -> None:
    statements: list[str] = []
    engine = container.engine()

    def count(*args: object) -> None:
        # The process's memory of the sites is re-read on its own schedule (once a
        # second at most), not per search.
        if "FROM sites" not in str(args[2]):
            statements.append(str(args[2]))

    def queries_for(path: str) -> int:
        statements.clear()
        event.listen(engine, "before_cursor_execute", count)
        try:
            assert client.get(path).status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", count)
        return len(statements)

    container.site_administration().set("amora.test", "logged_out_search", "all", "test")
    add_member(container, "Solo", born(30))
    few = queries_for("/api/members?min_age=18")
    for n in range(30):
        add_member(container, f"M{n:02d}", born(20 + n))
    many = queries_for("/api/members?min_age=18")
    assert few == many
    assert attrs.has(Member)


# --- capped count and keyset pages (issue 17) --------------------------------------------

def add_many(container: Container, count: int, country: str, seed: int) -> set[int]:
    """``count`` members of ``country`` in one transaction, a random mix of findable and
    not; returns the ids of the findable ones."""
    rng = random.Random(seed)
    findable = set()
    with container.unit_of_work() as work:
        for n in range(count):
            hidden = rng.random() < 0.2
            member = work.members.add(Member(
                id=0, site_id=1, email=f"{country}{seed}-{n}@example.com",
                status=AccountStatus.BANNED if hidden else AccountStatus.ACTIVE,
                language="nl", created_at=datetime(2026, 1, 1, tzinfo=UTC),
                profile=Profile(name=f"{country}{n}", birth_date=born(rng.randint(18, 90)),
                                gender=rng.choice(["female", "male"]), country=country)))
            if not hidden:
                findable.add(member.id)
        work.commit()
    return findable


def with_count_cap(container: Container, cap: int) -> None:
    container.discovery.override(providers.Object(
        attrs.evolve(container.discovery(), count_cap=cap)))


def test_the_count_stops_at_the_cap(client: ApiClient, container: Container,
                                    crowd: dict[str, int]) -> None:
    with_count_cap(container, 2)
    answer = client.get("/api/members").json
    assert (answer["numResults"], answer["numResultsCapped"]) == (2, True)
    assert len(answer["results"]) == 3  # the page itself is not capped
    with_count_cap(container, 3)
    answer = client.get("/api/members").json
    assert (answer["numResults"], answer["numResultsCapped"]) == (3, False)


def test_pages_past_a_capped_count_stay_reachable(client: ApiClient, container: Container) -> None:
    container.site_administration().set("amora.test", "logged_out_search", "all", "test")
    found = add_many(container, 90, "BE", seed=1)
    assert len(found) > 48
    with_count_cap(container, 10)
    answer = client.get("/api/members?country=BE&page=2").json
    assert answer["numResultsCapped"] is True and answer["pages"] == 3
    assert len(answer["results"]) == 24 and answer["next"] == answer["results"][-1]["id"]
    last, page = -(-len(found) // 24), 2
    while page < last:  # past page 3 a page opens from the one before it (issue 36.2)
        page, after = page + 1, answer["next"]
        answer = client.get(f"/api/members?country=BE&page={page}&after={after}").json
    assert answer["pages"] == last and answer["next"] is None


def test_a_bad_cursor_is_a_clear_error(client: ApiClient, crowd: dict[str, int]) -> None:
    for after in ("0", "x", "-3"):
        response = client.get(f"/api/members?after={after}")
        assert (response.status_code, response.json["error"]) == (400, "invalid_request")


countries = iter(f"{a}{b}" for a in "QRSTUVWXYZ" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.integers(0, 80), seed=st.integers(0, 1000), gender=st.sampled_from(
    ["", "female"]))
def test_next_cursors_walk_every_member_once(client: ApiClient, container: Container,
                                             crowd: dict[str, int], count: int, seed: int,
                                             gender: str) -> None:
    """Following ``next`` from page 1 lists each findable member exactly once, newest
    first, and agrees with the numbered pages (the first NUMBERED_PAGES: past them a page
    needs its cursor)."""
    country = next(countries)  # a country of its own: examples share the database
    found = add_many(container, count, country, seed)
    query = f"/api/members?country={country}" + (f"&gender={gender}" if gender else "")
    walked, numbered, after, page = [], [], None, 1
    while True:
        answer = client.get(query + (f"&page={page}&after={after}" if after else "")).json
        walked += [card["id"] for card in answer["results"]]
        if page <= NUMBERED_PAGES:
            numbered += [card["id"]
                         for card in client.get(f"{query}&page={page}").json["results"]]
        after, page = answer["next"], page + 1
        if after is None:
            break
    wanted = found if not gender else {
        card for card in found if client.get(f"/api/members/{card}").json["profile"]["gender"]
        == gender}
    assert walked == sorted(wanted, reverse=True)
    assert numbered == walked[:NUMBERED_PAGES * PAGE_SIZE]


def test_a_page_past_the_numbered_ones_needs_its_cursor(client: ApiClient,
                                                       container: Container) -> None:
    container.site_administration().set("amora.test", "logged_out_search", "all", "test")
    add_many(container, 5, "BE", seed=2)
    assert client.get("/api/members?country=BE&page=3").status_code == 200
    refused = client.get(f"/api/members?country=BE&page={NUMBERED_PAGES + 1}")
    assert (refused.status_code, refused.json) == (
        400, {"error": "page_needs_cursor", "params": {"max": NUMBERED_PAGES}})
    first = client.get("/api/members?country=BE").json["results"]
    opened = client.get(f"/api/members?country=BE&page=9&after={first[1]['id']}")
    assert opened.status_code == 200
    assert [card["id"] for card in opened.json["results"]] == [c["id"] for c in first[2:]]
