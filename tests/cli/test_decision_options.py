"""Operators name the ground of every restriction (issue 30.1): `amora members ban`,
`photos reject`, `credits revoke` and `members block-directdebit` require --ground, take
--facts and --notice, and make one decision each in the restriction's transaction; unban,
approve and unblock lift it. A missing or unknown ground, or a notice that does not fit,
is one `Error:` line and changes nothing, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from adapters.sql.tables import audit_log, credit_ledger, decisions, member_flags, members, photos
from application.ports.complaints import NewComplaint
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.inputs import GROUNDS
from cli.main import app
from tests.conftest import seed_default_site

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


def _member(email: str = "eve@example.com") -> int:
    login = context.container().signup().sign_up("amora.test", SignupForm(
        email=email, name="Eve", date_of_birth="1980-01-01", password="long enough words",
        gender="female"), Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


def _decisions() -> list[dict[str, Any]]:
    with context.container().engine().connect() as connection:
        return [dict(row) for row in connection.execute(
            select(decisions).order_by(decisions.c.id)).mappings()]


def _state() -> dict[str, Any]:
    """Everything a refused restriction might have changed."""
    with context.container().engine().connect() as connection:
        counts = {name: connection.execute(select(func.count()).select_from(table)).scalar()
                  for name, table in (("decisions", decisions), ("audit", audit_log),
                                      ("ledger", credit_ledger), ("flags", member_flags))}
        return {**counts,
                "members": [tuple(row) for row in connection.execute(
                    select(members.c.id, members.c.status).order_by(members.c.id))],
                "photos": [tuple(row) for row in connection.execute(
                    select(photos.c.id, photos.c.status).order_by(photos.c.id))]}


def _photo(member: int) -> int:
    with context.container().unit_of_work() as work:
        photo = work.photos.add(member, f"photos/{member}/1.jpg", f"photos/{member}/1_t.jpg",
                                True, "pending", datetime(2026, 11, 21, tzinfo=UTC))
        work.commit()
    return photo


def _notice(member: int | None) -> int:
    """A visitor's notice (complaint) about the member, or about no one in particular."""
    with context.container().unit_of_work() as work:
        notice = work.complaints.add(NewComplaint(
            site_id=work.sites.all()[0].id, reporter_id=None, email="v@example.com",
            category="spam", text="Sends everyone the same link", member_id=member,
            message_id=None, status="open", created_at=datetime(2026, 11, 21, tzinfo=UTC)))
        work.commit()
    return notice


def test_each_restriction_makes_one_decision_with_its_ground_facts_and_notice(
        amora: Any) -> None:
    member = _member()
    photo = _photo(member)
    notice = _notice(member)
    assert amora("credits", "grant", str(member), "50", "--reason", "welcome").exit_code == 0
    done = [
        amora("members", "block-directdebit", str(member), "--reason", "3 chargebacks",
              "--ground", "terms:payment_abuse", "--actor", "ops"),
        amora("credits", "revoke", str(member), "20", "--reason", "card fraud",
              "--ground", "law:fraud", "--facts", "Credits bought with a stolen card.",
              "--key", "ticket-9", "--actor", "ops"),
        amora("photos", "reject", str(photo), "--reason", "not a face",
              "--ground", "photo_rules", "--actor", "ops"),
        amora("members", "ban", str(member), "--reason", "spam, ticket 17", "--ground",
              "terms:spam", "--facts", "You sent the same link to 40 members.",
              "--notice", str(notice), "--actor", "ops"),
    ]
    assert [result.exit_code for result in done] == [0, 0, 0, 0], [r.output for r in done]
    replayed = amora("credits", "revoke", str(member), "20", "--reason", "card fraud",
                     "--ground", "law:fraud", "--key", "ticket-9", "--actor", "ops")
    assert replayed.exit_code == 0  # the same booking: no second decision either
    found = _decisions()
    assert [(d["restriction"], d["item_kind"], d["item_id"], d["facts"], d["ground_kind"],
             d["ground_code"], d["notice_id"], d["decided_by"], d["status"]) for d in found] == [
        ("direct_debit_blocked", "payment_method", None, "3 chargebacks", "terms",
         "payment_abuse", None, "ops", "in_force"),
        ("credits_revoked", "credits", "ticket-9", "Credits bought with a stolen card.",
         "law", "fraud", None, "ops", "in_force"),
        ("photo_rejected", "photo", str(photo), "not a face", "terms", "photo_rules", None,
         "ops", "in_force"),
        ("ban", "account", str(member), "You sent the same link to 40 members.", "terms",
         "spam", notice, "ops", "in_force")]
    assert {d["member_id"] for d in found} == {member}
    # The audit log keeps the operator's reason as before.
    with context.container().engine().connect() as connection:
        reasons = [row.details.get("reason") for row in connection.execute(
            select(audit_log).where(audit_log.c.action == "members.ban"))]
    assert reasons == ["spam, ticket 17"]

    # Ending a restriction lifts its decision in the same command; credits stay revoked.
    assert amora("members", "unban", str(member), "--reason", "appeal",
                 "--actor", "lead").exit_code == 0
    assert amora("photos", "approve", str(photo), "--actor", "lead").exit_code == 0
    assert amora("members", "unblock-directdebit", str(member), "--reason", "paid back",
                 "--actor", "lead").exit_code == 0
    assert [(d["restriction"], d["status"], d["lifted_by"]) for d in _decisions()] == [
        ("direct_debit_blocked", "lifted", "lead"), ("credits_revoked", "in_force", None),
        ("photo_rejected", "lifted", "lead"), ("ban", "lifted", "lead")]


