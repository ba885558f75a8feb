"""Passkeys (issue 33.1), through the API on SQLite and PostgreSQL, with a software
authenticator that makes real keys, attestations and signatures
(tests/passkey_authenticator.py): adding one in the settings after the step-up, naming,
renaming and removing it; signing in with it without the e-mail address; confirming the
session with it. Every answer a real device would not give (another origin, another
site, a replay, a counter that went back, a forged signature, garbage) is refused with a
code the web app translates, and changes nothing."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from flask import Flask
from sqlalchemy import select

from adapters.container import Container
from adapters.http.app import create_app
from adapters.http.session import COOKIE
from adapters.sql import tables as t
from domain.members import AccountStatus
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import Seeded
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_likes_api import signed_up
from tests.lookups import found
from tests.passkey_authenticator import SoftAuthenticator, b64url

START = datetime(2026, 11, 28, 12, tzinfo=UTC)
ORIGIN = "http://localhost"  # the test client's host: the default site, amora.test


@pytest.fixture
def clock(container: Container) -> FixedClock:
    stopped = FixedClock(START)
    container.clock.override(providers.Object(stopped))
    return stopped


@pytest.fixture
def app(clock: FixedClock, container: Container, seeded: Seeded, web_dist: Path) -> Flask:
    return create_app(container)


def _confirmed(client: ApiClient) -> None:
    """The step-up: the password again in this session."""
    answer = client.post("/api/export/confirm", json={"password": SIGNUP["password"]})
    assert answer.status_code == 204, answer.json


def _add(client: ApiClient, device: SoftAuthenticator, name: str = "My phone",
         origin: str = ORIGIN, **get: Any) -> Any:
    options = client.post("/api/passkeys/options", **get)
    assert options.status_code == 200, options.json
    credential = device.create(options.json["options"], origin)
    return client.post("/api/passkeys", json={"credential": credential, "name": name}, **get)


def _signed_in_with(app: Flask, device: SoftAuthenticator, origin: str = ORIGIN,
                    rp_id: str = "localhost", **get: Any) -> tuple[ApiClient, Any]:
    """A browser without a session signs in with the device's passkey."""
    browser = ApiClient(app)
    options = browser.post("/api/passkeys/login/options", **get)
    assert options.status_code == 200, options.json
    assert options.json["options"]["allowCredentials"] == []  # discoverable: no address
    credential = device.get(options.json["options"], origin, rp_id=rp_id)
    return browser, browser.post("/api/passkeys/login", json={"credential": credential},
                                 **get)


def _stored(container: Container, member_id: int) -> list[Any]:
    with container.engine().connect() as connection:
        return list(connection.execute(select(t.passkeys).where(
            t.passkeys.c.member_id == member_id).order_by(t.passkeys.c.id)))


def test_a_passkey_is_added_named_listed_renamed_and_removed(
        app: Flask, container: Container, clock: FixedClock) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)

    options = ann.post("/api/passkeys/options").json["options"]
    assert options["rp"] == {"id": "localhost", "name": "Amora"}
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "preferred"
    assert options["user"]["name"] == "ann@example.com"
    assert options["user"]["displayName"] == "Ann"
    added = ann.post("/api/passkeys", json={"credential": device.create(options, ORIGIN),
                                            "name": "  My   phone "})
    assert added.status_code == 201, added.json
    passkey = added.json["passkey"]
    assert passkey == {"id": passkey["id"], "name": "My phone",
                       "created_at": START.isoformat(), "last_used_at": None}
    # The user handle is random, never the member's id or address.
    handle = options["user"]["id"]
    assert handle not in (b64url(str(ann_id).encode()), b64url(b"ann@example.com"))
    assert len(handle) >= 40

    clock.current = START + timedelta(minutes=1)
    laptop = SoftAuthenticator()
    second = _add(ann, laptop, "Laptop")
    assert second.status_code == 201
    # A device that holds one already is told so by the options (no second one on it).
    excluded = ann.post("/api/passkeys/options").json["options"]["excludeCredentials"]
    assert [item["id"] for item in excluded] == [
        row.credential_id for row in _stored(container, ann_id)]

    listed = ann.get("/api/passkeys")
    assert [item["name"] for item in listed.json["passkeys"]] == ["My phone", "Laptop"]

    renamed = ann.put(f"/api/passkeys/{passkey['id']}", json={"name": "Ann's phone"})
    assert renamed.json["passkey"]["name"] == "Ann's phone"
    assert ann.get("/api/passkeys").json["passkeys"][0]["name"] == "Ann's phone"

    assert ann.delete(f"/api/passkeys/{passkey['id']}").status_code == 204
    assert [item["name"] for item in ann.get("/api/passkeys").json["passkeys"]] == ["Laptop"]
    with container.engine().connect() as connection:
        actions = connection.execute(select(t.audit_log.c.action).where(
            t.audit_log.c.subject == str(ann_id)).order_by(t.audit_log.c.id)).scalars().all()
    assert [a for a in actions if "passkey" in a] == [
        "members.passkey_add", "members.passkey_add", "members.passkey_remove"]


