"""Issue 28.6: locked, pending and rejected photos are served only through the app's
access rule, by a link signed for the viewer the rule lets see them; only the main photo
(on every card, to visitors too) is served by its plain name. Demo photos get random
names like uploads. On SQLite and PostgreSQL."""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from dependency_injector import providers
from flask import Flask
from sqlalchemy import select

from adapters.container import Container
from adapters.sql import tables as t
from application.shared.photo_links import PhotoLinks
from tests.adapters.test_images import picture
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.http.test_chat_api import grant, make_paid
from tests.http.test_likes_api import signed_up
from tests.http.test_photos_api import upload
from tests.lookups import found

JPEG = b"\xff\xd8 a photo \xff\xd9"


def add_photos(container: Container, member_id: int, count: int,
               status: str = "active") -> list[int]:
    """``count`` photos with random names and their files, the first one main."""
    ids = []
    with container.unit_of_work() as work:
        for n in range(count):
            name = f"photos/{member_id}/{secrets.token_urlsafe(15)}"
            for file in (f"{name}.jpg", f"{name}_thumb.jpg"):
                container.files().put(file, JPEG, "image/jpeg")
            ids.append(work.photos.add(member_id, f"{name}.jpg", f"{name}_thumb.jpg", n == 0,
                                       status, datetime(2026, 1, 1, tzinfo=UTC)))
        work.commit()
    return ids


def stored(container: Container, photo_id: int) -> tuple[str, str]:
    with container.unit_of_work() as work:
        photo = found(work.photos.get(photo_id))
    return photo.filename, photo.thumb_filename


@pytest.fixture
def links_made_now(container: Container) -> PhotoLinks:
    """The API's links made at one fixed moment (now), so two answers of a test never
    straddle an hour's turn; /media/ still checks them against the real clock."""
    links = PhotoLinks(container.signer(), FixedClock(datetime.now(UTC)))
    container.photo_links.override(providers.Object(links))
    return links


# Ann's client and id, Bob's, and Bob's photos: the main one, then two locked.
Pair = tuple[ApiClient, int, ApiClient, int, list[int]]


@pytest.fixture
def pair(links_made_now: PhotoLinks, app: Flask, container: Container) -> Pair:
    """Ann, a free member, and Bob with three approved photos: the main one, two locked."""
    assert container.chat().photo_links is links_made_now
    container.site_administration().set("amora.test", "photo_credits", "15", "test")
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    return ann, ann_id, bob, bob_id, add_photos(container, bob_id, 3)


def test_a_locked_photos_plain_name_is_not_found(app: Flask, container: Container,
                                                 pair: Pair) -> None:
    ann, ann_id, bob, bob_id, (main, locked, _) = pair
    visitor = ApiClient(app)
    for name in stored(container, locked):
        assert visitor.get(f"/media/{name}").status_code == 404
        assert ann.get(f"/media/{name}").status_code == 404  # not unlocked
        assert bob.get(f"/media/{name}").status_code == 404  # even its owner needs a link
    for name in stored(container, main):  # on every card: anyone may fetch it
        answer = visitor.get(f"/media/{name}")
        assert (answer.status_code, answer.data) == (200, JPEG)
    gallery = ann.get(f"/api/members/{bob_id}").json["profile"]["photos"]
    assert [(p["locked"], p["filename"]) for p in gallery[1:]] == [(True, None), (True, None)]
    assert gallery[0]["filename"] == stored(container, main)[0]  # plain: cacheable by all



def test_the_link_the_api_gives_opens_the_photo_for_that_viewer_only(
        app: Flask, container: Container, pair: Pair) -> None:
    ann, ann_id, bob, bob_id, (_, locked, other) = pair
    carl, carl_id = signed_up(app, "Carl", "male", "female")
    grant(app, ann_id, 20)
    opened = ann.post(f"/api/members/{bob_id}/photos/{locked}/unlock").json["photo"]
    name, thumb = stored(container, locked)
    assert opened["filename"].startswith(f"{name}?exp=")  # signed for Ann
    for link in (opened["filename"], opened["thumb_filename"]):
        answer = ann.get(f"/media/{link}")  # the unlock shows it at once, no reload
        assert (answer.status_code, answer.data) == (200, JPEG)
        assert answer.cache_control.private and answer.cache_control.max_age == 3600
        assert ApiClient(app).get(f"/media/{link}").status_code == 404  # a visitor
        assert carl.get(f"/media/{link}").status_code == 404  # a copied link
    assert ann.get(f"/media/{name}").status_code == 404  # the bare name stays shut
    # Her profile view gives the same link (the same URL all hour: the browser's cache).
    gallery = ann.get(f"/api/members/{bob_id}").json["profile"]["photos"]
    assert gallery[1]["filename"] == opened["filename"] and gallery[2]["locked"]
    # A premium member sees every photo, each by a link of their own; the owner too.
    make_paid(app, carl_id)
    for viewer in (carl, bob):
        seen: Any = viewer.get(f"/api/members/{bob_id}").json
        photos = seen["profile"]["photos"]
        assert [p["locked"] for p in photos] == [False, False, False]
        assert photos[0]["filename"] == stored(container, pair[4][0])[0]  # the main: plain
        for photo in photos[1:]:
            assert "?exp=" in photo["filename"] and photo["filename"] != opened["filename"]
            assert viewer.get(f"/media/{photo['thumb_filename']}").status_code == 200
    own = bob.get("/api/profile").json["profile"]["photos"]
    assert ann.get(f"/media/{own[2]['filename']}").status_code == 404  # Bob's, not Ann's
    assert bob.get(f"/media/{own[2]['filename']}").status_code == 200
    assert stored(container, other)[0] == own[2]["filename"].partition("?")[0]


