"""Operators remove what a member wrote (issue 30.4): `amora members remove-text` and
`amora messages remove` each make exactly one decision (text_removed, message_removed) in
the removal's transaction, keep the old text in its undo, and the member is told; others
no longer see the text, the recipient sees the message as removed. A refused removal is
one `Error:` line and changes nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import attrs
import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from adapters.jobs.codec import job_of
from adapters.sql.tables import audit_log, decisions, messages, outbox, profiles
from application.ports.jobs import AccountMail
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from domain.complaints import ComplaintForm
from tests.conftest import seed_default_site

runner = CliRunner()
AT = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


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


def _member(email: str, name: str = "Eve") -> int:
    login = context.container().signup().sign_up("amora.test", SignupForm(
        email=email, name=name, date_of_birth="1980-01-01", password="long enough words",
        gender="female"), Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


def _profile(member: int, **texts: str | None) -> None:
    with context.container().engine().begin() as connection:
        connection.execute(profiles.update().where(profiles.c.member_id == member)
                           .values(**texts))


def _message(sender: int, recipient: int, text: str) -> tuple[int, int]:
    with context.container().unit_of_work() as work:
        conversation = work.chats.start(sender, recipient, AT)
        message = work.chats.add_message(conversation, sender, text, AT, 0, True)
        work.commit()
    return conversation, message.id


def _notice(member: int) -> int:
    # A visitor's notice names them and states good faith (issue 30.4, the notices' form).
    visitor: dict[str, Any] = {"name": "Vera", "good_faith": True} \
        if "good_faith" in attrs.fields_dict(ComplaintForm) else {}
    return context.container().complaints().file("amora.test", None, ComplaintForm(
        category="spam", text="Phone number in the profile", email="v@example.com",
        member_id=member, **visitor)).id


def _rows(table: Any) -> list[dict[str, Any]]:
    with context.container().engine().connect() as connection:
        return [dict(row) for row in connection.execute(
            select(table).order_by(table.c.id)).mappings()]


def _state() -> dict[str, Any]:
    """Everything a refused removal might have changed."""
    with context.container().engine().connect() as connection:
        counts = {name: connection.execute(select(func.count()).select_from(table)).scalar()
                  for name, table in (("decisions", decisions), ("audit", audit_log),
                                      ("outbox", outbox))}
        return {**counts,
                "profiles": [tuple(row) for row in connection.execute(
                    select(profiles.c.member_id, profiles.c.name, profiles.c.about_me,
                           profiles.c.city).order_by(profiles.c.member_id))],
                "messages": [tuple(row) for row in connection.execute(
                    select(messages.c.id, messages.c.text, messages.c.gift)
                    .order_by(messages.c.id))]}


def test_remove_text_makes_one_decision_and_keeps_the_old_text(amora: Any) -> None:
    eve = _member("eve@example.com")
    _profile(eve, about_me="Call me on +31 6 1234 5678 [red]now[/]", city="Utrecht")
    notice = _notice(eve)
    done = amora("members", "remove-text", str(eve), "--field", "about", "--field", "name",
                 "--ground", "terms:off_platform_contact", "--facts",
                 "Your profile text gave a phone number.", "--notice", str(notice),
                 "--json")
    assert done.exit_code == 0, done.output
    answer = json.loads(done.output)
    assert answer["removed"] == ["name", "about_me"]

    profile = context.container().moderation().show(eve).profile
    assert (profile.name, profile.about_me, profile.city) == (f"#{eve}", "", "Utrecht")
    [decision] = _rows(decisions)
    assert decision["id"] == answer["decision"]
    assert (decision["restriction"], decision["item_kind"], decision["item_id"]) == (
        "text_removed", "profile_text", "name,about_me")
    assert (decision["member_id"], decision["decided_by"], decision["notice_id"]) == (
        eve, "ops", notice)
    assert (decision["ground_kind"], decision["ground_code"]) == ("terms",
                                                                   "off_platform_contact")
    assert decision["undo"] == {
        "name": "Eve", "name_replacement": f"#{eve}",
        "about_me": "Call me on +31 6 1234 5678 [red]now[/]", "about_me_replacement": ""}
    [audit] = [row for row in _rows(audit_log) if row["action"] == "members.remove_text"]
    assert (audit["subject"], audit["actor"], audit["details"]) == (
        str(eve), "ops", {"fields": ["name", "about_me"]})  # never the text itself
    jobs = [job_of(row["name"], row["args"]) for row in _rows(outbox)
            if row["name"] == "account_mail"]
    assert AccountMail("decision", eve, None, str(decision["id"])) in jobs  # the member is told

    # The operator reads it back: the old text, as text.
    shown = amora("decisions", "show", str(decision["id"]))
    assert shown.exit_code == 0 and "[red]now[/]" in shown.output


def test_remove_text_refuses_what_is_not_there_and_changes_nothing(amora: Any) -> None:
    eve = _member("eve@example.com")
    before = _state()
    empty: tuple[tuple[tuple[str, ...], str], ...] = (
        (("--field", "about"), "nothing to remove"),  # no about text written
        (("--field", "city"), "nothing to remove"),
        (("--field", "name", "--field", "about"), "nothing to remove"),
    )
    for args, expected in empty:
        refused = amora("members", "remove-text", str(eve), *args, "--ground", "spam",
                        "--facts", "Spam")
        assert refused.exit_code == 1 and expected in refused.output, refused.output
    malformed: tuple[tuple[tuple[str, ...], str], ...] = (
        (("--field", "photo"), "photo is no profile text"),
        (("--field", "name", "--facts", "x"), "Missing option '--ground'"),
        (("--field", "name", "--ground", "spam"), "Missing option '--facts'"),
        (("--field", "name", "--ground", "spam", "--facts", " "), "say what happened"),
        (("--ground", "spam", "--facts", "x"), "Missing option '--field'"),
    )
    for args, expected in malformed:
        refused = amora("members", "remove-text", str(eve), *args)
        assert refused.exit_code == 2 and expected in refused.output, refused.output
    unknown = amora("members", "remove-text", "999", "--field", "name", "--ground", "spam",
                    "--facts", "Spam")
    assert unknown.exit_code == 1 and "No such member" in unknown.output
    assert _state() == before


def test_removing_a_name_twice_is_refused(amora: Any) -> None:
    eve = _member("eve@example.com")
    args = ("members", "remove-text", str(eve), "--field", "name", "--ground",
            "terms:impersonation", "--facts", "The name is a celebrity's.")
    assert amora(*args).exit_code == 0
    before = _state()
    again = amora(*args)
    assert again.exit_code == 1 and "nothing to remove" in again.output
    assert _state() == before


def test_remove_message_hides_it_from_the_recipient_with_one_decision(amora: Any) -> None:
    eve, tom = _member("eve@example.com"), _member("tom@example.com", "Tom")
    conversation, message = _message(eve, tom, "Send me 500 euro via Western Union")
    _, other = _message(eve, tom, "How was your day?")
    done = amora("messages", "remove", str(message), "--ground", "law:fraud",
                 "--facts", "The message asked for money.", "--actor", "anna", "--json")
    assert done.exit_code == 0, done.output
    answer = json.loads(done.output)
    assert (answer["sender"], answer["recipient"]) == (eve, tom)

    [decision] = _rows(decisions)
    assert (decision["restriction"], decision["item_kind"], decision["item_id"],
            decision["member_id"], decision["decided_by"]) == (
        "message_removed", "message", str(message), eve, "anna")
    assert decision["undo"] == {"text": "Send me 500 euro via Western Union", "gift": None,
                                "conversation": conversation}
    stored = {row["id"]: row["text"] for row in _rows(messages)}
    assert stored == {message: "", other: "How was your day?"}
    [audit] = [row for row in _rows(audit_log) if row["action"] == "messages.remove"]
    assert (audit["subject"], audit["details"]) == (
        str(message), {"member": eve, "conversation": conversation})
    # The member's trail names it: amora audit --member finds it by the details.
    trail = json.loads(amora("audit", "--member", str(eve), "--json").output)
    assert "messages.remove" in [row["action"] for row in trail]

    # What the recipient (and the sender) read now.
    chat, moderation = context.container().chat(), context.container().moderation()
    for viewer in (tom, eve):
        page = chat.history(moderation.show(viewer), conversation, None)
        seen = {m.id: (m.text, m.removed) for m in page.messages}
        assert seen == {message: ("", True), other: ("How was your day?", False)}

    before = _state()
    again = amora("messages", "remove", str(message), "--ground", "law:fraud", "--facts", "x")
    assert again.exit_code == 1 and "removed already" in again.output
    missing = amora("messages", "remove", "999", "--ground", "law:fraud", "--facts", "x")
    assert missing.exit_code == 1 and "No message 999" in missing.output
    no_ground = amora("messages", "remove", str(other), "--facts", "x")
    assert no_ground.exit_code == 2 and "--ground" in no_ground.output
    assert _state() == before


def test_a_removed_last_message_is_shown_as_removed_in_the_chat_list(amora: Any) -> None:
    eve, tom = _member("eve@example.com"), _member("tom@example.com", "Tom")
    _, message = _message(eve, tom, "Add me on telegram @eve")
    assert amora("messages", "remove", str(message), "--ground",
                 "terms:off_platform_contact", "--facts", "A messenger handle.").exit_code == 0
    tom_member = context.container().moderation().show(tom)
    [summary] = context.container().chat().chats(tom_member).chats
    assert summary.last_message is not None
    assert (summary.last_message.text, summary.last_message.removed) == ("", True)


def test_production_refuses_a_removal_without_an_operator(
        amora: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    eve, tom = _member("eve@example.com"), _member("tom@example.com", "Tom")
    _profile(eve, about_me="Write me at eve@example.com")
    _, message = _message(eve, tom, "Hello")
    monkeypatch.setenv("AMORA_ENV", "production")
    monkeypatch.delenv("AMORA_OPERATOR")
    before = _state()
    for args in (("members", "remove-text", str(eve), "--field", "about"),
                 ("messages", "remove", str(message))):
        refused = amora(*args, "--ground", "spam", "--facts", "Spam")
        assert refused.exit_code == 2 and "--actor" in refused.output, refused.output
    assert _state() == before