def test_adding_and_removing_need_the_step_up_renaming_does_not(
        app: Flask, container: Container, clock: FixedClock) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    refused = ann.post("/api/passkeys/options")
    assert (refused.status_code, refused.json["error"]) == (403,
                                                           "password_confirmation_required")
    _confirmed(ann)
    device = SoftAuthenticator()
    clock.current = START + timedelta(minutes=8)
    options = ann.post("/api/passkeys/options").json["options"]
    credential = device.create(options, ORIGIN)
    clock.current = START + timedelta(minutes=10, seconds=1)  # the confirmation is too old
    late = ann.post("/api/passkeys", json={"credential": credential, "name": "Phone"})
    assert (late.status_code, late.json["error"]) == (403, "password_confirmation_required")
    assert _stored(container, ann_id) == []

    _confirmed(ann)
    added = _add(ann, device).json["passkey"]
    clock.current += timedelta(minutes=11)
    renamed = ann.put(f"/api/passkeys/{added['id']}", json={"name": "Phone"})
    assert renamed.status_code == 200
    gone = ann.delete(f"/api/passkeys/{added['id']}")
    assert (gone.status_code, gone.json["error"]) == (403, "password_confirmation_required")
    assert len(_stored(container, ann_id)) == 1


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "zero\u200bwidth", "bell\x07"])
def test_a_bad_name_is_refused_and_nothing_is_added(app: Flask, container: Container,
                                                    name: str) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    _confirmed(ann)
    answer = _add(ann, SoftAuthenticator(), name)
    assert (answer.status_code, answer.json) == (
        400, {"error": "passkey_name_invalid", "params": {"max": 60}})
    assert _stored(container, ann_id) == []


def test_a_passkey_signs_in_without_the_address(app: Flask, container: Container,
                                                clock: FixedClock) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)
    assert _add(ann, device).status_code == 201

    clock.current = START + timedelta(hours=1)
    browser, answer = _signed_in_with(app, device)
    assert answer.status_code == 200, answer.json
    assert answer.json["user"]["id"] == ann_id
    assert browser.get_cookie(COOKIE) is not None
    assert browser.get("/api/user").json["user"]["email"] == "ann@example.com"
    used = ann.get("/api/passkeys").json["passkeys"][0]
    assert used["last_used_at"] == (START + timedelta(hours=1)).isoformat()
    assert _stored(container, ann_id)[0].sign_count == 1
    # A new session of its own, as a log-in starts one.
    with container.engine().connect() as connection:
        assert connection.execute(select(t.sessions.c.id).where(
            t.sessions.c.member_id == ann_id)).all().__len__() == 2