def query_of(link: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(link).query).items()}


def test_an_expired_or_tampered_link_is_not_found(app: Flask, container: Container,
                                                  pair: Pair) -> None:
    ann, ann_id, bob, bob_id, (_, locked, other) = pair
    make_paid(app, ann_id)
    photos = ann.get(f"/api/members/{bob_id}").json["profile"]["photos"]
    link = photos[1]["filename"]
    assert ann.get(f"/media/{link}").status_code == 200
    name, (exp, sig) = link.partition("?")[0], query_of(link).values()
    flipped = ("A" if sig[0] != "A" else "B") + sig[1:]
    for forged in (f"{name}?exp={exp}&sig={flipped}",
                   f"{name}?exp={int(exp) + 3600}&sig={sig}",  # a longer life
                   f"{stored(container, other)[0]}?exp={exp}&sig={sig}",  # another photo
                   f"{name}?exp={exp}", f"{name}?sig={sig}", f"{name}?exp=&sig=",
                   f"{name}?exp=soon&sig={sig}", f"{name}?exp={'9' * 5000}&sig={sig}",
                   f"{name}?exp={exp}&sig=%C3%A9{sig}", f"{name}?exp=-1&sig={sig}"):
        assert ann.get(f"/media/{forged}").status_code == 404, forged
    # A link made for Ann by the same rule a little over two hours ago has expired.
    then = FixedClock(datetime.now(UTC) - timedelta(hours=2, minutes=1))
    old = PhotoLinks(container.signer(), then).name(name, ann_id, public=False)
    assert int(query_of(old)["exp"]) < datetime.now(UTC).timestamp()
    assert ann.get(f"/media/{old}").status_code == 404


def test_a_pending_photo_needs_its_owners_link_or_an_operators_preview(
        app: Flask, container: Container, pair: Pair) -> None:
    ann, ann_id, bob, bob_id, _ = pair
    make_paid(app, bob_id)  # room for a fourth photo
    photo = upload(bob, picture()).json["photo"]
    name = photo["filename"].partition("?")[0]
    assert bob.get(f"/media/{photo['filename']}").status_code == 200  # the upload's answer
    assert bob.get(f"/media/{name}").status_code == 404  # the bare name: nobody's
    for client in (ann, ApiClient(app)):
        assert client.get(f"/media/{photo['filename']}").status_code == 404
    found, _ = container.photos().pending()
    [waiting] = [p for p in found if p.id == photo["id"]]
    # His approved photos go: the one waiting for review is left as the main one (it
    # cannot be chosen as main while it waits, issue 29.7).
    for approved in pair[4]:
        assert bob.delete(f"/api/photos/{approved}").status_code == 204
    main = bob.get("/api/user").json["user"]["profile"]["main_image"]
    assert main["filename"].startswith(f"{name}?exp=")  # still pending: his link only
    assert bob.get(f"/media/{main['thumb_filename']}").status_code == 200
    assert ann.get(f"/media/{main['thumb_filename']}").status_code == 404
    operator = ApiClient(app)  # a browser without a login, from `amora photos pending`
    assert operator.get(f"/media/{name}?preview={waiting.preview}").status_code == 200
    assert operator.get(f"/media/{name}?preview=forged").status_code == 404
    container.photos().review(photo["id"], approve=False, actor="ops", reason="blurry")
    own = [p for p in bob.get("/api/profile").json["profile"]["photos"]
           if p["id"] == photo["id"]]
    assert own[0]["status"] == "rejected"
    assert bob.get(f"/media/{own[0]['filename']}").status_code == 200  # still hers to see
    assert ann.get(f"/media/{own[0]['filename']}").status_code == 404


def test_demo_photo_names_are_not_sequential(client: ApiClient, container: Container) -> None:
    """`/media/photos/6/2.jpg` answered every visitor: the demo named photos by member and
    number. Now they get random names like uploads; nothing is found by counting."""
    container.demo_seeder().seed(members=3, seed=7)
    with container.engine().connect() as connection:
        rows = connection.execute(select(t.photos.c.member_id, t.photos.c.filename,
                                         t.photos.c.thumb_filename)).all()
    assert rows
    for member_id, filename, thumb in rows:
        assert re.fullmatch(rf"photos/{member_id}/[A-Za-z0-9_-]{{20}}\.jpg", filename), filename
        assert thumb == filename.removesuffix(".jpg") + "_thumb.jpg"
        for n in range(1, 5):  # the old names
            assert client.get(f"/media/photos/{member_id}/{n}.jpg").status_code == 404
    names = [row.filename for row in rows]
    assert len(set(names)) == len(names)
