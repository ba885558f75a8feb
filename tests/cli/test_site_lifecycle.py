"""Sites held to their standards, renamed and closed from the command line (issue 32.5):
`amora sites set` refuses a country, currency, number, address or key that is not one,
in one `Error:` line with nothing changed; `amora sites rename` keeps the old domain the
site's; `amora sites close` stops sign-ups and purchases, mails every member in their
language through the outbox, and leaves logging in, the data export, deletion and
refunds alone; `amora sites reopen` undoes it. On SQLite and PostgreSQL."""

from __future__ import annotations

import email
import email.policy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, func, select, update
from typer.testing import CliRunner

from adapters.jobs.codec import job_of
from adapters.sql.tables import audit_log, members, orders, outbox, site_aliases, sites
from application.ports.jobs import SiteClosedMails
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from domain.errors import DomainError
from domain.pricing import Bundle
from tests.conftest import seed_default_site
from tests.mails import plain_text, read_mail

runner = CliRunner()
PASSWORD = "long enough words"


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


def _state() -> dict[str, Any]:
    """Everything a refused command might have changed."""
    with context.container().engine().connect() as connection:
        return {
            "audit": connection.execute(select(func.count()).select_from(audit_log)).scalar(),
            "outbox": connection.execute(select(func.count()).select_from(outbox)).scalar(),
            "sites": [tuple(row) for row in connection.execute(
                select(sites.c.domain, sites.c.settings, sites.c.closed_at,
                       sites.c.closed_reason).order_by(sites.c.id))],
            "aliases": [tuple(row) for row in connection.execute(
                select(site_aliases.c.domain, site_aliases.c.site_id))],
        }


def _refused(result: Any, words: str) -> None:
    assert result.exit_code == 1, (result.output, result.exception)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, \
        result.stderr
    assert words in result.stderr, result.stderr


def _audit(action: str) -> list[dict[str, Any]]:
    with context.container().engine().connect() as connection:
        return [dict(row) for row in connection.execute(
            select(audit_log).where(audit_log.c.action == action)
            .order_by(audit_log.c.id)).mappings()]


@pytest.mark.parametrize(("key", "value", "words"), [
    ("countries", "NL,XX", "Invalid value for countries: XX (expected an ISO 3166 country"),
    ("entry_popup_countries", "UK", "Invalid value for entry_popup_countries: UK (expected"),
    ("minimum_message_costs.XX", "12 EUR", "minimum_message_costs.XX: XX (expected an ISO"),
    ("minimum_message_costs.CH", "12 CHX",
     "minimum_message_costs.CH: CHX (expected an ISO 4217 currency code such as EUR)"),
    ("minimum_message_costs.NL", "12 XAU", "minimum_message_costs.NL: XAU (expected"),
    ("refund_days", "3650000", "(a whole number from 0 to 365)"),
    ("message_credits", "50000", "(a whole number from 0 to 10000)"),
    ("support_email", "not an email", "Invalid value for support_email: not an email"),
    ("support_email", "help@amora.test", "(expected an e-mail address mail can reach)"),
    ("support_email", "help@localhost", "Invalid value for support_email"),
    ("support_phone", "12345", "Invalid value for support_phone: 12345"),
    ("refund_day", "14", "Unknown setting refund_day: did you mean refund_days?"),
    ("suport_email", "a@b.example", "did you mean support_email?"),
    ("index_titel.de", "Hallo", "did you mean index_title.de?"),
    ("index_title", "Hallo", "did you mean index_title.<lang>?"),
    ("bogus", "1", "Unknown setting bogus (see 'amora sites keys')"),
])
def test_settings_outside_their_standards_are_refused(amora: Any, key: str, value: str,
                                                      words: str) -> None:
    before = _state()
    _refused(amora("sites", "set", "amora.test", key, value), words)
    assert _state() == before


def test_settings_within_their_standards_are_taken_in_standard_form(amora: Any) -> None:
    for key, value in [("countries", "nl, de,ch"), ("entry_popup_countries", "gb"),
                       ("minimum_message_costs.ch", "15 chf"), ("refund_days", "365"),
                       ("support_email", "help@amora.example"),
                       ("support_phone", "020 808 0100"), ("minimum_message_costs.XX", "")]:
        done = amora("sites", "set", "amora.test", key, value)
        assert done.exit_code == 0, (key, value, done.output)
    shown = json.loads(amora("sites", "show", "amora.test", "--json").stdout)
    assert shown["countries"] == ["NL", "DE", "CH"]
    assert shown["entry_popup_countries"] == ["GB"]
    assert shown["minimum_message_costs"]["CH"] == {"costs": 15, "currency": "CHF"}
    assert (shown["refund_days"], shown["support_email"]) == (365, "help@amora.example")
    assert shown["support_phone"] == "+31 20 808 0100"  # read as Dutch: the first country