def test_a_passkey_made_on_the_site_domain_works_on_its_subdomains(
        app: Flask, container: Container) -> None:
    client = ApiClient(app)
    on_site = {"base_url": "https://amora.test"}
    assert client.post("/api/signup", json=SIGNUP, **on_site).status_code == 201
    assert client.post("/api/export/confirm", json={"password": SIGNUP["password"]},
                       **on_site).status_code == 204
    device = SoftAuthenticator()
    options = client.post("/api/passkeys/options", **on_site).json["options"]
    assert options["rp"]["id"] == "amora.test"
    credential = device.create(options, "https://amora.test")
    assert client.post("/api/passkeys", json={"credential": credential, "name": "Phone"},
                       **on_site).status_code == 201

    _, answer = _signed_in_with(app, device, origin="https://www.amora.test",
                                base_url="https://www.amora.test")
    assert answer.status_code == 200, answer.json


def test_the_same_answer_twice_signs_in_once(app: Flask, container: Container) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)
    _add(ann, device)
    browser = ApiClient(app)
    options = browser.post("/api/passkeys/login/options").json["options"]
    credential = device.get(options, ORIGIN, rp_id="localhost")
    assert browser.post("/api/passkeys/login",
                        json={"credential": credential}).status_code == 200
    replayed = ApiClient(app).post("/api/passkeys/login", json={"credential": credential})
    assert (replayed.status_code, replayed.json["error"]) == (400, "passkey_expired")
    assert not any(cookie.startswith(f"{COOKIE}=")
                   for cookie in replayed.headers.getlist("Set-Cookie"))


