"""Two-factor sign-in with an authenticator app (issue 33.2) through the API, on SQLite and
PostgreSQL, with a stopped clock: the set-up (QR code and secret, confirmed by a first
code, ten recovery codes once), the sign-in's second step after the password, a login
link and a reactivation link, the 30-second windows (the step before and after now are
accepted, no further), every code once (a replay, an earlier step, the same code twice at
once), recovery codes once, wrong codes under the login lockout, the step-up, turning it
off, and the mails."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pyotp
import pytest
from dependency_injector import providers
from flask import Flask
from sqlalchemy import func, select

from adapters.container import Container
from adapters.http.app import create_app
from adapters.sql import tables as t
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import Seeded
from tests.http.test_accounts_api import SIGNUP, wait_for_mail
from tests.http.test_likes_api import signed_up
from tests.mails import plain_text

# Five seconds into a 30-second step.
START = datetime(2026, 11, 21, 12, 0, 5, tzinfo=UTC)
STEP = timedelta(seconds=30)
PASSWORD = SIGNUP["password"]
EMAIL = "ann@example.com"


@pytest.fixture
def clock(container: Container) -> FixedClock:
    stopped = FixedClock(START)
    container.clock.override(providers.Object(stopped))
    return stopped


@pytest.fixture
def worker(container: Container) -> Iterator[None]:
    """The job worker, for the mails."""
    running = container.tasks().worker(threads=1)
    running.start()
    yield
    running.stop()


@pytest.fixture
def clocked_app(clock: FixedClock, container: Container, seeded: Seeded, web_dist: Path) -> Flask:
    return create_app(container)


@pytest.fixture
def ann(clocked_app: Flask) -> tuple[ApiClient, int]:
    return signed_up(clocked_app, "Ann", "female", "male")


def step_up(client: ApiClient) -> None:
    answer = client.post("/api/export/confirm", json={"password": PASSWORD})
    assert answer.status_code == 204, answer.json


def enrol(client: ApiClient, clock: FixedClock) -> tuple[pyotp.TOTP, list[str]]:
    """Two-factor sign-in turned on, as the settings page does it."""
    step_up(client)
    setup = client.post("/api/two-factor/setup")
    assert setup.status_code == 200, setup.json
    app = pyotp.TOTP(setup.json["secret"])
    turned_on = client.post("/api/two-factor", json={"code": app.at(clock.current)})
    assert turned_on.status_code == 200, turned_on.json
    return app, turned_on.json["recovery_codes"]


def password_step(app: Flask) -> tuple[ApiClient, str]:
    """A fresh browser past the password: the challenge for the second step."""
    client = ApiClient(app)
    answer = client.post("/api/user", json={"email": EMAIL, "password": PASSWORD})
    assert answer.status_code == 401, answer.json
    assert answer.json["error"] == "two_factor_required"
    assert answer.json["params"]["expires_in"] == 300
    assert "auth._token" not in answer.headers.get("Set-Cookie", "")
    return client, answer.json["params"]["challenge"]


def second_step(client: ApiClient, challenge: str, code: str) -> Any:
    return client.post("/api/two-factor/sign-in", json={"challenge": challenge, "code": code})


def sessions_of(container: Container, member_id: int) -> int:
    with container.engine().connect() as connection:
        return int(connection.execute(select(func.count()).where(
            t.sessions.c.member_id == member_id)).scalar_one())


def test_turning_it_on_shows_a_qr_code_then_ten_recovery_codes_once(
        clocked_app: Flask, container: Container, clock: FixedClock,
        ann: tuple[ApiClient, int]) -> None:
    client, ann_id = ann
    assert client.get("/api/two-factor").json == {"enabled": False, "recovery_codes_left": 0}
    # The step-up first: the password again in this session.
    refused = client.post("/api/two-factor/setup")
    assert (refused.status_code, refused.json["error"]) == (403, "password_confirmation_required")
    step_up(client)
    setup = client.post("/api/two-factor/setup").json
    assert setup["qr_svg"].startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert setup["qr_svg"].endswith("</svg>")
    assert setup["uri"].startswith("otpauth://totp/Amora:ann%40example.com?")
    assert f"secret={setup['secret']}" in setup["uri"] and "issuer=Amora" in setup["uri"]
    app = pyotp.TOTP(setup["secret"])
    # Not on before the first code; a wrong one changes nothing.
    for bad, error in (("000000", "two_factor_code_wrong"), ("", "two_factor_code_required"),
                       ("12ab", "two_factor_code_wrong")):
        wrong = client.post("/api/two-factor", json={"code": bad})
        assert (wrong.status_code, wrong.json["error"]) == (400, error)
    assert client.get("/api/two-factor").json["enabled"] is False
    # Typed with a space, as apps show it.
    code = app.at(clock.current)
    on = client.post("/api/two-factor", json={"code": f"{code[:3]} {code[3:]}"})
    assert on.status_code == 200, on.json
    codes = on.json["recovery_codes"]
    assert len(codes) == len(set(codes)) == 10
    assert all(len(code) == 11 and code[5] == "-" for code in codes)
    assert client.get("/api/two-factor").json == {"enabled": True, "recovery_codes_left": 10}
    # Only argon2 hashes are kept; the codes are not shown again.
    with container.engine().connect() as connection:
        hashes = connection.execute(select(t.two_factor_recovery_codes.c.code_hash)).scalars()
        assert all(stored.startswith("$argon2") for stored in hashes)
    again = client.post("/api/two-factor/setup")
    assert (again.status_code, again.json["error"]) == (409, "two_factor_already_on")
    assert client.post("/api/two-factor", json={"code": code}).json["error"] == \
        "two_factor_already_on"
    # Still signed in here: turning it on ends no session.
    assert client.get("/api/user").status_code == 200


def test_a_set_up_without_step_up_or_first_code_changes_nothing(
        clocked_app: Flask, clock: FixedClock, ann: tuple[ApiClient, int]) -> None:
    client, _ = ann
    step_up(client)
    assert client.post("/api/two-factor", json={"code": "123456"}).json["error"] == \
        "two_factor_not_set_up"
    first = client.post("/api/two-factor/setup").json["secret"]
    second = client.post("/api/two-factor/setup").json["secret"]
    assert first != second
    # The first secret was replaced: its code does not turn it on.
    old = client.post("/api/two-factor", json={"code": pyotp.TOTP(first).at(clock.current)})
    assert old.json["error"] == "two_factor_code_wrong"
    # Ten minutes on, the step-up is gone.
    clock.current += timedelta(minutes=11)
    late = client.post("/api/two-factor",
                       json={"code": pyotp.TOTP(second).at(clock.current)})
    assert (late.status_code, late.json["error"]) == (403, "password_confirmation_required")
    # A set-up that was never confirmed asks for nothing at sign-in.
    login = ApiClient(clocked_app).post("/api/user",
                                           json={"email": EMAIL, "password": PASSWORD})
    assert login.status_code == 200


def test_sign_in_asks_for_a_code_after_the_password(
        clocked_app: Flask, container: Container, clock: FixedClock,
        ann: tuple[ApiClient, int]) -> None:
    client, ann_id = ann
    app, _ = enrol(client, clock)
    before = sessions_of(container, ann_id)
    # A wrong password is refused as ever, without a challenge.
    wrong = ApiClient(clocked_app).post("/api/user",
                                           json={"email": EMAIL, "password": "wrong one"})
    assert (wrong.status_code, wrong.json["error"]) == (400, "login_failed")
    browser, challenge = password_step(clocked_app)
    assert browser.get("/api/user").status_code == 403  # no session from the password
    assert sessions_of(container, ann_id) == before
    clock.current += STEP
    done = second_step(browser, challenge, app.at(clock.current))
    assert done.status_code == 200, done.json
    assert done.json["user"]["id"] == ann_id and "next" not in done.json
    assert "auth._token=" in done.headers["Set-Cookie"]
    assert browser.get("/api/user").json["user"]["id"] == ann_id
    assert sessions_of(container, ann_id) == before + 1
    # The challenge was for one sign-in.
    clock.current += STEP
    used = second_step(ApiClient(clocked_app), challenge, app.at(clock.current))
    assert (used.status_code, used.json["error"]) == (400, "two_factor_challenge_invalid")


@pytest.mark.parametrize(("steps", "accepted"), [(-2, False), (-1, True), (0, True),
                                                 (1, True), (2, False)])
def test_codes_of_the_step_before_and_after_now_are_accepted(
        clocked_app: Flask, clock: FixedClock, ann: tuple[ApiClient, int], steps: int,
        accepted: bool) -> None:
    """valid_window 1: a phone's clock 30 seconds off, or a code typed as it changed."""
    client, _ = ann
    app, _ = enrol(client, clock)
    clock.current += 10 * STEP
    browser, challenge = password_step(clocked_app)
    answer = second_step(browser, challenge, app.at(clock.current + steps * STEP))
    if accepted:
        assert answer.status_code == 200, answer.json
    else:
        assert (answer.status_code, answer.json["error"]) == (400, "two_factor_code_wrong")
        assert browser.get("/api/user").status_code == 403


