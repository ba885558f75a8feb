"""Reads answered from a process's memory of sign-ins (issue 17.1) never hide a change
that was announced: the member's own changes, their credits, a logout or a ban show on the
very next read, in this process and (over Redis) in the others. The memory's clock is
stopped here, so only an announcement can make a read go to the database again."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from flask import Flask
from sqlalchemy import update

from adapters.container import Container, build_container
from adapters.events.account_changes import remembered_sign_ins
from adapters.http.app import create_app
from adapters.http.session import COOKIE
from adapters.sql import tables
from application.ports.events import ACCOUNTS, AccountChanged
from application.recent_sign_ins import SIGN_IN_FRESH_FOR
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import REDIS_URL, make_config
from tests.http.test_accounts_api import (  # noqa: F401 - worker: the fixture
    SIGNUP,
    token_in,
    wait_for_mail,
    worker,
)
from tests.lookups import found


def _stop_the_memorys_clock(container: Container) -> FixedClock:
    clock = FixedClock(container.clock().now())
    container.recent_sign_ins.override(providers.Singleton(
        remembered_sign_ins, look_up=container.sign_in.provided.signed_in,
        clock=providers.Object(clock), events=container.events,
        writes=container.account_writes))
    return clock


@pytest.fixture
def member(app: Flask) -> tuple[ApiClient, int, FixedClock]:
    clock = _stop_the_memorys_clock(app.extensions["amora"])
    client = ApiClient(app)
    member_id = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    return client, member_id, clock


def _user(client: ApiClient) -> dict[str, Any]:
    answer = client.get("/api/user")
    assert answer.status_code == 200, answer.json
    found: dict[str, Any] = answer.json["user"]
    return found


def test_an_unannounced_change_shows_once_the_memory_is_out_of_date(
        app: Flask, member: tuple[ApiClient, int, FixedClock], container: Container) -> None:
    client, member_id, clock = member
    assert _user(client)["language"] == "nl"
    with container.engine().begin() as connection:  # an operator straight in the database
        connection.execute(update(tables.members).where(tables.members.c.id == member_id)
                           .values(language="de"))
    assert _user(client)["language"] == "nl"  # remembered
    clock.current += SIGN_IN_FRESH_FOR - timedelta(seconds=1)
    assert _user(client)["language"] == "nl"
    clock.current += timedelta(seconds=1)
    assert _user(client)["language"] == "de"


def test_a_change_any_use_case_commits_shows_at_once(
        member: tuple[ApiClient, int, FixedClock], container: Container) -> None:
    """Not the member's request, no event: the unit of work's commit announces it."""
    client, member_id, _ = member
    assert _user(client)["language"] == "nl"
    with container.unit_of_work() as work:
        stored = found(work.members.get(member_id))
        work.members.save(stored, stored.with_preferences(language="de"))
        work.commit()
    assert _user(client)["language"] == "de"


def test_a_change_rolled_back_is_not_announced(
        member: tuple[ApiClient, int, FixedClock], container: Container) -> None:
    client, member_id, _ = member
    assert _user(client)["language"] == "nl"
    with container.unit_of_work() as work:
        stored = found(work.members.get(member_id))
        work.members.save(stored, stored.with_preferences(language="de"))
    with container.engine().begin() as connection:  # then straight in the database
        connection.execute(update(tables.members).where(tables.members.c.id == member_id)
                           .values(language="de"))
    with container.unit_of_work() as work:  # a later commit of other things
        work.commit()
    assert _user(client)["language"] == "nl"  # still remembered: nothing was announced


def test_a_ban_without_an_event_refuses_the_next_read(
        member: tuple[ApiClient, int, FixedClock], container: Container) -> None:
    client, member_id, clock = member
    _user(client)
    with container.unit_of_work() as work:
        stored = found(work.members.get(member_id))
        work.members.save(stored, stored.banned(clock.now(), "spam"))
        work.commit()
    assert client.get("/api/user").status_code == 403


def test_a_session_revoked_without_an_event_is_refused_at_once(
        member: tuple[ApiClient, int, FixedClock], container: Container) -> None:
    """As a password reset by its mailed link revokes every session, by no session."""
    client, member_id, clock = member
    _user(client)
    with container.unit_of_work() as work:
        work.sessions.revoke_all(member_id, clock.now())
        work.commit()
    assert client.get("/api/user").status_code == 403


def test_a_session_ended_by_its_token_is_refused_at_once(
        member: tuple[ApiClient, int, FixedClock], container: Container) -> None:
    client, _, clock = member
    _user(client)
    token = found(client.get_cookie(COOKIE)).value
    with container.unit_of_work() as work:
        work.sessions.revoke(container.secrets().digest(token), clock.now())
        work.commit()
    assert client.get("/api/user").status_code == 403


def test_the_members_own_change_shows_at_once(member: tuple[ApiClient, int, FixedClock]) -> None:
    client, _, _ = member
    assert _user(client)["language"] == "nl"
    assert client.put("/api/user", json={"language": "de"}).status_code == 200
    assert _user(client)["language"] == "de"
    assert client.put("/api/profile", json={"city": "Delft"}).status_code == 200
    assert _user(client)["profile"]["city"] == "Delft"


def test_a_change_found_by_a_links_token_shows_at_once(member: tuple[ApiClient, int, FixedClock],
                                                       container: Container,
                                                       worker: None) -> None:  # noqa: F811
    """The activation link carries a token, not the session: the member it activated is
    announced all the same."""
    client, _, _ = member
    assert _user(client)["status"] == "not_confirmed"
    token = token_in(wait_for_mail(container, SIGNUP["email"]))
    assert client.post("/api/activation", json={"token": token}).status_code == 200
    assert _user(client)["status"] == "active"


def test_credits_granted_elsewhere_show_at_once(app: Flask,
                                                member: tuple[ApiClient, int, FixedClock]) -> None:
    client, member_id, _ = member
    assert _user(client)["credits"] == 0
    app.extensions["amora"].credits().grant(member_id, 40, "goodwill", "pytest")
    assert _user(client)["credits"] == 40


def test_a_logged_out_session_is_refused_at_once(member: tuple[ApiClient, int, FixedClock]) -> None:
    client, _, _ = member
    _user(client)
    token = found(client.get_cookie(COOKIE)).value
    assert client.post("/api/logout").status_code == 204
    client.set_cookie(COOKIE, token)  # the old cookie, replayed
    assert client.get("/api/user").status_code == 403


def test_a_ban_refuses_the_next_read(app: Flask, member: tuple[ApiClient, int, FixedClock]) -> None:
    client, member_id, _ = member
    _user(client)
    app.extensions["amora"].moderation().ban(member_id, "spam", "pytest")
    refused = client.get("/api/user")
    assert refused.status_code == 403


@pytest.fixture
def other_process(app: Flask, database_url: str, tmp_path: Path,
                  web_dist: Path) -> Iterator[tuple[Flask, Flask]]:
    """Two apps on one database and one Redis, as two `amora serve` processes are."""
    def built(folder: str) -> Container:
        return build_container(make_config(tmp_path / folder, DATABASE_URL=database_url,
                                           REDIS_URL=REDIS_URL, WEB_DIST=str(web_dist)))

    first, second = built("first"), built("second")
    yield create_app(first), create_app(second)
    for container in (first, second):
        container.engine().dispose()


def test_a_change_made_in_another_process_shows_at_once(
        other_process: tuple[Flask, Flask]) -> None:
    first, second = other_process
    _stop_the_memorys_clock(first.extensions["amora"])
    reader = ApiClient(first)
    assert reader.post("/api/signup", json=SIGNUP).status_code == 201
    assert _user(reader)["language"] == "nl"  # remembered by the first process
    writer = ApiClient(second)
    writer.set_cookie(COOKIE, found(reader.get_cookie(COOKIE)).value)
    assert writer.put("/api/user", json={"language": "de"}).status_code == 200
    # The announcement travels through Redis: wait for it (the first process's clock is
    # stopped, so nothing else could make it read the database again).
    deadline = time.monotonic() + 30
    while _user(reader)["language"] != "de":
        assert time.monotonic() < deadline, "the other process never heard of the change"
        time.sleep(0.01)


def test_a_session_revoked_in_another_process_is_refused_at_once(
        other_process: tuple[Flask, Flask]) -> None:
    """The other process revokes it by no request of the member and no event."""
    first, second = other_process
    _stop_the_memorys_clock(first.extensions["amora"])
    reader = ApiClient(first)
    member_id = reader.post("/api/signup", json=SIGNUP).json["user"]["id"]
    _user(reader)  # remembered by the first process
    writer = second.extensions["amora"]
    with writer.unit_of_work() as work:
        work.sessions.revoke_all(member_id, writer.clock().now())
        work.commit()
    deadline = time.monotonic() + 30
    while reader.get("/api/user").status_code == 200:
        assert time.monotonic() < deadline, "the other process never heard of the revocation"
        time.sleep(0.01)


def test_a_main_photo_approved_by_an_operator_shows_at_once(
        member: tuple[ApiClient, int, FixedClock], container: Container) -> None:
    from tests.adapters.test_images import picture
    from tests.http.test_photos_api import upload

    client, _, _ = member
    photo = upload(client, picture()).json["photo"]
    assert _user(client)["profile"]["main_image"]["status"] == "pending"  # remembered
    container.photos().review(photo["id"], approve=True, actor="ops")
    assert _user(client)["profile"]["main_image"]["status"] == "active"


def test_a_request_that_wrote_nothing_of_the_account_announces_nothing(
        member: tuple[ApiClient, int, FixedClock], container: Container) -> None:
    """Every process hears each announcement: a refused change, or a message or a like
    (which write no account), must not cost them one (issue 36.3)."""
    client, member_id, _ = member
    heard: list[int] = []
    stop = container.events().subscribe(
        ACCOUNTS, lambda event: heard.append(event.member)
        if isinstance(event, AccountChanged) else None)
    try:
        assert client.put("/api/user", json={"language": "xx"}).status_code == 400
        assert client.put("/api/profile", json={"birth_date": "tomorrow"}).status_code == 400
        assert heard == []
        assert client.put("/api/user", json={"language": "de"}).status_code == 200
        assert set(heard) == {member_id}  # the commits that wrote it
    finally:
        stop()
