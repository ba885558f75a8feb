"""A change another process commits reaches the web process's memory of sign-ins at once
(issue 36.1), whatever process made it: a command line (`amora members ban`, `amora
photos approve`), another web process (a password changed by its reset link), a job
(sessions ended). On SQLite and PostgreSQL, over Redis and without it (the processes of
one machine sharing VAR_DIR: adapters/events/same_host.py).

The web process's memory has its clock stopped, so no read goes to the database again
for age: only the announcement can make the next GET /api/user answer the change. The
other process is a container of its own (its own engine and event bus), built as `amora`
builds it; the test waits for the web process to hear the announcement, not for time."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adapters.container import Container, build_container
from adapters.http.app import create_app
from application.ports.events import ACCOUNTS, AccountChanged, Event
from cli import context
from cli.main import app as amora
from tests.api_client import ApiClient
from tests.conftest import REDIS_URL, Seeded, make_config
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_recent_sign_ins_api import _stop_the_memorys_clock, _user

HEARD_WITHIN = 30  # seconds: a bound for a loaded machine, not a wait (it ends on hearing)
NOBODY = 0  # no member has this id: the marker of settle()


class Web:
    """The web process, its member signed in and remembered, and what it heard."""

    def __init__(self, built: Container) -> None:
        self.container = built
        self.app = create_app(built)
        _stop_the_memorys_clock(built)
        self.client = ApiClient(self.app)
        self.member_id: int = self.client.post("/api/signup", json=SIGNUP).json["user"]["id"]
        assert _user(self.client)["status"] == "not_confirmed"  # remembered from now on
        self._changed: set[int] = set()
        self._news = threading.Condition()
        # After the memory's own subscription: when this hears, the memory has forgotten.
        built.events().subscribe(ACCOUNTS, self._heard)

    def _heard(self, event: Event) -> None:
        if isinstance(event, AccountChanged):
            with self._news:
                self._changed.add(event.member)
                self._news.notify_all()

    def settle(self) -> None:
        """What this process announced so far has come back to it (over Redis its own
        announcements return after a round trip, in order): only news from now on counts."""
        self.container.events().publish(ACCOUNTS, AccountChanged(NOBODY))
        self.hears_of(NOBODY)
        with self._news:
            self._changed.clear()

    def hears_of(self, member_id: int) -> None:
        with self._news:
            assert self._news.wait_for(lambda: member_id in self._changed, HEARD_WITHIN), \
                "the web process never heard of the change"


@pytest.fixture(params=["without_redis", "redis"])
def environment(request: pytest.FixtureRequest, tmp_path: Path, database_url: str,
                web_dist: Path) -> dict[str, str]:
    """The deployment's settings, shared by all its processes (one VAR_DIR)."""
    settings = {"VAR_DIR": str(tmp_path / "var"), "SECRET_KEY": "test-secret",
                "RATE_LIMITS": "off", "PASSWORD_HASHING": "cheap",
                "DATABASE_URL": database_url, "WEB_DIST": str(web_dist)}
    if request.param == "redis":
        settings["REDIS_URL"] = REDIS_URL
    return settings


@pytest.fixture
def web(environment: dict[str, str], tmp_path: Path, seeded: Seeded) -> Iterator[Web]:
    built = build_container(make_config(tmp_path, **environment))
    yield Web(built)
    built.engine().dispose()


@pytest.fixture
def other_process(environment: dict[str, str], tmp_path: Path) -> Iterator[Container]:
    built = build_container(make_config(tmp_path, **environment))
    yield built
    built.engine().dispose()


@pytest.fixture
def command_line(environment: dict[str, str],
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """`amora` run in the deployment's environment, as an operator runs it."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    context.container.cache_clear()

    def run(*args: str) -> None:
        result = CliRunner().invoke(amora, list(args))
        assert result.exit_code == 0, result.output

    yield run
    context.container().engine().dispose()
    context.container.cache_clear()


def test_a_ban_from_the_command_line_refuses_the_next_read(
        web: Web, command_line: Callable[..., None]) -> None:
    web.settle()
    command_line("members", "ban", str(web.member_id), "--reason", "spam",
                 "--ground", "terms:spam", "--actor", "ops")
    web.hears_of(web.member_id)
    assert web.client.get("/api/user").status_code == 403


def test_a_photo_approved_from_the_command_line_shows_at_once(
        web: Web, command_line: Callable[..., None]) -> None:
    from tests.adapters.test_images import picture
    from tests.http.test_photos_api import upload

    photo = upload(web.client, picture()).json["photo"]
    assert _user(web.client)["profile"]["main_image"]["status"] == "pending"  # remembered
    web.settle()
    command_line("photos", "approve", str(photo["id"]), "--actor", "ops")
    web.hears_of(web.member_id)
    assert _user(web.client)["profile"]["main_image"]["status"] == "active"


def test_a_password_reset_in_another_process_ends_the_session_at_once(
        web: Web, other_process: Container) -> None:
    """The reset link is followed on another web process: every session ends."""
    web.settle()
    now = other_process.clock().now()
    with other_process.unit_of_work() as work:
        work.tokens.add(web.member_id, "password_reset",
                        other_process.secrets().digest("reset-token"), now,
                        now + timedelta(hours=1))
        work.commit()
    answer = ApiClient(create_app(other_process)).post("/api/password-reset/do", json={
        "token": "reset-token", "password": "new secret words", "repeat": "new secret words"})
    assert answer.status_code == 204, answer.json
    web.hears_of(web.member_id)
    assert web.client.get("/api/user").status_code == 403


def test_sessions_ended_by_a_job_are_refused_at_once(web: Web,
                                                     other_process: Container) -> None:
    """A worker's or the scheduler's unit of work, no event published."""
    web.settle()
    with other_process.unit_of_work() as work:
        work.sessions.revoke_all(web.member_id, other_process.clock().now())
        work.commit()
    web.hears_of(web.member_id)
    assert web.client.get("/api/user").status_code == 403