def test_every_code_works_once(clocked_app: Flask, clock: FixedClock,
                               ann: tuple[ApiClient, int]) -> None:
    client, _ = ann
    app, _ = enrol(client, clock)
    # The first code (set-up) is used: the same code signs no one in.
    browser, challenge = password_step(clocked_app)
    replay = second_step(browser, challenge, app.at(clock.current))
    assert (replay.status_code, replay.json["error"]) == (400, "two_factor_code_used")
    clock.current += 3 * STEP
    code = app.at(clock.current)
    assert second_step(browser, challenge, code).status_code == 200
    # Seen over a shoulder and typed again within its 90 seconds: refused, and so is
    # the code of the step before it (it is older than one used).
    for typed in (code, app.at(clock.current - STEP)):
        other, fresh = password_step(clocked_app)
        again = second_step(other, fresh, typed)
        assert (again.status_code, again.json["error"]) == (400, "two_factor_code_used")
        assert other.get("/api/user").status_code == 403
    # The next step's code is still good.
    other, fresh = password_step(clocked_app)
    assert second_step(other, fresh, app.at(clock.current + STEP)).status_code == 200


def test_a_recovery_code_works_once(
        clocked_app: Flask, clock: FixedClock, ann: tuple[ApiClient, int]) -> None:
    client, _ = ann
    _, codes = enrol(client, clock)
    browser, challenge = password_step(clocked_app)
    # Typed in capitals with spaces: read all the same.
    done = second_step(browser, challenge, f" {codes[3].upper().replace('-', ' ')} ")
    assert done.status_code == 200, done.json
    assert client.get("/api/two-factor").json == {"enabled": True, "recovery_codes_left": 9}
    other, fresh = password_step(clocked_app)
    again = second_step(other, fresh, codes[3])
    assert (again.status_code, again.json["error"]) == (400, "two_factor_code_wrong")
    assert second_step(other, fresh, codes[4]).status_code == 200