def test_a_counter_that_did_not_move_on_is_refused(app: Flask, container: Container) -> None:
    """An authenticator that counts and answers a fresh challenge with a count seen
    before may be a copy of the key: refused, and the stored count stays."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)
    _add(ann, device)
    assert _signed_in_with(app, device)[1].status_code == 200
    assert _stored(container, ann_id)[0].sign_count == 1
    device.credentials[0].sign_count = 0  # the clone answers with 1 again
    _, answer = _signed_in_with(app, device)
    assert (answer.status_code, answer.json["error"]) == (400, "passkey_failed")
    assert _stored(container, ann_id)[0].sign_count == 1


def test_passkeys_that_never_count_sign_in_again_and_again(app: Flask,
                                                           container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator(counts=False)  # as most platform passkeys: always 0
    _confirmed(ann)
    _add(ann, device)
    for _ in range(2):
        assert _signed_in_with(app, device)[1].status_code == 200
    assert _stored(container, ann_id)[0].sign_count == 0


def test_a_forged_or_misdirected_answer_is_refused(app: Flask, container: Container) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)
    _add(ann, device)

    _, elsewhere = _signed_in_with(app, device, origin="http://evil.test")
    assert (elsewhere.status_code, elsewhere.json["error"]) == (400, "passkey_failed")
    _, other_party = _signed_in_with(app, device, rp_id="localhost")
    assert other_party.status_code == 200  # the device still works after the refusals

    browser = ApiClient(app)
    options = browser.post("/api/passkeys/login/options").json["options"]
    forged = device.get(options, ORIGIN, rp_id="localhost")
    signature = bytearray(forged["response"]["signature"].encode())
    signature[-3] = ord("A") if signature[-3] != ord("A") else ord("B")
    forged["response"]["signature"] = signature.decode()
    answer = browser.post("/api/passkeys/login", json={"credential": forged})
    assert (answer.status_code, answer.json["error"]) == (400, "passkey_failed")
    assert browser.get_cookie(COOKIE) is None

    # A key the server never saw (another device's passkey for this site).
    stranger = SoftAuthenticator()
    stranger.create({"rp": {"id": "localhost"}, "user": {"id": b64url(b"someone")},
                     "challenge": b64url(b"x" * 32)}, ORIGIN)
    _, unknown = _signed_in_with(app, stranger)
    assert (unknown.status_code, unknown.json["error"]) == (400, "passkey_not_recognised")


@pytest.mark.parametrize("credential", [
    {}, {"id": "x"}, {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}},
    {"response": {"clientDataJSON": "not base64 !"}},
    {"response": {"clientDataJSON": b64url(b'{"challenge": 5}')}},
    {"id": 1, "response": {"clientDataJSON": b64url(b'{"type":"webauthn.get","challenge":'
                                                   b'"AAAA","origin":"http://localhost"}')}},
])
def test_garbage_is_refused_never_a_server_error(app: Flask, credential: Any) -> None:
    browser = ApiClient(app)
    answer = browser.post("/api/passkeys/login", json={"credential": credential})
    assert (answer.status_code, answer.json["error"]) == (400, "passkey_failed")
    not_an_object = browser.post("/api/passkeys/login", json={"credential": "text"})
    assert not_an_object.status_code == 400


def test_a_challenge_is_good_for_five_minutes_and_its_own_ceremony(
        app: Flask, container: Container, clock: FixedClock) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)
    _add(ann, device)
    browser = ApiClient(app)
    options = browser.post("/api/passkeys/login/options").json["options"]
    clock.current = START + timedelta(minutes=5, seconds=1)
    late = browser.post("/api/passkeys/login", json={
        "credential": device.get(options, ORIGIN, rp_id="localhost")})
    assert (late.status_code, late.json["error"]) == (400, "passkey_expired")

    # A challenge issued to confirm a session does not sign in.
    _confirmed(ann)
    confirm_options = ann.post("/api/passkeys/confirm/options").json["options"]
    answer = browser.post("/api/passkeys/login", json={
        "credential": device.get(confirm_options, ORIGIN)})
    assert (answer.status_code, answer.json["error"]) == (400, "passkey_expired")


def test_a_passkey_signs_in_on_its_members_site_only(app: Flask, container: Container) -> None:
    """Here both sites are served on one development host (localhost, the site chosen by
    ?_force_domain=), so the browser would offer the passkey on either."""
    ann, _ = signed_up(app, "Ann", "female", "male")  # on amora.test
    device = SoftAuthenticator()
    _confirmed(ann)
    _add(ann, device)
    _, answer = _signed_in_with(app, device, query_string={"_force_domain": "flirt.test"})
    assert (answer.status_code, answer.json["error"]) == (400, "passkey_not_recognised")


def test_a_user_handle_that_is_not_the_members_is_refused(app: Flask,
                                                          container: Container) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    device = SoftAuthenticator()
    for member in (ann, bob):
        _confirmed(member)
        _add(member, device)
    # Ann's credential answering with Bob's handle.
    device.credentials[0].user_handle = device.credentials[1].user_handle
    _, answer = _signed_in_with(app, device)
    assert (answer.status_code, answer.json["error"]) == (400, "passkey_not_recognised")


@pytest.mark.parametrize(("status", "code", "http_status"), [
    (AccountStatus.BANNED, "account_banned", 403),
    (AccountStatus.DELETED, "account_deleted_reactivatable", 409),
])
def test_closed_accounts_are_refused_as_at_a_password_log_in(
        app: Flask, container: Container, status: AccountStatus, code: str,
        http_status: int) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)
    _add(ann, device)
    with container.unit_of_work() as work:
        member = found(work.members.get(ann_id))
        closed = (member.banned(START, "spam") if status is AccountStatus.BANNED
                  else member.deleted(START, "bye"))
        work.members.save(member, closed)
        work.commit()
    browser, answer = _signed_in_with(app, device)
    assert (answer.status_code, answer.json["error"]) == (http_status, code)
    assert browser.get_cookie(COOKIE) is None
    password = ApiClient(app).post("/api/user", json={"email": "ann@example.com",
                                                         "password": SIGNUP["password"]})
    assert (password.status_code, password.json["error"]) == (http_status, code)


def test_a_passkey_confirms_the_session_as_the_password_does(
        app: Flask, container: Container, clock: FixedClock) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)
    _add(ann, device)
    clock.current = START + timedelta(hours=1)
    assert ann.get("/api/export").json["error"] == "password_confirmation_required"

    options = ann.post("/api/passkeys/confirm/options").json["options"]
    assert [item["id"] for item in options["allowCredentials"]] == [
        row.credential_id for row in _stored(container, ann_id)]
    confirmed = ann.post("/api/passkeys/confirm",
                         json={"credential": device.get(options, ORIGIN)})
    assert confirmed.status_code == 204, confirmed.json
    assert ann.get("/api/export").status_code == 202
    assert ann.post("/api/passkeys/options").status_code == 200  # adding another, too

    # Another member's passkey confirms nobody else's session.
    bob, _ = signed_up(app, "Bob", "male", "female")
    theirs = bob.post("/api/passkeys/confirm/options")
    assert (theirs.status_code, theirs.json["error"]) == (409, "no_passkeys")
    _confirmed(bob)
    bob_options = bob.post("/api/passkeys/confirm/options")
    assert bob_options.status_code == 409
    stolen = ann.post("/api/passkeys/confirm/options").json["options"]
    answer = bob.post("/api/passkeys/confirm", json={"credential": device.get(stolen, ORIGIN)})
    assert (answer.status_code, answer.json["error"]) == (400, "passkey_expired")


def test_anothers_passkey_cannot_be_renamed_or_removed(app: Flask,
                                                       container: Container) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    _confirmed(ann)
    passkey = _add(ann, SoftAuthenticator()).json["passkey"]
    _confirmed(bob)
    for answer in (bob.put(f"/api/passkeys/{passkey['id']}", json={"name": "Mine"}),
                   bob.delete(f"/api/passkeys/{passkey['id']}")):
        assert (answer.status_code, answer.json["error"]) == (404, "passkey_not_found")
    assert ann.get("/api/passkeys").json["passkeys"][0]["name"] == "My phone"


def test_visitors_get_no_passkey_settings(app: Flask) -> None:
    visitor = ApiClient(app)
    for answer in (visitor.get("/api/passkeys"), visitor.post("/api/passkeys/options"),
                   visitor.post("/api/passkeys/confirm/options")):
        assert (answer.status_code, answer.json["error"]) == (403, "authentication_required")


def test_expired_challenges_are_swept(app: Flask, container: Container,
                                      clock: FixedClock) -> None:
    visitor = ApiClient(app)
    for _ in range(3):
        visitor.post("/api/passkeys/login/options")
    clock.current = START + timedelta(minutes=6)
    visitor.post("/api/passkeys/login/options")
    with container.engine().connect() as connection:
        assert len(connection.execute(select(t.passkey_challenges)).all()) == 1



def test_two_answers_at_once_sign_in_once(app: Flask, container: Container,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The same answer sent twice at once (a double click, a replay racing the original):
    the first is held after it found the challenge unused and before it used it up, while
    the second signs in; the first then finds the challenge used."""
    from adapters.sql.passkeys import SqlPasskeys

    ann, _ = signed_up(app, "Ann", "female", "male")
    device = SoftAuthenticator()
    _confirmed(ann)
    _add(ann, device)
    options = ApiClient(app).post("/api/passkeys/login/options").json["options"]
    credential = device.get(options, ORIGIN, rp_id="localhost")

    reached, release = threading.Event(), threading.Event()
    original = SqlPasskeys.claim_challenge

    def held(repository: SqlPasskeys, challenge_id: int, now: datetime) -> bool:
        if threading.current_thread().name == "first" and not reached.is_set():
            reached.set()
            assert release.wait(30), "never released"
        return original(repository, challenge_id, now)

    monkeypatch.setattr(SqlPasskeys, "claim_challenge", held)
    answers: list[Any] = []
    first = threading.Thread(name="first", target=lambda: answers.append(
        ApiClient(app).post("/api/passkeys/login", json={"credential": credential})))
    first.start()
    assert reached.wait(30)
    second = ApiClient(app).post("/api/passkeys/login", json={"credential": credential})
    release.set()
    first.join(30)
    assert second.status_code == 200, second.json
    assert (answers[0].status_code, answers[0].json["error"]) == (400, "passkey_expired")


def test_the_data_export_holds_the_members_passkeys(app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    for member, name in ((ann, "Ann's phone"), (bob, "Bob's phone")):
        _confirmed(member)
        _add(member, SoftAuthenticator(), name)
    with container.unit_of_work() as work:
        sections = {name: list(rows) for name, rows in work.personal_data.sections(ann_id)}
    assert sections["passkeys"] == [{"id": 1, "name": "Ann's phone",
                                     "created_at": START.isoformat(), "last_used_at": None}]
