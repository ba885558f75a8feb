"""`amora safety queue` and `amora safety release` (issue 31.2/31.4): operators see whom
the scam shield holds, what waits and why, and the messages sent despite the nudge; a
release lifts the shield's decision and delivers what waited. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from application.shared.holds import SCAM, hold_sender
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from tests.conftest import seed_default_site

runner = CliRunner()
AT = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


@pytest.fixture
def amora(database_url: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("AMORA_OPERATOR", "ops")
    context.container.cache_clear()
    seed_default_site(context.container())
    yield lambda *args: runner.invoke(app, list(args))
    context.container().engine().dispose()
    context.container.cache_clear()


def _member(email: str, name: str) -> int:
    login = context.container().signup().sign_up("amora.test", SignupForm(
        email=email, name=name, date_of_birth="1980-01-01", password="long enough words",
        gender="female"), Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


def _held_sender(sender: int, recipient: int) -> int:
    """The sender held by the shield, with a flagged message delivered before the hold and
    two that wait (one with a terminal escape in it)."""
    with context.container().unit_of_work() as work:
        conversation = work.chats.start(sender, recipient, AT)
        work.chats.add_message(conversation, sender, "add me on whatsapp 0612345678", AT,
                               0, True, flags=("messenger", "phone"))
        member = work.members.get(sender)
        assert member is not None
        hold = hold_sender(work, member, "Sent three flagged messages.", SCAM, AT)
        assert hold is not None
        work.chats.add_message(conversation, sender, "send 300 by western union", AT, 0,
                               False, flags=("transfer_service",), held=True)
        work.chats.add_message(conversation, sender, "still there?\x1b[2J", AT, 0, False,
                               held=True)
        work.commit()
    return conversation


def test_the_queue_shows_holds_and_flagged_messages_and_release_delivers(amora: Any) -> None:
    sender, recipient = _member("s@example.com", "Scarlett"), _member("r@example.com", "Rita")
    conversation = _held_sender(sender, recipient)
    listed = amora("safety", "queue", "--json", "--days", "90")
    assert listed.exit_code == 0, listed.output
    data = json.loads(listed.stdout)
    (held,) = data["held"]
    assert held["member"]["id"] == sender and held["facts"] == "Sent three flagged messages."
    assert held["ground"] == "terms:scam"
    assert [m["text"] for m in held["waiting"]] == ["still there?\x1b[2J",
                                                    "send 300 by western union"]
    assert [(item["message"]["flags"], item["recipient"]["id"]) for item in data["flagged"]] \
        == [(["transfer_service"], recipient), (["messenger", "phone"], recipient)]
    text = amora("safety", "queue")
    assert text.exit_code == 0 and "\x1b[2J" not in text.stdout
    assert "still there?\\x1b[2J" in text.stdout and "Held members: 1" in text.stdout
    assert "[transfer_service]" in text.stdout

    with context.container().unit_of_work() as work:
        assert work.chat_queries.unread_total(recipient) == 1
    released = amora("safety", "release", str(sender), "--note", "Spoke to her", "--json")
    assert released.exit_code == 0, released.output
    assert json.loads(released.stdout) == {"id": sender, "delivered": 2}
    with context.container().unit_of_work() as work:
        assert work.chat_queries.unread_total(recipient) == 3
        seen = work.chat_queries.history(conversation, recipient, None, 10, None)
        assert len(seen) == 3 and not any(message.held for message in seen)
        assert work.decisions.of_member(sender)[0].lifted_by == "ops"
    assert json.loads(amora("safety", "queue", "--json").stdout)["held"] == []
    again = amora("safety", "release", str(sender), "--note", "again")
    assert again.exit_code != 0 and "not_held" in again.output
