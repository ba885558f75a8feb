"""Where members come in lists (issue 19.1), on SQLite and PostgreSQL: a photo and a
filled profile first, a photo only next, no photo last. The listing is stored with the
member (members.listing) and follows each photo and profile change."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Flask

from adapters.container import Container
from application.shared.listings import relist
from domain.discovery import Listing
from tests.adapters.test_images import picture
from tests.api_client import ApiClient
from tests.http.test_discovery_api import add_member, add_photo, born
from tests.http.test_likes_api import signed_up
from tests.http.test_photos_api import upload
from tests.lookups import found

ABOUT: dict[str, Any] = {"about_me": "I sail on weekends.", "interests": ["sailing"]}


def listing(container: Container, member_id: int) -> Listing | None:
    with container.unit_of_work() as work:
        answer: Listing | None = work.discovery.listing(member_id)
        return answer


def fill_profile(container: Container, member_id: int) -> None:
    with container.unit_of_work() as work:
        member = found(work.members.get(member_id))
        work.members.save(member, attrs.evolve(member, profile=attrs.evolve(
            member.profile, about_me=ABOUT["about_me"], interests=tuple(ABOUT["interests"]))))
        relist(work, member_id)
        work.commit()


def test_the_listing_follows_photos_reviews_and_the_profile(
        app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    photos = container.photos()
    assert listing(container, ann_id) is Listing.NO_PHOTO  # a new member
    # A filled profile without a photo still comes last.
    assert ann.put("/api/profile", json=ABOUT).status_code == 200
    assert listing(container, ann_id) is Listing.NO_PHOTO
    first = upload(ann, picture()).json["photo"]
    assert listing(container, ann_id) is Listing.NO_PHOTO  # waiting for review
    photos.review(first["id"], approve=True, actor="ops")
    assert listing(container, ann_id) is Listing.FILLED
    assert ann.put("/api/profile", json={"about_me": "  "}).status_code == 200
    assert listing(container, ann_id) is Listing.PHOTO
    assert ann.put("/api/profile", json={"about_me": "Back again"}).status_code == 200
    assert listing(container, ann_id) is Listing.FILLED

    second = upload(ann, picture("PNG")).json["photo"]
    # One waiting for review cannot be the main one (issue 29.7): the listing stays.
    assert ann.put(f"/api/photos/{second['id']}/main").json["error"] == "photo_pending"
    assert listing(container, ann_id) is Listing.FILLED
    photos.review_many([second["id"]], approve=True, actor="ops")
    assert ann.put(f"/api/photos/{second['id']}/main").status_code == 204
    assert listing(container, ann_id) is Listing.FILLED
    photos.review(second["id"], approve=False, actor="ops", reason="not a face")
    assert listing(container, ann_id) is Listing.NO_PHOTO
    assert ann.put(f"/api/photos/{first['id']}/main").status_code == 204
    assert listing(container, ann_id) is Listing.FILLED
    assert ann.delete(f"/api/photos/{first['id']}").status_code == 204
    # The rejected photo became the main one: no face to show.
    assert listing(container, ann_id) is Listing.NO_PHOTO


def test_filled_profiles_first_then_photos_then_none_in_search_deck_and_landers(
        app: Flask, client: ApiClient, container: Container) -> None:
    container.site_administration().set("amora.test", "logged_out_search", "all", "test")
    # Oldest to newest: within a listing the newest come first, but listings go first.
    filled = [add_member(container, f"Filled{n}", born(30)) for n in range(2)]
    photo = [add_member(container, f"Photo{n}", born(30)) for n in range(2)]
    bare = [add_member(container, f"Bare{n}", born(30)) for n in range(2)]
    for member_id in filled + photo:
        add_photo(container, member_id)
    for member_id in filled + bare:  # a filled profile without a photo stays last
        fill_profile(container, member_id)
    expected = filled[::-1] + photo[::-1] + bare[::-1]

    answer = client.get("/api/members").json
    assert [card["id"] for card in answer["results"]] == expected
    # A cursor in the photo-only listing resumes there.
    after = client.get(f"/api/members?page=2&after={photo[1]}").json
    assert [card["id"] for card in after["results"]] == [photo[0], *bare[::-1]]

    landers = client.get("/api/lander-members?limit=10").json["members"]
    assert [card["id"] for card in landers] == expected[:4]

    bob, _ = signed_up(app, "Bob", "male", "female")
    deck = [card["id"] for card in bob.get("/api/swipe").json["cards"]]
    assert deck == expected[:4]