def test_wrong_codes_count_towards_the_password_lockout(
        clocked_app: Flask, container: Container, clock: FixedClock,
        ann: tuple[ApiClient, int]) -> None:
    client, ann_id = ann
    app, _ = enrol(client, clock)
    before = sessions_of(container, ann_id)
    # Two wrong passwords and a wrong code: the three free failures of the account from
    # this address. The right password in between does not forget them (a second step
    # is still to come), so typing it again buys no fresh guesses at the code.
    stranger = ApiClient(clocked_app)
    for _ in range(2):
        assert stranger.post("/api/user", json={"email": EMAIL, "password": "guess"}
                             ).json["error"] == "login_failed"
    browser, challenge = password_step(clocked_app)
    wrong = second_step(browser, challenge, "111111")
    assert (wrong.status_code, wrong.json["error"]) == (400, "two_factor_code_wrong")
    clock.current += STEP
    locked = second_step(browser, challenge, app.at(clock.current))
    assert (locked.status_code, locked.json["error"]) == (429, "too_many_attempts")
    # The password is held back alike, and the locked code was not used up.
    assert stranger.post("/api/user", json={"email": EMAIL, "password": PASSWORD}
                         ).json["error"] == "too_many_attempts"
    assert sessions_of(container, ann_id) == before
    clock.current += timedelta(minutes=2)  # past the first delay (within the challenge's 5)
    done = second_step(browser, challenge, app.at(clock.current))
    assert done.status_code == 200, done.json


