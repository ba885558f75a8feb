"""The photo review sheet's page (issue 32.3, adapters/http/review_views.py): a link
`amora photos sheet` signed opens it without a login for 24 hours and not a second
longer; an altered, made-up or foreign token opens nothing; the page shows the next photos
waiting with what a moderator needs, every member text escaped, never indexed or cached.
The clock is stopped: time passes when the test says so. On SQLite and PostgreSQL."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from flask import Flask
from sqlalchemy import update

from adapters.container import Container
from adapters.http.app import create_app
from adapters.security.signing import SecretSigner
from adapters.sql import tables as t
from application.photo_sheet import LIFETIME, PURPOSE, SHEET_SIZE
from application.shared.decisions import record_decision
from domain.blocklists import PhotoHash
from domain.decisions import Ground, ItemKind, Restricting, Restriction
from domain.members import AccountStatus, Member, Profile
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import Seeded

NOW = datetime(2026, 11, 21, 12, tzinfo=UTC)
HOSTILE = "<img src=x onerror=alert(1)>\"'&"
# Two hashes of "the same picture" (a few bits apart) and one of another.
ORIGINAL = PhotoHash(0x0123456789ABCDEF, int("5a" * 32, 16))
COPY = PhotoHash(0x0123456789ABCDEF ^ 0b101, int("5a" * 32, 16) ^ 0b111)
UNLIKE = PhotoHash(0xFEDCBA9876543210, int("a5" * 32, 16))


@pytest.fixture
def clock(container: Container) -> FixedClock:
    stopped = FixedClock(NOW)
    container.clock.override(providers.Object(stopped))
    return stopped


@pytest.fixture
def clocked_app(clock: FixedClock, container: Container, seeded: Seeded, web_dist: Path) -> Flask:
    return create_app(container)


def _member(container: Container, email: str, name: str, site_id: int = 1,
            joined: datetime = NOW - timedelta(days=3)) -> int:
    with container.unit_of_work() as work:
        member = work.members.add(Member(
            id=0, site_id=site_id, email=email, status=AccountStatus.ACTIVE, language="en",
            created_at=joined, profile=Profile(name=name, gender="female",
                                               birth_date=date(1990, 11, 22), country="NL")))
        work.commit()
    return member.id


def _photo(container: Container, member: int, status: str, phash: PhotoHash | None = None,
           uploaded: datetime = NOW - timedelta(hours=5)) -> int:
    with container.unit_of_work() as work:
        photo = work.photos.add(member, f"photos/{member}/{status}-{phash}.jpg",
                                f"photos/{member}/{status}-{phash}_t.jpg", False, status,
                                uploaded, phash=phash)
        work.commit()
    container.files().put(f"photos/{member}/{status}-{phash}_t.jpg", b"thumb", "image/jpeg")
    return photo


@pytest.fixture
def world(clocked_app: Flask, container: Container) -> dict[str, Any]:
    """Eve (a hostile name, flagged texts, a complaint, a payments flag) has a photo
    waiting and one held as like Ann's; Ann's approved photo is what it copies; Flo on
    the second site has one waiting."""
    eve = _member(container, "eve@example.com", "Eve")
    ann = _member(container, "ann@example.com", "Ann", joined=NOW - timedelta(days=800))
    flo = _member(container, "flo@example.com", "Flo", site_id=2)
    anns = _photo(container, ann, "active", ORIGINAL)
    waiting = _photo(container, eve, "pending", UNLIKE)
    held = _photo(container, eve, "held", COPY)
    flos = _photo(container, flo, "pending")
    with container.engine().begin() as connection:
        connection.execute(update(t.profiles).where(t.profiles.c.member_id == eve)
                           .values(name=HOSTILE, text_flags="name=phone"))
    with container.unit_of_work() as work:
        work.member_flags.add(eve, "discount_code_reused", {}, NOW)
        member = work.members.get(eve)
        assert member is not None
        decision = record_decision(work, member, Restricting(
            restriction=Restriction.PHOTO_HELD, item_kind=ItemKind.PHOTO, item_id=str(held),
            facts="Like another member's photo.", ground=Ground.parse("impersonation"),
            detected_automatically=True, decided_automatically=True,
            undo={"photo_status": "pending", "entry": None, "photo": anns, "member": ann}),
            "shield", NOW)
        work.commit()
    return {"eve": eve, "ann": ann, "flo": flo, "anns": anns, "waiting": waiting,
            "held": held, "flos": flos, "decision": decision.id}


def _open(app: Flask, path: str) -> Any:
    return ApiClient(app).get(path)


def test_the_link_opens_the_sheet_without_a_login(clocked_app: Flask, container: Container,
                                                  world: dict[str, Any]) -> None:
    link = container.photo_sheets().link(None, "ops")
    assert link.expires == NOW + LIFETIME and link.domain == "amora.test"
    page = _open(clocked_app, link.path)
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["X-Robots-Tag"] == "noindex, nofollow, noarchive"
    assert page.headers["Cache-Control"] == "no-store"
    assert page.headers["Referrer-Policy"] == "no-referrer"
    html = page.get_data(as_text=True)
    assert '<meta name="robots" content="noindex, nofollow, noarchive">' in html
    shown = [int(n) for n in re.findall(r'<li class="tile[^"]*" id="photo-(\d+)"', html)]
    assert shown == [world["waiting"], world["held"], world["flos"]]  # oldest first
    assert "3 of 3 waiting" in html and "valid until 2026-11-22 12:00 UTC" in html
    # Member context: name, age (36 tomorrow), gender, country, account age, flags.
    assert "<bdi>Ann" not in html  # the approved photo's owner is not on the sheet
    assert ", 35, F, NL</p>" in html and "joined 3 d ago" in html and "waiting 5 h" in html
    assert "name flagged: phone" in html and "discount code reused" in html
    assert (f"Held: like photo {world['anns']} of member {world['ann']} "
            f"(decision {world['decision']})") in html
    assert f"Looks like photo {world['anns']} of member {world['ann']} (active)" in html
    assert html.count("Looks like") == 1  # the unlike photo has no duplicate
    assert "flirt.test" in html  # every site's sheet names each photo's site
    # The commands for the page: all of it approved unless photos are ticked.
    first, last = world["waiting"], world["flos"]
    assert f"amora photos approve {first}-{last}</code>" in html
    # The thumbnails open by the sheet's preview token, also without a login.
    thumbnails = re.findall(r'<img src="([^"]+)"', html)
    assert len(thumbnails) == 3 and all("?preview=" in src for src in thumbnails)
    assert _open(clocked_app, thumbnails[0].replace("&amp;", "&")).status_code == 200


def test_every_member_text_is_escaped(clocked_app: Flask, container: Container,
                                      world: dict[str, Any]) -> None:
    html = _open(clocked_app, container.photo_sheets().link(None, "ops").path).get_data(
        as_text=True)
    assert "&lt;img src=x onerror=alert(1)&gt;&#34;&#39;&amp;" in html
    assert HOSTILE not in html and "onerror=alert(1)>" not in html
    assert "<script>" not in html  # the page's one script is a file of this origin
    assert '<script src="/review/photo-sheet.js" defer></script>' in html
    script = _open(clocked_app, "/review/photo-sheet.js")
    assert script.status_code == 200 and script.mimetype == "text/javascript"
    assert "innerHTML" not in script.get_data(as_text=True)


def test_a_sites_sheet_shows_only_its_photos(clocked_app: Flask, container: Container,
                                             world: dict[str, Any]) -> None:
    link = container.photo_sheets().link("flirt.test", "ops")
    assert link.domain == "flirt.test"
    html = _open(clocked_app, link.path).get_data(as_text=True)
    assert re.findall(r'id="photo-(\d+)"', html) == [str(world["flos"])]
    assert f"amora photos approve {world['flos']} --site flirt.test</code>" in html


def test_the_sheet_shows_sixty_photos(clocked_app: Flask, container: Container) -> None:
    member = _member(container, "eve@example.com", "Eve")
    for n in range(SHEET_SIZE + 5):
        _photo(container, member, "pending", PhotoHash(n, n))
    html = _open(clocked_app, container.photo_sheets().link(None, "ops").path).get_data(
        as_text=True)
    assert len(re.findall(r'id="photo-\d+"', html)) == SHEET_SIZE
    assert f"{SHEET_SIZE} of {SHEET_SIZE + 5} waiting" in html
    assert f"amora photos approve 1-{SHEET_SIZE}</code>" in html


def test_an_expired_link_opens_nothing(clocked_app: Flask, container: Container,
                                       clock: FixedClock, world: dict[str, Any]) -> None:
    link = container.photo_sheets().link(None, "ops")
    html = _open(clocked_app, link.path).get_data(as_text=True)
    thumbnail = re.findall(r'<img src="([^"]+)"', html)[0].replace("&amp;", "&")
    clock.current = NOW + LIFETIME - timedelta(seconds=1)
    assert _open(clocked_app, link.path).status_code == 200
    assert _open(clocked_app, thumbnail).status_code == 200
    clock.current = NOW + LIFETIME
    expired = _open(clocked_app, link.path)
    assert expired.status_code == 410 and expired.headers["Cache-Control"] == "no-store"
    text = expired.get_data(as_text=True)
    assert "This review link has expired" in text and "photo-" not in text
    assert "noindex" in expired.headers["X-Robots-Tag"]
    assert _open(clocked_app, thumbnail).status_code == 404  # its photos with it


def _forged(container: Container, world: dict[str, Any]) -> list[str]:
    """Tokens this app did not sign as a sheet's: altered, made up, another purpose's,
    another secret's, a valid signature over data of the wrong shape."""
    token = container.photo_sheets().link(None, "ops").path.rsplit("/", 1)[1]
    data, signature = token.rsplit(".", 1)
    until = int((NOW + LIFETIME).timestamp())
    signer = container.signer()
    # The first character: all six of its bits are the signature's (the last one's low
    # bits may be padding, so A and B there can decode to the same bytes).
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    return [
        f"{data}.{flipped}",  # the signature altered
        f"{data[:-1]}{'A' if data[-1] != 'A' else 'B'}.{signature}",  # the data altered
        "nothing-at-all", "a.b.c",
        signer.sign("photo_preview", [world["waiting"], until]),  # a photo's preview token
        SecretSigner("another-secret").sign(PURPOSE, [0, until, "x"]),
        signer.sign(PURPOSE, [0, str(until), "x"]), signer.sign(PURPOSE, [0, until]),
        signer.sign(PURPOSE, [-1, until, "x"]), signer.sign(PURPOSE, {"until": until}),  # type: ignore[arg-type]
        signer.sign(PURPOSE, [99, until, "x"]),  # a site that is not there
    ]


