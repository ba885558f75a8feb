"""What operators type is checked where it comes in (issue 28.6), with the rules members'
own input gets: no control or formatting characters (ESC, bidi overrides, zero-width
characters) anywhere, line feeds only in notes and reasons, texts within their columns and
numbers within the database's integers and their setting's sensible range. A refused input
is one `Error:` line and changes nothing, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from adapters.sql.tables import audit_log, bundles, companies, photos, sites
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from domain.complaints import ComplaintForm
from tests.conftest import seed_default_site

runner = CliRunner()
PASSWORD = "long enough words"


@pytest.fixture
def amora(database_url: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The command line on a migrated database of each kind, with amora.test."""
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    context.container.cache_clear()
    seed_default_site(context.container())
    yield lambda *args: runner.invoke(app, list(args))
    context.container().engine().dispose()
    context.container.cache_clear()


def _state() -> dict[str, Any]:
    """Everything a refused command might have changed."""
    with context.container().engine().connect() as connection:
        return {
            "audit": connection.execute(select(func.count()).select_from(audit_log)).scalar(),
            "sites": [tuple(row) for row in connection.execute(
                select(sites.c.domain, sites.c.settings).order_by(sites.c.id))],
            "companies": connection.execute(
                select(func.count()).select_from(companies)).scalar(),
            "bundles": connection.execute(select(func.count()).select_from(bundles)).scalar(),
            "photos": [tuple(row) for row in connection.execute(select(photos.c.status))],
        }