def test_a_challenge_lasts_five_minutes_and_belongs_to_its_site(
        clocked_app: Flask, clock: FixedClock, ann: tuple[ApiClient, int]) -> None:
    client, _ = ann
    app, _ = enrol(client, clock)
    browser, challenge = password_step(clocked_app)
    clock.current += timedelta(minutes=5, seconds=1)
    late = second_step(browser, challenge, app.at(clock.current))
    assert (late.status_code, late.json["error"]) == (400, "two_factor_challenge_invalid")
    browser, challenge = password_step(clocked_app)
    elsewhere = browser.post("/api/two-factor/sign-in", headers={"Host": "flirt.test"},
                             json={"challenge": challenge, "code": app.at(clock.current)})
    assert elsewhere.json["error"] == "two_factor_challenge_invalid"
    made_up = second_step(browser, "x" * 43, app.at(clock.current))
    assert made_up.json["error"] == "two_factor_challenge_invalid"
    assert second_step(browser, challenge, "").json["error"] == "two_factor_code_required"
    too_long = second_step(browser, challenge, "1" * 41)
    assert too_long.status_code == 400
    assert second_step(browser, challenge, app.at(clock.current)).status_code == 200


def test_a_login_link_and_a_reactivation_link_ask_for_the_second_step(
        clocked_app: Flask, container: Container, clock: FixedClock,
        ann: tuple[ApiClient, int]) -> None:
    client, ann_id = ann
    app, _ = enrol(client, clock)
    digest = container.secrets().digest
    with container.unit_of_work() as work:
        work.tokens.add(ann_id, "login", digest("link-token-" + "a" * 30), clock.current,
                        clock.current + timedelta(days=1), target="/chats/7")
        work.commit()
    browser = ApiClient(clocked_app)
    link = browser.post("/api/login-link", json={"token": "link-token-" + "a" * 30})
    assert (link.status_code, link.json["error"]) == (401, "two_factor_required")
    assert browser.get("/api/user").status_code == 403
    clock.current += STEP
    done = second_step(browser, link.json["params"]["challenge"], app.at(clock.current))
    assert done.status_code == 200 and done.json["next"] == "/chats/7"
    # A deleted account comes back with its link, and still asks for a code.
    container.account_closing().delete(ann_id, "a break", PASSWORD, "127.0.0.1")
    with container.unit_of_work() as work:
        work.tokens.add(ann_id, "reactivation", digest("back-token-" + "b" * 30),
                        clock.current, clock.current + timedelta(days=14))
        work.commit()
    browser = ApiClient(clocked_app)
    back = browser.post("/api/reactivate", json={"token": "back-token-" + "b" * 30})
    assert (back.status_code, back.json["error"]) == (401, "two_factor_required")
    assert browser.get("/api/user").status_code == 403
    clock.current += STEP
    done = second_step(browser, back.json["params"]["challenge"], app.at(clock.current))
    assert done.status_code == 200 and done.json["user"]["status"] != "deleted"


def test_new_recovery_codes_replace_the_old_ones(
        clocked_app: Flask, clock: FixedClock, ann: tuple[ApiClient, int]) -> None:
    client, _ = ann
    _, old = enrol(client, clock)
    clock.current += timedelta(minutes=11)
    refused = client.post("/api/two-factor/recovery-codes")
    assert (refused.status_code, refused.json["error"]) == (403, "password_confirmation_required")
    step_up(client)
    new = client.post("/api/two-factor/recovery-codes").json["recovery_codes"]
    assert len(new) == 10 and not set(new) & set(old)
    browser, challenge = password_step(clocked_app)
    assert second_step(browser, challenge, old[0]).json["error"] == "two_factor_code_wrong"
    assert second_step(browser, challenge, new[0]).status_code == 200


