"""`amora complaints` for notices (issue 30.4), on SQLite and PostgreSQL: resolving names its
outcome and mails it to the notifier in general terms; action taken on an item needs the
decision that names the notice (the restricting command's --notice), so the reported
member has their statement of reasons; reporters whose notices are mostly dismissed are
marked in `list` and `show`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from adapters.sql.tables import complaints, outbox
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from domain.complaints import ComplaintForm
from tests.conftest import seed_default_site
from tests.mails import plain_text, read_mail

runner = CliRunner()


@pytest.fixture
def amora(database_url: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    context.container.cache_clear()
    seed_default_site(context.container())
    yield lambda *args: runner.invoke(app, list(args))
    context.container().engine().dispose()
    context.container.cache_clear()


def _member(address: str = "bob@example.com", name: str = "Bob") -> int:
    login = context.container().signup().sign_up("amora.test", SignupForm(
        email=address, name=name, date_of_birth="1980-01-01", password="long enough words",
        gender="male"), Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


def _notice(member: int, address: str = "vera@example.com", language: str = "en") -> int:
    return context.container().complaints().file("amora.test", None, ComplaintForm(
        category="fake_profile", text="Photos of a model from a magazine", email=address,
        name="Vera", good_faith=True, item_kind="profile", item_id=member,
        language=language)).id


def _mails(to: str) -> list[tuple[str, str]]:
    """Subject and text of each mail to this address, oldest first."""
    context.container().tasks().drain()
    folder: Path = context.container().config().mail_dir
    found = [read_mail(p)
             for p in sorted(folder.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns)]
    return [(str(m["Subject"]), plain_text(m))
            for m in found if m["To"] == to]


def _state(notice: int) -> tuple[Any, ...]:
    with context.container().engine().connect() as connection:
        row = connection.execute(select(complaints.c.status, complaints.c.outcome).where(
            complaints.c.id == notice)).one()
        jobs = connection.execute(select(outbox.c.id)).all()
    return tuple(row), len(jobs)


def test_resolving_mails_the_outcome_to_the_notifier(amora: Any) -> None:
    bob = _member()
    notice = _notice(bob, language="nl")
    done = amora("complaints", "resolve", str(notice), "--outcome", "no_action", "--note",
                 "Her own photos, verified by Bob (bob@example.com)", "--actor", "j.ops")
    assert done.exit_code == 0, done.output
    assert f"Complaint {notice} resolved: no_action; its reporter is told." in done.output
    received, outcome = _mails("vera@example.com")
    assert received[0] == "Amora: we hebben je melding ontvangen"
    assert outcome[0] == "Amora: de uitkomst van je melding"
    assert "Hoi Vera," in outcome[1] and "geen maatregelen genomen" in outcome[1]
    assert "Bob" not in outcome[1] and "verified" not in outcome[1]  # not the operator's note
    shown = json.loads(amora("complaints", "show", str(notice), "--json").output)
    assert (shown["outcome"], shown["status"], shown["resolution"]) == (
        "no_action", "resolved", "Her own photos, verified by Bob (bob@example.com)")


def test_action_taken_needs_the_decision_that_names_the_notice(amora: Any) -> None:
    bob = _member()
    notice = _notice(bob)
    before = _state(notice)
    refused = amora("complaints", "resolve", str(notice), "--outcome", "action_taken",
                    "--note", "Banned")
    assert refused.exit_code == 1
    assert f"No decision names complaint {notice}: restrict with --notice {notice}" in \
        refused.output
    assert _state(notice) == before  # still open, no mail queued
    wrong = amora("complaints", "resolve", str(notice), "--outcome", "warned", "--note", "x")
    assert wrong.exit_code == 1 and "--outcome is action_taken or no_action" in wrong.output
    banned = amora("members", "ban", str(bob), "--reason", "fake photos", "--ground",
                   "terms:fake_profile", "--notice", str(notice))
    assert banned.exit_code == 0, banned.output
    done = amora("complaints", "resolve", str(notice), "--outcome", "action_taken", "--note",
                 "Banned for fake photos")
    assert done.exit_code == 0, done.output
    outcome = _mails("vera@example.com")[-1]
    assert outcome[0] == "Amora: the outcome of your report"
    assert "we took action. The member concerned has been told of our decision" in outcome[1]
    assert "Bob" not in outcome[1] and "fake photos" not in outcome[1]
    # The reported member was told by their decision's own mail.
    assert _mails("bob@example.com")[-1][0] == "Amora: our decision and the reasons for it"


def test_serial_reporters_are_marked(amora: Any) -> None:
    bob = _member()
    for n, outcome in enumerate(["no_action"] * 4 + ["action_taken"]):
        notice = _notice(bob)
        if outcome == "action_taken":
            assert amora("members", "ban", str(bob), "--reason", "fake", "--ground",
                         "terms:fake_profile", "--notice", str(notice)).exit_code == 0
        assert amora("complaints", "resolve", str(notice), "--outcome", outcome, "--note",
                     f"looked at it ({n})").exit_code == 0
    latest = _notice(bob)
    other = _notice(bob, address="olga@example.com")
    listed = amora("complaints", "list")  # the open ones: Vera's latest and Olga's
    assert listed.output.count("SERIAL") == 1 and "4/5" in listed.output, listed.output
    as_json = {row["id"]: row for row in json.loads(
        amora("complaints", "list", "--json").output)}
    assert as_json[latest]["serial_reporter"] is True
    assert as_json[other]["serial_reporter"] is False
    assert as_json[latest]["item"] == f"profile {bob}"
    shown = amora("complaints", "show", str(latest))
    assert "reporter's notices: SERIAL 4/5 dismissed" in shown.output
    record = json.loads(amora("complaints", "show", str(latest), "--json").output)
    assert record["reporter_record"] == {"resolved": 5, "dismissed": 4, "serial": True}