def _refused(result: Any) -> None:
    assert result.exit_code in (1, 2), (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, \
        result.stderr
    assert "\x1b" not in result.stderr


def _member() -> int:
    login = context.container().signup().sign_up("amora.test", SignupForm(
        email="eve@example.com", name="Eve", date_of_birth="1980-01-01", password=PASSWORD,
        gender="female"), Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


SITE_VALUES = [
    ("free_messages", "99999999999999999999"), ("free_messages", "10001"),
    ("welcome_discount_hours", "99999999999999999999"), ("chat_history_limit", "1e9"),
    ("chat_history_limit", "99999999999999999999"), ("refund_days", "3650000"),
    ("company_id", "99999999999999999999"), ("company_id", "0"),
    ("message_credits", "1_000"), ("message_credits", "\u0661\u0662"),
    ("message_credits", "-1"), ("signup_credits", "1000001"), ("min_age", "17"),
    ("min_age", "150"), ("niche", "8"), ("message_length", "0"), ("partner_countdown", "86400"),
    ("directdebit_limit", "99999999999"), ("swipe_likes_per_day", "12345678901"),
    ("minimum_message_costs.NL", "99999999999999999999 EUR"),
    ("minimum_message_costs.NL", "1_5 EUR"),
    ("name", "Amora\nBcc: x@evil.example"), ("mail_name", "Amora\r\nBcc: x@evil.example"),
    ("mail_name", "A" * 101), ("name", "A" * 101), ("support_phone", "+31 20 123\n4567"),
    ("support_email", "not an email"), ("support_email", "help@amora.test\nBcc: x@y.z"),
    ("index_title.en", "Meet\nadults"), ("index_title.en", "T" * 201),
    ("description.en", "D" * 2001), ("cdn_prefix", "/me\ndia/"),
    ("visible_profile_notes.city.en", "N" * 2001),
]


@pytest.mark.parametrize(("key", "value"), SITE_VALUES,
                         ids=[f"{k}={v!r}"[:48] for k, v in SITE_VALUES])
def test_site_settings_outside_their_rules_are_refused(amora: Any, key: str, value: str) -> None:
    before = _state()
    _refused(amora("sites", "set", "amora.test", key, value))
    assert _state() == before


def test_site_settings_within_their_rules_are_taken(amora: Any) -> None:
    for key, value in [("free_messages", "10000"), ("refund_days", " 30 "), ("min_age", "21"),
                       ("description.en", "Two lines\r\nof text"), ("name", "Amora [beta]"),
                       ("support_email", "help@amora.example"), ("support_email", ""),
                       ("minimum_message_costs.NL", "20 EUR"), ("chat_history_limit", "0")]:
        assert amora("sites", "set", "amora.test", key, value).exit_code == 0, (key, value)
    shown = json.loads(amora("sites", "show", "amora.test", "--json").stdout)
    assert (shown["free_messages"], shown["refund_days"], shown["min_age"]) == (10000, 30, 21)
    assert shown["description"]["en"] == "Two lines\nof text"
    assert shown["name"] == "Amora [beta]" and shown["support_email"] == ""


CONTROL_CHARACTERS = ["\x1b[2J", "\x1b]0;owned\x07", "\u202e", "\u200b", "\x00", "\x9b",
                      "\u2028", "\t"]


@pytest.mark.parametrize("control", CONTROL_CHARACTERS, ids=repr)
@pytest.mark.parametrize("command", [
    ("members", "ban", "{member}", "--reason", "spam{c}", "--ground", "spam"),
    ("members", "ban", "{member}", "--reason", "spam", "--ground", "spam", "--actor", "ops{c}"),
    ("members", "ban", "{member}", "--reason", "spam", "--ground", "spam{c}"),
    ("members", "ban", "{member}", "--reason", "spam", "--ground", "spam", "--facts", "x{c}"),
    ("credits", "grant", "{member}", "5", "--reason", "goodwill{c}"),
    ("credits", "grant", "{member}", "5", "--reason", "goodwill", "--key", "t-1{c}"),
    ("complaints", "resolve", "{complaint}", "--outcome", "no_action", "--note", "done{c}"),
    ("companies", "add", "Evil{c} Ltd", "--street", "Main 1", "--postcode", "1011AA",
     "--city", "Amsterdam", "--country", "NL", "--registration", "12345678"),
    ("sites", "add", "new.test", "--company", "1", "--name", "New{c}"),
    ("sites", "set", "amora.test", "description.en", "Text{c}"),
    ("discounts", "create", "SPRING{c}", "10"),
], ids=lambda parts: " ".join(parts[:2]) + next(  # and the option the character is in
    (f" {parts[n - 1]}" for n, part in enumerate(parts) if "{c}" in part
     and parts[n - 1].startswith("--")), ""))
def test_control_characters_in_any_argument_are_refused(
        amora: Any, command: tuple[str, ...], control: str) -> None:
    member = _member()
    complaint = context.container().complaints().file("amora.test", None, ComplaintForm(
        category="other", text="Lots of spam messages", email="v@example.com", name="Vic",
        good_faith=True))
    before = _state()
    _refused(amora(*(part.format(member=member, complaint=complaint.id, c=control)
                     for part in command)))
    assert _state() == before


@pytest.mark.parametrize("command", [
    ("members", "ban", "{member}", "--reason", "r" * 501, "--ground", "spam"),
    ("members", "ban", "{member}", "--reason", "spam", "--ground", "spam", "--actor", "o" * 101),
    ("members", "ban", "{member}", "--reason", "spam", "--ground", "spam", "--actor",
     "ops\nroot"),
    ("members", "ban", "{member}", "--reason", "spam", "--ground", "spam", "--facts",
     "f" * 2001),
    ("credits", "grant", "{member}", "5", "--reason", "goodwill", "--key", "k" * 101),
    ("credits", "grant", "{member}", "5", "--reason", "goodwill", "--key", "t\n1"),
    ("credits", "grant", "{member}", "1000001", "--reason", "goodwill"),
    ("complaints", "resolve", "{complaint}", "--outcome", "no_action", "--note", "n" * 5001),
    ("complaints", "resolve", "{complaint}", "--outcome", "warned", "--note", "done"),
    ("photos", "reject", "{photo}", "--reason", "r" * 501, "--ground", "spam"),
    ("photos", "reject", "{photo}", "--reason", "spam", "--ground", "spam", "--notice", "999"),
    ("sites", "add", "new.test", "--company", "1", "--name", "New\nSite"),
    ("sites", "add", "new.test", "--company", "1", "--name", "N" * 101),
    ("bundles", "set", "amora.test", "eur", "99999999999:5"),
    ("bundles", "set", "amora.test", "eur", "100:99999999999"),
    ("bundles", "set", "amora.test", "eur", "2000000:5"),
    ("bundles", "set", "amora.test", "eur", "1_00:5"),
    ("bundles", "set", "amora.test", "eur", "100:1_0"),
    ("bundles", "set", "amora.test", "eur", "\u0661\u0660\u0660:5"),
    ("serve", "--port", "99999999"),
], ids=lambda parts: " ".join(parts)[:48])
def test_texts_and_numbers_beyond_their_bounds_are_refused(
        amora: Any, command: tuple[str, ...]) -> None:
    member = _member()
    complaint = context.container().complaints().file("amora.test", None, ComplaintForm(
        category="other", text="Lots of spam messages", email="v@example.com", name="Vic",
        good_faith=True))
    with context.container().unit_of_work() as work:
        photo = work.photos.add(member, "photos/x/1.jpg", "photos/x/1_thumb.jpg", True,
                                "pending", datetime(2026, 11, 21, tzinfo=UTC))
        work.commit()
    before = _state()
    _refused(amora(*(part.format(member=member, complaint=complaint.id, photo=photo)
                     for part in command)))
    assert _state() == before


def test_notes_and_reasons_may_have_several_lines(amora: Any) -> None:
    member = _member()
    banned = amora("members", "ban", str(member), "--reason", "Fake photos,\nsee ticket 17",
                   "--ground", "terms:fake_profile", "--actor", "ops")
    assert banned.exit_code == 0, banned.output
    granted = amora("credits", "grant", str(member), "1000000", "--reason", "goodwill")
    assert granted.exit_code == 0, granted.output
    assert amora("bundles", "set", "amora.test", "eur", "1000000:999999.99").exit_code == 0
