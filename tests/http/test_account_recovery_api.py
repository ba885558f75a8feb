"""Undo for the owner (issue 33.4) and the step-up (issue 33.5) through the Flask test
client, with the job worker mailing into files and a stopped clock: an address change
needs the session confirmed within 10 minutes; the old address then gets an undo link that
works for 48 hours, once, without a login; it gives the address back, ends every session
(an open socket hears session_revoked), voids the password and leads to a new one."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from dependency_injector import providers
from flask import Flask

from adapters.container import Container
from adapters.http.app import create_app
from application.ports.audit import AuditFilter
from application.shared.account_changes import UNDO_LIFETIME
from domain.step_up import RECONFIRM_WINDOW
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import Seeded
from tests.http import test_accounts_api, test_realtime
from tests.http.test_accounts_api import SIGNUP, token_in, wait_for_mail
from tests.http.test_realtime import connect, next_event
from tests.mails import plain_text, read_mail

worker = test_accounts_api.worker  # fixtures: the job worker, a served app for sockets
live = test_realtime.live

PASSWORD = SIGNUP["password"]
NEW = "violet harbour lanterns"
SECOND = timedelta(seconds=1)
UNDO_LINK = re.compile(r"https?://[^/\s]+/undo\?token=([\w-]+)")


@pytest.fixture
def clock(container: Container) -> FixedClock:
    stopped = FixedClock(datetime(2026, 11, 21, 12, tzinfo=UTC))
    container.clock.override(providers.Object(stopped))
    return stopped


@pytest.fixture
def app(clock: FixedClock, container: Container, seeded: Seeded, web_dist: Path) -> Flask:
    return create_app(container)


def undo_token(container: Container, to: str) -> str:
    """The undo link of the newest mail to ``to`` that has one (others go there too: the
    activation, "a new device signed in")."""
    folder: Path = container.config().mail_dir
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for path in sorted(folder.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns,
                           reverse=True):
            mail = read_mail(path)
            found = UNDO_LINK.search(plain_text(mail)) \
                if mail["To"] == to else None
            if found:
                return found.group(1)
        time.sleep(0.05)
    raise AssertionError(f"no undo link mailed to {to}")


def _moved_away(app: Flask, container: Container, clock: FixedClock
                ) -> tuple[ApiClient, ApiClient]:
    """Ann signs up (one browser) and in (another); the first moves her address."""
    here, there = ApiClient(app), ApiClient(app)
    assert here.post("/api/signup", json=SIGNUP).status_code == 201
    assert there.post("/api/user", json={"email": SIGNUP["email"],
                                         "password": PASSWORD}).status_code == 200
    assert here.post("/api/account/confirm", json={"password": PASSWORD}).status_code == 204
    assert here.post("/api/mail-change", json={"email": "thief@example.net"}).status_code == 204
    moved = here.post("/api/mail-change/do",
                      json={"token": token_in(wait_for_mail(container, "thief@example.net"))})
    assert moved.json["user"]["email"] == "thief@example.net"
    return here, there


def test_an_address_change_needs_the_session_confirmed_within_ten_minutes(
        app: Flask, container: Container, clock: FixedClock, worker: None) -> None:
    ann = ApiClient(app)
    ann.post("/api/signup", json=SIGNUP)
    refused = ann.post("/api/mail-change", json={"email": "ann@new.example"})
    assert (refused.status_code, refused.json["error"]) == (403,
                                                             "password_confirmation_required")
    wrong = ann.post("/api/account/confirm", json={"password": "not my password"})
    assert (wrong.status_code, wrong.json["error"]) == (400, "password_wrong")
    assert ann.post("/api/account/confirm", json={}).status_code == 400  # no password
    assert ann.post("/api/account/confirm", json={"password": PASSWORD}).status_code == 204
    clock.current += RECONFIRM_WINDOW  # the last moment it counts
    assert ann.post("/api/mail-change", json={"email": "ann@new.example"}).status_code == 204
    clock.current += SECOND
    late = ann.post("/api/mail-change", json={"email": "ann@other.example"})
    assert (late.status_code, late.json["error"]) == (403, "password_confirmation_required")
    # The export's older path confirms alike; a password given with the change does too.
    assert ann.post("/api/export/confirm", json={"password": PASSWORD}).status_code == 204
    assert ann.post("/api/mail-change", json={"email": "ann@other.example"}).status_code == 204
    clock.current += RECONFIRM_WINDOW + SECOND
    assert ann.post("/api/mail-change", json={"email": "ann@third.example",
                                              "password": PASSWORD}).status_code == 204
    assert ann.post("/api/mail-change", json={"email": "ann@fourth.example"}).status_code == 204
    stranger = ApiClient(app).post("/api/account/confirm", json={"password": PASSWORD})
    assert stranger.json["error"] == "authentication_required"


def test_the_owner_undoes_an_address_change_from_the_old_address(
        app: Flask, container: Container, clock: FixedClock, worker: None, live: str) -> None:
    here, there = _moved_away(app, container, clock)
    socket = connect(live, there)
    next_event(socket, "hello")
    token = undo_token(container, SIGNUP["email"])
    clock.current += UNDO_LIFETIME - SECOND  # the last second the link works

    assert ApiClient(app).post("/api/undo", json={"token": "made-up"}).json["error"] == \
        "undo_link_invalid"
    undone = here.post("/api/undo", json={"token": token})

    assert undone.status_code == 200
    assert undone.json["email"] == SIGNUP["email"]
    assert undone.json["change"] == "mail_changed"
    assert "auth._token=;" in undone.headers["Set-Cookie"]  # this browser's cookie goes
    assert next_event(socket, "session_revoked", timeout=5)  # then the server closes it
    for browser in (here, there):
        assert browser.get("/api/user").json["error"] == "authentication_required"
    for address in (SIGNUP["email"], "thief@example.net"):
        tried = ApiClient(app).post("/api/user", json={"email": address, "password": PASSWORD})
        assert tried.json["error"] == "login_failed"
    again = ApiClient(app).post("/api/undo", json={"token": token})
    assert (again.status_code, again.json["error"]) == (400, "undo_link_invalid")

    step = undone.json["password_token"]
    weak = ApiClient(app).post("/api/undo/password", json={
        "token": step, "password": "iloveyou12", "repeat": "iloveyou12"})
    assert weak.json["params"]["fields"] == {"password": "password_too_common"}
    differ = ApiClient(app).post("/api/undo/password", json={
        "token": step, "password": NEW, "repeat": NEW + "!"})
    assert differ.json["error"] == "passwords_differ"
    assert ApiClient(app).post("/api/undo/password", json={
        "token": step, "password": NEW, "repeat": NEW}).status_code == 204
    back = ApiClient(app).post("/api/user", json={"email": SIGNUP["email"], "password": NEW})
    assert back.status_code == 200 and back.json["user"]["email"] == SIGNUP["email"]
    with container.unit_of_work() as work:
        lines = work.audit_queries.find(AuditFilter(actor="member"))
    assert [line.action for line in lines] == ["members.password_set_after_undo",
                                               "members.undo_change", "members.mail_change"]


def test_the_undo_link_ends_after_48_hours(
        app: Flask, container: Container, clock: FixedClock, worker: None) -> None:
    here, there = _moved_away(app, container, clock)
    token = undo_token(container, SIGNUP["email"])
    clock.current += UNDO_LIFETIME
    late = ApiClient(app).post("/api/undo", json={"token": token})
    assert (late.status_code, late.json["error"]) == (400, "undo_link_invalid")
    assert there.get("/api/user").json["user"]["email"] == "thief@example.net"


def test_a_password_change_mails_an_undo_link_that_keeps_the_address(
        app: Flask, container: Container, clock: FixedClock, worker: None) -> None:
    ann = ApiClient(app)
    ann.post("/api/signup", json=SIGNUP)
    assert ann.put("/api/password", json={"old_password": PASSWORD, "new_password": NEW,
                                          "repeat": NEW}).status_code == 204
    undone = ApiClient(app).post("/api/undo", json={
        "token": undo_token(container, SIGNUP["email"])})
    assert (undone.json["email"], undone.json["change"]) == (SIGNUP["email"],
                                                             "password_changed")
    assert ann.get("/api/user").status_code == 403  # the session that changed it too
    assert ApiClient(app).post("/api/user", json={
        "email": SIGNUP["email"], "password": NEW}).json["error"] == "login_failed"
