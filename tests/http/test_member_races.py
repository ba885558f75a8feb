"""Lost updates on members (issue 14.1), on SQLite and PostgreSQL: a use case is paused
between reading the member and writing it while another change commits; the other
change must stand."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from adapters.sql.members import SqlMembers
from domain.members import AccountStatus
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_likes_api import signed_up

PAUSED = "paused-use-case"


class PausedWrite:
    """Holds the first member write made on the thread named PAUSED until released, so a
    test can commit another change between that use case's read and its write."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reached, self.release = threading.Event(), threading.Event()
        self.result: list[Any] = []
        original = SqlMembers.save

        def save(repository: SqlMembers, before: Any, after: Any) -> None:
            if threading.current_thread().name == PAUSED and not self.reached.is_set():
                self.reached.set()
                assert self.release.wait(30), "the test never released the write"
            original(repository, before, after)

        monkeypatch.setattr(SqlMembers, "save", save)

    def start(self, use_case: Callable[[], Any]) -> threading.Thread:
        def run() -> None:
            self.result.append(use_case())

        thread = threading.Thread(target=run, name=PAUSED)
        thread.start()
        assert self.reached.wait(30), "the use case never reached its write"
        return thread

    def finish(self, thread: threading.Thread) -> Any:
        self.release.set()
        thread.join(30)
        assert not thread.is_alive()
        return self.result[0]


def _member(app: Flask, member_id: int) -> Any:
    with app.extensions["amora"].unit_of_work() as work:
        return work.members.get(member_id)


def test_a_ban_during_a_profile_save_stands(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    paused = PausedWrite(monkeypatch)
    saving = paused.start(lambda: ann.put("/api/profile", json={"about_me": "Hello there"}))
    app.extensions["amora"].moderation().ban(ann_id, "spam", "pytest")
    assert paused.finish(saving).status_code == 200
    member = _member(app, ann_id)
    assert member.status is AccountStatus.BANNED and member.banned_at is not None
    assert member.ban_reason == "spam"
    assert member.profile.about_me == "Hello there"  # and the save itself landed too


def test_premium_during_a_language_change_stands(app: Flask,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    paused = PausedWrite(monkeypatch)
    changing = paused.start(lambda: ann.put("/api/user", json={"language": "de"}))
    with app.extensions["amora"].unit_of_work() as work:  # what a paid order's webhook does
        member = work.members.get(ann_id)
        work.members.save(member, member.became_premium())
        work.commit()
    assert paused.finish(changing).status_code == 200
    member = _member(app, ann_id)
    assert member.paid_user and member.language == "de"


def test_a_ban_during_a_deletion_wins_and_the_deletion_is_refused(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both change the status: the second write finds the status moved, reads again, and
    the domain refuses to delete a banned account."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    paused = PausedWrite(monkeypatch)
    deleting = paused.start(lambda: ann.delete(
        "/api/user", json={"reason": "bye", "password": SIGNUP["password"]}))
    app.extensions["amora"].moderation().ban(ann_id, "fraud", "pytest")
    answer = paused.finish(deleting)
    assert answer.status_code == 403 and answer.json["error"] == "account_banned"
    member = _member(app, ann_id)
    assert member.status is AccountStatus.BANNED and member.deleted_at is None


def test_an_unban_during_a_second_ban_is_not_lost(app: Flask,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Operator A unbans while operator B's ban of the same (then active) member waits:
    B's ban reads again and applies on top, so the member ends banned by B."""
    _, ann_id = signed_up(app, "Ann", "female", "male")
    moderation = app.extensions["amora"].moderation()
    paused = PausedWrite(monkeypatch)
    banning = paused.start(lambda: moderation.ban(ann_id, "second look", "operator-b"))
    moderation.ban(ann_id, "first look", "operator-a")
    moderation.unban(ann_id, "mistake", "operator-a")
    paused.finish(banning)
    member = _member(app, ann_id)
    assert member.status is AccountStatus.BANNED and member.ban_reason == "second look"