def test_a_tampered_or_foreign_token_opens_nothing(clocked_app: Flask, container: Container,
                                                   world: dict[str, Any]) -> None:
    for token in _forged(container, world):
        answer = _open(clocked_app, f"/review/photos/{token}")
        text = answer.get_data(as_text=True)
        assert answer.status_code == 404, token
        assert "photo-" not in text and "Eve" not in text, token
    # No token at all is the web app's page, which knows nothing of the sheet.
    assert "photo-" not in _open(clocked_app, "/review/photos/").get_data(as_text=True)
    # A member's session is no authority either.
    member: ApiClient = ApiClient(clocked_app)
    signup = member.post("/api/signup", json={
        "email": "mo@example.com", "password": "long enough words", "name": "Mo",
        "gender": "male", "date_of_birth": "1990-01-01", "seeking": "female"})
    assert signup.status_code in (200, 201), signup.json
    assert member.get("/review/photos/nothing-at-all").status_code == 404


def test_making_a_link_is_in_the_audit_log_and_no_two_are_alike(
        clocked_app: Flask, container: Container, world: dict[str, Any]) -> None:
    links = {container.photo_sheets().link(None, "ops").path for _ in range(3)}
    assert len(links) == 3
    with container.engine().connect() as connection:
        actions = [row.action for row in connection.execute(t.audit_log.select())]
    assert actions == ["photos.sheet"] * 3
