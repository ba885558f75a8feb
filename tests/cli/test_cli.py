"""The `amora` command line, on a real SQLite database."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli import context
from cli.main import app
from domain.complaints import ComplaintForm
from tests.cli.conftest import Amora

runner = CliRunner()


def test_sites_list_and_show(amora: Amora) -> None:
    listed = amora("sites", "list")
    assert listed.exit_code == 0 and "amora.test" in listed.output
    shown = amora("sites", "show", "amora.test")
    assert shown.exit_code == 0 and '"signups": "all"' in shown.output


def test_sites_set_validates_and_audits(amora: Amora) -> None:
    from sqlalchemy import select

    from adapters.sql.tables import audit_log

    changed = amora("sites", "set", "amora.test", "signups", "invite_only", "--actor", "ops")
    assert changed.exit_code == 0
    assert '"signups": "invite_only"' in amora("sites", "show", "amora.test").output
    refused = amora("sites", "set", "amora.test", "niche", "12")
    assert refused.exit_code == 1 and "Invalid value for niche" in refused.output
    missing = amora("sites", "show", "nope.test")
    assert missing.exit_code == 1 and "No site with domain nope.test" in missing.output
    with context.container().engine().connect() as connection:
        rows = connection.execute(select(audit_log)).all()
    assert [(row.actor, row.details["key"]) for row in rows] == [("ops", "signups")]


def test_sites_keys_lists_settings(amora: Amora) -> None:
    keys = amora("sites", "keys")
    assert "minimum_message_costs.<COUNTRY>" in keys.output and "niche" in keys.output


def _member(amora: Amora) -> int:
    from application.shared.sign_ins import Visitor
    from application.signup import SignupForm

    login = context.container().signup().sign_up(
        "amora.test", SignupForm(email="eve@example.com", name="Eve", date_of_birth="1980-01-01",
                                 password="long enough words", gender="female"),
        Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


def test_members_list_show_ban_unban(amora: Amora) -> None:
    from sqlalchemy import select

    from adapters.sql.tables import audit_log

    member_id = _member(amora)
    listed = amora("members", "list", "--search", "eve")
    assert listed.exit_code == 0 and "eve@example.com" in listed.output
    assert "not_confirmed" in amora("members", "show", str(member_id)).output
    assert amora("members", "ban", str(member_id), "--reason", "", "--ground",
                 "terms:fake_profile").exit_code == 1
    banned = amora("members", "ban", str(member_id), "--reason", "fake photos",
                   "--ground", "terms:fake_profile", "--actor", "ops")
    assert banned.exit_code == 0
    assert "banned" in amora("members", "list", "--status", "banned").output
    again = amora("members", "ban", str(member_id), "--reason", "x", "--ground", "spam")
    assert again.exit_code == 1 and "already banned" in again.output
    assert amora("members", "unban", str(member_id), "--reason", "appeal").exit_code == 0
    assert amora("members", "show", "999").exit_code == 1
    with context.container().engine().connect() as connection:
        rows = connection.execute(select(audit_log).order_by(audit_log.c.id)).all()
    assert [(r.actor, r.action, r.details["reason"]) for r in rows] == [
        ("ops", "members.ban", "fake photos"), (rows[1].actor, "members.unban", "appeal")]


def test_photo_review_and_fictional_flag(amora: Amora) -> None:
    from datetime import UTC, datetime

    from sqlalchemy import select

    from adapters.sql.tables import audit_log, photos

    member_id = _member(amora)
    with context.container().unit_of_work() as work:
        photo = work.photos.add(member_id, "photos/x/1.jpg", "photos/x/1_thumb.jpg", True,
                                "pending", datetime(2026, 11, 21, tzinfo=UTC))
        work.commit()
    assert "photos/x/1.jpg" in amora("photos", "pending").output
    assert amora("photos", "approve", str(photo), "--actor", "ops").exit_code == 0
    assert amora("photos", "reject", str(photo), "--reason", "", "--ground",
                 "terms:photo_rules").exit_code == 1
    assert amora("photos", "reject", str(photo), "--reason", "not you", "--ground",
                 "terms:photo_rules", "--actor", "ops").exit_code == 0
    assert amora("photos", "approve", "999").exit_code == 1
    assert amora("members", "set-fictional", str(member_id), "on", "--actor", "ops").exit_code \
        == 0
    assert amora("members", "set-fictional", str(member_id), "maybe").exit_code != 0
    with context.container().engine().connect() as connection:
        status = connection.execute(select(photos.c.status)).scalar_one()
        actions = [r.action for r in connection.execute(select(audit_log).order_by(
            audit_log.c.id))]
    assert status == "rejected"
    assert actions == ["photos.approve", "photos.reject", "members.set_fictional"]
    assert "yes" in amora("members", "show", str(member_id)).output


def test_credits_grant_revoke_ledger(amora: Amora) -> None:
    from sqlalchemy import select

    from adapters.sql.tables import audit_log

    member_id = _member(amora)
    granted = amora("credits", "grant", str(member_id), "50", "--reason", "goodwill",
                    "--actor", "ops", "--key", "ticket-17")
    assert granted.exit_code == 0 and "balance 50" in granted.output
    twice = amora("credits", "grant", str(member_id), "50", "--reason", "goodwill",
                  "--key", "ticket-17")
    assert twice.exit_code == 0 and "balance 50" in twice.output  # booked once
    assert amora("credits", "revoke", str(member_id), "80", "--reason", "x", "--ground",
                 "terms:payment_abuse").exit_code == 1
    assert amora("credits", "revoke", str(member_id), "20", "--reason", "refund", "--ground",
                 "terms:payment_abuse").exit_code == 0
    assert amora("credits", "grant", str(member_id), "0", "--reason", "x").exit_code != 0
    assert amora("credits", "grant", str(member_id), "5", "--reason", " ").exit_code == 1
    assert amora("credits", "grant", "999", "5", "--reason", "x").exit_code == 1
    ledger = amora("credits", "ledger", str(member_id))
    assert ledger.exit_code == 0 and "+50" in ledger.output and "-20" in ledger.output
    assert "Balance: 30" in ledger.output
    with context.container().engine().connect() as connection:
        actions = [row.action for row in connection.execute(select(audit_log))]
    assert actions == ["credits.grant", "credits.revoke"]


def test_bundles_discounts_and_orders(amora: Amora) -> None:
    assert amora("bundles", "set", "amora.test", "eur", "100:14.99,250:29.99",
                 "--actor", "ops").exit_code == 0
    listed = json.loads(amora("bundles", "list", "amora.test", "--json").output)
    assert [(b["price"], b["currency"]) for b in listed] == [("14.99", "EUR"), ("29.99", "EUR")]
    assert amora("bundles", "set", "amora.test", "EUR", "100:abc").exit_code == 1
    assert amora("bundles", "set", "amora.test", "EURO", "100:1").exit_code == 1
    made = amora("discounts", "create", "spring10", "10", "--country", "nl",
                 "--minimum", "20.00", "--method", "ideal")
    assert made.exit_code == 0 and "SPRING10" in made.output
    assert amora("discounts", "create", "spring10", "10").exit_code == 1
    assert amora("discounts", "create", "bad", "150").exit_code == 1
    assert "SPRING10" in amora("discounts", "list").output
    assert amora("discounts", "disable", "spring10").exit_code == 0
    assert "disabled" in amora("discounts", "list").output
    assert amora("discounts", "disable", "nope").exit_code == 1
    assert amora("orders", "list").exit_code == 0
    assert amora("orders", "show", "1").exit_code == 1
    assert amora("orders", "refund", "1", "--reason", "x", "--yes").exit_code == 1
    member_id = _member(amora)
    assert amora("members", "block-directdebit", str(member_id), "--reason", "x",
                 "--ground", "terms:payment_abuse").exit_code == 0
    assert amora("members", "unblock-directdebit", str(member_id), "--reason", "y").exit_code == 0
    assert amora("members", "block-directdebit", str(member_id), "--reason", " ",
                 "--ground", "terms:payment_abuse").exit_code == 1


def test_mail_off_and_on(amora: Amora) -> None:
    member_id = _member(amora)
    off = amora("members", "mail-off", str(member_id), "bounce")
    assert off.exit_code == 0 and "bounce" in off.output
    assert amora("members", "mail-off", str(member_id), "holiday").exit_code == 2
    assert amora("members", "mail-off", "999999", "fbl").exit_code == 1
    assert amora("members", "mail-on", str(member_id)).exit_code == 0


def test_complaints_and_bounces(amora: Amora) -> None:
    # piped (as here): the column names, then a line per lander (none yet)
    assert amora("stats", "bounces").output == "lander\tsource\tvisits\tbounces\tbounce_rate\n"
    with context.container().unit_of_work() as work:
        site_id = work.sites.all()[0].id
    context.container().landers().visit(None, "video", "partner")
    assert "video" in amora("stats", "bounces", "--days", "1").output
    filed = context.container().complaints().file(None, None, ComplaintForm(
        category="spam", text="Lots of spam messages", email="v@example.com", name="Vic",
        good_faith=True))
    assert str(filed.id) in amora("complaints", "list").output
    assert "Lots of spam" in amora("complaints", "show", str(filed.id)).output
    assert amora("complaints", "resolve", str(filed.id), "--outcome", "action_taken",
                 "--note", " ").exit_code == 1
    assert amora("complaints", "resolve", str(filed.id), "--note", "x").exit_code != 0
    done = amora("complaints", "resolve", str(filed.id), "--outcome", "action_taken",
                 "--note", "Member banned")
    assert done.exit_code == 0
    assert amora("complaints", "resolve", str(filed.id), "--outcome", "no_action",
                 "--note", "again").exit_code == 1
    assert amora("complaints", "show", "999").exit_code == 1
    assert amora("complaints", "list", "--status", "weird").exit_code == 1
    assert site_id


BAD_INVOCATIONS = [
    ("discounts", "create", "XYZ", "nan"), ("discounts", "create", "XYZ", "NaN"),
    ("discounts", "create", "XYZ", "snan"), ("discounts", "create", "XYZ", "inf"),
    ("discounts", "create", "XYZ", "--", "-inf"), ("discounts", "create", "XYZ", "1e999999999"),
    ("discounts", "create", "XYZ", "abc"), ("discounts", "create", "XYZ", "0"),
    ("discounts", "create", "XYZ", "100.001"), ("discounts", "create", "X", "10"),
    ("discounts", "create", "XYZ", "10", "--country", "NLD"),
    ("discounts", "create", "XYZ", "10", "--method", "cash"),
    ("discounts", "create", "XYZ", "10", "--minimum", "99999999999"),
    ("discounts", "create", "XYZ", "10", "--expires", "soon"), ("discounts", "disable", "NOPE"),
    ("bundles", "set", "amora.test", "eur", "100:nan"),
    ("bundles", "set", "amora.test", "eur", "100:inf"),
    ("bundles", "set", "amora.test", "eur", "nan:5"),
    ("bundles", "set", "amora.test", "euro", "100:5"),
    ("bundles", "set", "amora.test", "eur", "100:1e20"), ("bundles", "list", "nope.test"),
    ("bundles", "set", "nope.test", "eur", "100:5"), ("orders", "list", "--site", "nope.test"),
    ("stats", "bounces", "--site", "nope.test"),
    ("credits", "grant", "{member}", "0", "--reason", "x"),
    ("credits", "grant", "{member}", "nan", "--reason", "x"),
    ("credits", "grant", "{member}", "99999999999", "--reason", "x"),
    ("credits", "revoke", "{member}", "5", "--reason", "x", "--ground", "spam"),
    ("credits", "revoke", "{member}", "5", "--reason", "x"),
    ("credits", "grant", "{member}", "5"), ("credits", "ledger", "99999999999999999999"),
    ("members", "show", "x"), ("members", "show", "99999999999999999999"),
    ("members", "show", "--", "-1"), ("members", "show", "0"), ("members", "show", "nan"),
    ("members", "list", "--limit", "0"), ("members", "list", "--status", "weird"),
    ("members", "list", "--site", "nope.test"), ("members", "set-fictional", "{member}", "maybe"),
    ("members", "ban", "{member}", "--reason", "", "--ground", "spam"),
    ("members", "ban", "{member}", "--reason", "x"),
    ("members", "ban", "{member}", "--reason", "x", "--ground", "terms:nope"),
    ("members", "ban", "{member}", "--reason", "x", "--ground", "law:spam"),
    ("members", "ban", "{member}", "--reason", "x", "--ground", "spam", "--notice", "999"),
    ("members", "ban", "{member}", "--reason", "x", "--ground", "spam", "--facts", " "),
    ("members", "block-directdebit", "{member}", "--reason", "x"),
    ("photos", "reject", "1", "--reason", "x"),
    ("members", "mail-off", "{member}", "holiday"),
    ("members", "nosuch"), ("photos", "approve", "nan"), ("photos", "approve", "999"),
    ("photos", "pending", "--limit", "inf"), ("orders", "list", "--status", "bogus"),
    ("orders", "show", "1.5"), ("orders", "refund", "999"), ("complaints", "list", "--limit", "-1"),
    ("complaints", "show", "999"), ("stats", "bounces", "--days", "nan"),
    ("sites", "set", "amora.test", "niche", "12"), ("sites", "set", "amora.test", "bogus", "1"),
    ("sites", "show", "nope.test"), ("db", "downgrade", "nonsense"),
    ("demo", "seed", "--members", "nan"), ("worker", "--threads", "0"),
    ("serve", "--port", "nan"), ("nosuch",),
]


@pytest.mark.parametrize("args", BAD_INVOCATIONS, ids=" ".join)
def test_every_input_error_is_one_line_never_a_traceback(amora: Amora,
                                                         args: tuple[str, ...]) -> None:
    member_id = _member(amora)
    result = amora(*(arg.format(member=member_id) for arg in args))
    assert result.exit_code in (1, 2)
    assert isinstance(result.exception, SystemExit), result.exception  # nothing escaped
    assert "Traceback" not in result.output
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("command", ["serve", "worker", "scheduler"])
def test_production_refuses_unsafe_defaults_in_one_line(
        command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        migrated_sqlite: Path) -> None:
    for name in ("SECRET_KEY", "PAYMENT_PROVIDER", "MAIL_BACKEND", "AMORA_ENV", "PASSWORD_HASHING",
                 "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    shutil.copyfile(migrated_sqlite, tmp_path / "amora.db")  # no database: said first
    monkeypatch.setenv("BASE_URL", "https://{domain}")
    context.container.cache_clear()
    try:
        refused = runner.invoke(app, [command])
        assert refused.exit_code == 1 and isinstance(refused.exception, SystemExit)
        assert refused.stderr == ("Error: refusing to start in production: SECRET_KEY is not "
                                  "set; PAYMENT_PROVIDER is sandbox (set mollie, or "
                                  "ALLOW_SANDBOX_PAYMENTS=1); MAIL_BACKEND is file (set smtp, "
                                  "or ALLOW_FILE_MAILER=1)\n")
        monkeypatch.setenv("SECRET_KEY", "k" * 48)
        monkeypatch.setenv("ALLOW_SANDBOX_PAYMENTS", "1")
        context.container.cache_clear()
        still = runner.invoke(app, [command])
        assert still.exit_code == 1
        assert still.stderr.endswith("production: MAIL_BACKEND is file (set smtp, or "
                                     "ALLOW_FILE_MAILER=1)\n")
    finally:
        context.container.cache_clear()