def test_turning_it_off_needs_the_password_and_a_code_and_mails_both_ways(
        clocked_app: Flask, container: Container, clock: FixedClock, ann: tuple[ApiClient, int],
        worker: None) -> None:
    client, _ = ann
    app, codes = enrol(client, clock)
    on = wait_for_mail(container, EMAIL, count=2)  # after the activation mail
    assert on["Subject"] == "Inloggen in twee stappen staat aan bij Amora"  # Ann reads Dutch
    clock.current += STEP
    code = app.at(clock.current)
    for body, error in (({"password": "wrong", "code": code}, "password_wrong"),
                        ({"password": PASSWORD, "code": "000000"}, "two_factor_code_wrong"),
                        ({"password": PASSWORD, "code": ""}, "two_factor_code_required")):
        refused = client.delete("/api/two-factor", json=body)
        assert (refused.status_code, refused.json["error"]) == (400, error)
    assert client.get("/api/two-factor").json["enabled"] is True
    off = client.delete("/api/two-factor", json={"password": PASSWORD, "code": code})
    assert off.status_code == 204, off.json
    assert client.get("/api/two-factor").json == {"enabled": False, "recovery_codes_left": 0}
    mail = wait_for_mail(container, EMAIL, count=3)
    assert mail["Subject"] == "Inloggen in twee stappen staat uit bij Amora"
    assert "/settings" in plain_text(mail)
    again = client.delete("/api/two-factor", json={"password": PASSWORD, "code": codes[0]})
    assert (again.status_code, again.json["error"]) == (409, "two_factor_not_on")
    # The password alone signs in again.
    login = ApiClient(clocked_app).post("/api/user",
                                           json={"email": EMAIL, "password": PASSWORD})
    assert login.status_code == 200


def test_it_can_be_turned_off_with_a_recovery_code(
        clocked_app: Flask, clock: FixedClock, ann: tuple[ApiClient, int]) -> None:
    """The phone lost: sign in with one recovery code, turn it off with another."""
    client, _ = ann
    _, codes = enrol(client, clock)
    browser, challenge = password_step(clocked_app)
    assert second_step(browser, challenge, codes[0]).status_code == 200
    off = browser.delete("/api/two-factor", json={"password": PASSWORD, "code": codes[1]})
    assert off.status_code == 204, off.json


def test_one_code_signs_in_once_when_sent_at_once(
        clocked_app: Flask, container: Container, clock: FixedClock,
        ann: tuple[ApiClient, int]) -> None:
    """The same code in several requests released together (each with its own password
    step): the claim of its time step is one conditional UPDATE, so one signs in. On
    PostgreSQL the others' UPDATEs wait for the winner's row lock, then find the step
    used; SQLite runs one writer at a time and must answer the same."""
    client, ann_id = ann
    app, _ = enrol(client, clock)
    before = sessions_of(container, ann_id)
    count = 4
    steps = [password_step(clocked_app)[1] for _ in range(count)]
    clock.current += STEP
    code = app.at(clock.current)
    start = threading.Barrier(count)

    def run(n: int) -> tuple[int, str | None]:
        browser = ApiClient(clocked_app)  # test clients are not thread-safe
        start.wait(30)
        answer = second_step(browser, steps[n], code)
        return answer.status_code, (answer.json or {}).get("error")

    with ThreadPoolExecutor(max_workers=count) as pool:
        results = Counter(pool.map(run, range(count)))
    assert results[(200, None)] == 1, results
    # The others: the code is used (or, had their failures come first, the lockout).
    assert set(results) - {(200, None)} <= {(400, "two_factor_code_used"),
                                             (429, "too_many_attempts")}, results
    assert sessions_of(container, ann_id) == before + 1