def test_rejecting_several_photos_tells_each_owner_of_each(amora: Any) -> None:
    ann, bob = _member(), _member("bob@example.com")
    ann_photo, bob_photo = _photo(ann), _photo(bob)
    result = amora("photos", "reject", str(ann_photo), str(bob_photo), "--reason", "blurry",
                   "--ground", "terms:photo_rules", "--json")
    assert result.exit_code == 0, result.output
    assert [(d["member_id"], d["item_id"]) for d in _decisions()] == [
        (ann, str(ann_photo)), (bob, str(bob_photo))]


@pytest.mark.parametrize("ground", ["", " ", "nonsense", "terms:fraud", "law:spam", "law:",
                                    "terms", "rules:spam", "terms:SPAM"])
@pytest.mark.parametrize("command", [
    ("members", "ban", "{member}", "--reason", "spam"),
    ("photos", "reject", "{photo}", "--reason", "spam"),
    ("credits", "revoke", "{member}", "5", "--reason", "spam"),
    ("members", "block-directdebit", "{member}", "--reason", "spam"),
], ids=lambda parts: " ".join(parts[:2]))
def test_a_restriction_without_a_valid_ground_is_refused_in_one_line(
        amora: Any, command: tuple[str, ...], ground: str) -> None:
    member = _member()
    photo = _photo(member)
    assert amora("credits", "grant", str(member), "50", "--reason", "welcome").exit_code == 0
    before = _state()
    args = [part.format(member=member, photo=photo) for part in command]
    result = amora(*args, *(["--ground", ground] if ground else []))
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert result.stderr.count("\n") == 1, result.stderr
    line = result.stderr
    assert line.startswith("Error: Missing option '--ground'" if not ground.strip()
                           else "Error: Invalid value for '--ground'"), line
    assert all(valid in line for valid in GROUNDS)  # the line says what would do
    assert _state() == before


@pytest.mark.parametrize("command", [
    ("members", "ban", "{member}", "--reason", "spam"),
    ("photos", "reject", "{photo}", "--reason", "spam"),
    ("credits", "revoke", "{member}", "5", "--reason", "spam"),
    ("members", "block-directdebit", "{member}", "--reason", "spam"),
], ids=lambda parts: " ".join(parts[:2]))
def test_a_notice_that_does_not_fit_is_refused_and_changes_nothing(
        amora: Any, command: tuple[str, ...]) -> None:
    member, other = _member(), _member("bob@example.com")
    photo = _photo(member)
    about_other = _notice(other)
    assert amora("credits", "grant", str(member), "50", "--reason", "welcome").exit_code == 0
    before = _state()
    args = [part.format(member=member, photo=photo) for part in command]
    unknown = amora(*args, "--ground", "spam", "--notice", "999")
    assert unknown.exit_code == 1
    assert unknown.stderr == "Error: No complaint 999 (--notice names the complaint that " \
                             "led to it)\n"
    wrong = amora(*args, "--ground", "spam", "--notice", str(about_other))
    assert wrong.exit_code == 1
    assert wrong.stderr == f"Error: Complaint {about_other} is about member {other}, not " \
                           "the one restricted\n"
    assert _state() == before
    # A notice about no member in particular may lead to it.
    general = _notice(None)
    assert amora(*args, "--ground", "spam", "--notice", str(general)).exit_code == 0
    assert [d["notice_id"] for d in _decisions()] == [general]


def test_the_facts_are_checked_like_every_text_operators_type(amora: Any) -> None:
    member = _member()
    before = _state()
    for facts in (" ", "f" * 2001, "spam\x1b[2J"):
        result = amora("members", "ban", str(member), "--reason", "spam", "--ground", "spam",
                       "--facts", facts)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert _state() == before
    lines = amora("members", "ban", str(member), "--reason", "spam", "--ground", "spam",
                  "--facts", "You sent the same link\nto 40 members.")
    assert lines.exit_code == 0
    assert [d["facts"] for d in _decisions()] == ["You sent the same link to 40 members."]