def _member(email_address: str, language: str = "en", host: str = "amora.test") -> int:
    login = context.container().signup().sign_up(host, SignupForm(
        email=email_address, name=email_address.split("@")[0].title(),
        date_of_birth="1980-01-01", password=PASSWORD, gender="female"),
        Visitor(ip="192.0.2.1", user_agent=None, language=language))
    with context.container().engine().begin() as connection:  # confirmed their address
        connection.execute(update(members).where(members.c.id == login.member.id)
                           .values(status="active", activated_at=login.member.created_at))
    return int(login.member.id)


def test_rename_keeps_the_old_domain_the_sites(amora: Any) -> None:
    ann = _member("ann@example.com")
    done = amora("sites", "rename", "amora.test", "Amora.Example", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == {"id": 1, "domain": "amora.example",
                                      "redirects_from": "amora.test"}
    shown = json.loads(amora("sites", "show", "amora.example", "--json").stdout)
    assert shown["former_domains"] == ["amora.test"]
    _refused(amora("sites", "show", "amora.test"), "No site with domain amora.test")
    [audit] = _audit("sites.rename")
    assert (audit["actor"], audit["subject"], audit["details"]) == (
        "ops", "amora.example", {"from": "amora.test", "to": "amora.example"})
    # The member is still the site's, and logs in on either name.
    sign_in = context.container().sign_in()
    visitor = Visitor(ip="192.0.2.1", user_agent=None, language="en")
    for host in ("amora.example", "amora.test"):
        assert sign_in.log_in(host, "ann@example.com", PASSWORD, visitor).member.id == ann

    # The old domain is no one else's: not a new site's, not another's new name.
    assert amora("sites", "add", "flirt.test", "--company", "1").exit_code == 0
    before = _state()
    _refused(amora("sites", "add", "amora.test", "--company", "1"),
             "amora.test is a former domain of amora.example and redirects there")
    _refused(amora("sites", "rename", "flirt.test", "amora.test"), "a former domain of")
    _refused(amora("sites", "rename", "flirt.test", "amora.example"),
             "Another site already uses amora.example")
    _refused(amora("sites", "rename", "flirt.test", "flirt.test"), "at flirt.test already")
    _refused(amora("sites", "rename", "flirt.test", "not a domain"), "Invalid value for domain")
    _refused(amora("sites", "rename", "nope.test", "new.test"), "No site with domain nope.test")
    assert _state() == before

    # `sites set ... domain` is the same rename; renaming back takes the old name back.
    assert amora("sites", "set", "amora.example", "domain", "amora.test").exit_code == 0
    shown = json.loads(amora("sites", "show", "amora.test", "--json").stdout)
    assert shown["former_domains"] == ["amora.example"]
    assert [a["details"]["to"] for a in _audit("sites.rename")] == ["amora.example",
                                                                    "amora.test"]


def _mails(to: str) -> list[email.message.EmailMessage]:
    folder = context.container().config().mail_dir
    found = [read_mail(path)
             for path in sorted(folder.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns)]
    return [mail for mail in found if mail["To"] == to]


def _text(mail: email.message.EmailMessage) -> str:
    return plain_text(mail)


def _pending(name: str) -> list[Any]:
    with context.container().engine().connect() as connection:
        return [job_of(row.name, row.args) for row in connection.execute(
            select(outbox).where(outbox.c.name == name).order_by(outbox.c.id))]


def test_close_stops_signups_and_purchases_and_tells_every_member(amora: Any) -> None:
    container = context.container()
    with container.unit_of_work() as work:
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=100, price=1499,
                                               currency="EUR")])
        work.commit()
    ann, bea = _member("ann@example.com", "de"), _member("bea@example.com", "nl")
    unconfirmed = container.signup().sign_up("amora.test", SignupForm(
        email="cid@example.com", name="Cid", date_of_birth="1980-01-01", password=PASSWORD,
        gender="female"), Visitor(ip="192.0.2.1", user_agent=None, language="en")).member
    container.tasks().drain()  # the activation mails
    checkout, moderation = container.checkout(), container.moderation()
    bundle = container.prices().bundles(moderation.show(ann)).bundles[0].id
    started = checkout.start(moderation.show(ann), bundle, "ideal", delivery_consent=True)
    container.payment_gateway().choose(started.payment_id, "paid")  # the payer's click
    with container.engine().begin() as connection:  # the webhook's call, made here
        connection.execute(delete(outbox).where(outbox.c.name == "sandbox_webhook"))
    container.settlement().webhook("sandbox", started.payment_id)

    # Not on a terminal and without --yes: nothing happens; --dry-run says what would.
    before = _state()
    _refused(amora("sites", "close", "amora.test", "--reason", "Brand retired"),
             "add --yes")
    dry = amora("sites", "close", "amora.test", "--reason", "Brand retired", "--dry-run",
                "--json")
    assert json.loads(dry.stdout) == {"domain": "amora.test", "closed": False,
                                      "members_to_mail": 2, "dry_run": True}
    missing = amora("sites", "close", "amora.test", "--yes")
    assert missing.exit_code == 2 and "--reason" in missing.stderr
    assert _state() == before

    closed = amora("sites", "close", "amora.test", "--reason", "Brand retired", "--yes",
                   "--actor", "alice", "--json")
    assert closed.exit_code == 0, closed.output
    assert json.loads(closed.stdout) == {"domain": "amora.test", "closed": True,
                                         "members_to_mail": 2}
    [audit] = _audit("sites.close")
    assert (audit["actor"], audit["subject"], audit["details"]) == (
        "alice", "amora.test", {"reason": "Brand retired"})
    listed = json.loads(amora("sites", "list", "--json").stdout)
    assert [site["closed"] for site in listed] == [True]
    shown = json.loads(amora("sites", "show", "amora.test", "--json").stdout)
    assert shown["closed_reason"] == "Brand retired" and shown["closed_at"]
    _refused(amora("sites", "close", "amora.test", "--reason", "again", "--yes"),
             "amora.test is closed already")

    # No sign-up, no purchase (by card or debit), in one refusal each.
    visitor = Visitor(ip="192.0.2.9", user_agent=None, language="en")
    with pytest.raises(DomainError) as refused:
        container.signup().sign_up("amora.test", SignupForm(
            email="dan@example.com", name="Dan", date_of_birth="1980-01-01",
            password=PASSWORD, gender="male"), visitor)
    assert (refused.value.code, refused.value.params) == ("site_closed", {"sitename": "Amora"})
    for attempt in (lambda: checkout.start(moderation.show(bea), bundle, "ideal",
                                           delivery_consent=True),
                    lambda: checkout.repeat(moderation.show(ann), delivery_consent=True),
                    lambda: container.direct_debit().send_code(moderation.show(bea),
                                                               "+31 6 12345678")):
        with pytest.raises(DomainError) as refused:
            attempt()
        assert refused.value.code == "site_closed"
    with container.engine().connect() as connection:
        assert connection.execute(select(func.count()).select_from(orders)).scalar() == 1

    # Members keep their rights: logging in, the data export, refunds, deletion.
    login = container.sign_in().log_in("amora.test", "ann@example.com", PASSWORD, visitor)
    assert login.member.id == ann
    container.step_up().confirm_password(ann, login.token, PASSWORD, "192.0.2.9")
    container.data_export().request(moderation.show(ann), login.token)
    refunded = amora("orders", "refund", str(started.order), "--reason", "Site closed",
                     "--yes")
    assert refunded.exit_code == 0, refunded.output
    with container.engine().connect() as connection:
        assert connection.execute(select(orders.c.status)).scalar() == "refunded"

    # Each confirmed member is mailed once, in their language (not the unconfirmed one).
    assert _pending("site_closed_mails") == [SiteClosedMails(1, 0)]
    container.tasks().drain()
    [german] = [m for m in _mails("ann@example.com") if m["Subject"] == "Amora schließt"]
    assert "kann sich niemand mehr registrieren" in _text(german)
    assert "/settings" in _text(german)
    [dutch] = [m for m in _mails("bea@example.com") if m["Subject"] == "Amora sluit"]
    assert "Je rechten volgens ons terugbetalingsbeleid blijven hetzelfde" in _text(dutch)
    assert "Brand retired" not in _text(dutch)  # the operators' reason is theirs
    assert not [m for m in _mails(unconfirmed.email) if "closing" in m["Subject"]]
    assert _pending("account_mail") == [] and _pending("site_closed_mails") == []
    container.account_closing().delete(bea, "closing", PASSWORD, "192.0.2.9")
    assert moderation.show(bea).status.value == "deleted"

    # Reopened: sign-ups again; audit names who.
    assert amora("sites", "reopen", "amora.test", "--actor", "bob").exit_code == 0
    assert [a["actor"] for a in _audit("sites.reopen")] == ["bob"]
    assert container.signup().sign_up("amora.test", SignupForm(
        email="dan@example.com", name="Dan", date_of_birth="1980-01-01", password=PASSWORD,
        gender="male"), visitor).member.site_id == 1
    _refused(amora("sites", "reopen", "amora.test"), "amora.test is not closed")


def test_closure_mails_go_out_a_batch_at_a_time_and_stop_when_reopened(
        amora: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("application.sites.MAIL_BATCH", 2)
    people = [_member(f"m{n}@example.com") for n in range(5)]
    container = context.container()
    container.tasks().drain()
    assert amora("sites", "close", "amora.test", "--reason", "Closing", "--yes").exit_code == 0
    administration = container.site_administration()
    assert administration.tell_members(1, 0) == 2
    assert [mail.member_id for mail in _pending("account_mail")] == people[:2]
    assert _pending("site_closed_mails")[-1] == SiteClosedMails(1, people[1])
    assert administration.tell_members(1, people[1]) == 2
    assert amora("sites", "reopen", "amora.test").exit_code == 0
    assert administration.tell_members(1, people[3]) == 0  # open again: the rest not told
    assert [mail.member_id for mail in _pending("account_mail")] == people[:4]
