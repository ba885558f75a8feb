"""Money commands that cannot slip (issue 32.4), on SQLite and PostgreSQL with the sandbox
gateway: `amora orders list` by member, time, status and site; `amora orders refund` with a
reason, a partial amount, the plan first (the same one --dry-run prints), a question on a
terminal and a refusal without one unless --yes; money typed and printed in currency
units; `amora bundles set` changing only the bundles named and `amora bundles remove`.
A refused command is one `Error:` line and changes nothing."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select as query
from typer.testing import CliRunner

from adapters.sql.tables import (
    audit_log,
    bundles,
    credit_ledger,
    discount_codes,
    member_flags,
    members,
    order_refunds,
    orders,
    sandbox_payments,
)
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import confirm, context
from cli.main import app
from tests.conftest import seed_default_site

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture
def amora(database_url: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("AMORA_OPERATOR", "ops")
    context.container.cache_clear()
    seed_default_site(context.container())
    yield lambda *args, **kw: runner.invoke(app, list(args), **kw)
    context.container().engine().dispose()
    context.container.cache_clear()


def _member(email: str = "ann@example.com") -> Any:
    """A member who signed up a month ago: no time bonus or welcome discount now."""
    member_id = context.container().signup().sign_up("amora.test", SignupForm(
        email=email, name="Ann", date_of_birth="1980-01-01", password="long enough words",
        gender="female", country="NL"), Visitor(ip="192.0.2.1", user_agent=None,
                                                language="en")).member.id
    with context.container().engine().begin() as connection:
        connection.execute(members.update().where(members.c.id == member_id).values(
            created_at=datetime.now(UTC) - timedelta(days=30)))
    with context.container().unit_of_work() as work:
        return work.members.get(member_id)


def _paid_order(amora: Any, member: Any = None, credits: int = 300) -> int:
    """An order paid through the sandbox gateway, as a member pays one."""
    if not _rows(bundles):
        assert amora("bundles", "set", "amora.test", "EUR", "100:10,300:24").exit_code == 0
    member = member or _member()
    offered = {b.credits: b.id for b in context.container().shop_administration()
               .bundles("amora.test")}
    started = context.container().checkout().start(member, offered[credits], "creditcard",
                                                   delivery_consent=True)
    context.container().payment_gateway().choose(started.payment_id, "paid")
    context.container().settlement().webhook("sandbox", started.payment_id)
    return started.order


def _spend(member_id: int, credits: int) -> None:
    context.container().credits().revoke(member_id, credits, "spent in a test", "pytest")


def _rows(table: Any) -> list[dict[str, Any]]:
    with context.container().engine().connect() as connection:
        return [dict(row) for row in connection.execute(
            query(table).order_by(*table.primary_key.columns)).mappings()]


def _state() -> dict[str, Any]:
    """Everything a refund or a price change could touch."""
    return {table.name: _rows(table) for table in (
        orders, order_refunds, credit_ledger, member_flags, audit_log, sandbox_payments,
        bundles, discount_codes)}


def _said(result: Any) -> str:
    """Standard output as one line (a terminal's width wraps long lines)."""
    return " ".join(result.stdout.split())


def _json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _refused(result: Any, exit_code: int = 1) -> str:
    assert result.exit_code == exit_code, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, (
        result.stderr)
    return str(result.stderr)


def _on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard input as a terminal (CliRunner's never is): the command asks."""
    monkeypatch.setattr(confirm, "is_terminal", lambda: True)


def test_a_refund_not_confirmed_on_a_terminal_changes_nothing(
        amora: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    order = _paid_order(amora)
    _on_a_terminal(monkeypatch)
    before = _state()
    for answer in ("n\n", "\n", "maybe\nno\n", ""):  # no, the default, no again, end of input
        result = amora("orders", "refund", str(order), "--reason", "double charge",
                       input=answer)
        assert result.exit_code == 1, result.output
        assert "Refund of order" in result.stdout and "[y/N]" in result.stdout
        assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
        assert _state() == before
    said_yes = amora("orders", "refund", str(order), "--reason", "double charge", input="y\n")
    assert said_yes.exit_code == 0, said_yes.output
    assert "Refunded 24.00 EUR of order" in _said(said_yes)
    assert _rows(orders)[0]["status"] == "refunded"


def test_without_a_terminal_a_refund_needs_yes(amora: Any) -> None:
    order = _paid_order(amora)
    before = _state()
    refused = _refused(amora("orders", "refund", str(order), "--reason", "x"), 2)
    assert "not a terminal" in refused and "--yes" in refused
    assert _state() == before
    # --json keeps standard output for the outcome; the plan goes to standard error.
    done = amora("orders", "refund", str(order), "--reason", "x", "--yes", "--json")
    assert done.exit_code == 0, done.output
    assert "Refund of order" in done.stderr
    outcome = json.loads(done.stdout)
    assert outcome["order"]["status"] == "refunded"
    assert (outcome["refund"]["amount"], outcome["refund"]["currency"]) == ("24.00", "EUR")
    assert (outcome["refundable"], outcome["balance"]) == ("0.00", 0)


def test_a_partial_refund_takes_back_its_share_and_refunds_add_up(amora: Any) -> None:
    member = _member()
    order = _paid_order(amora, member)  # 300 credits for 24.00
    _spend(member.id, 250)  # 50 left
    plan = _json(amora("orders", "refund", str(order), "--reason", "late", "--amount", "12",
                       "--dry-run", "--json"))
    assert plan == {
        "order": order, "member": member.id, "currency": "EUR", "paid": "24.00",
        "refunded_before": "0.00", "amount": "12.00", "remaining": "12.00", "credits": 300,
        "credits_back": 150, "credits_taken": 50, "credits_spent": 100, "balance": 50,
        "balance_after": 0, "status_after": "paid", "dry_run": True}
    shown = amora("orders", "refund", str(order), "--reason", "late", "--amount", "12",
                  "--dry-run")
    assert "cannot take back 100: spent already" in _said(shown)
    assert "Dry run: nothing changed." in _said(shown)
    first = amora("orders", "refund", str(order), "--reason", "late", "--amount", "12.00",
                  "--yes", "--actor", "alice")
    assert first.exit_code == 0, first.output
    assert "Took back 50 credits; 100 spent already (flagged). Balance 0." in _said(first)
    [stored] = _rows(orders)
    assert (stored["status"], stored["refunded"]) == ("paid", 1200)
    assert _rows(sandbox_payments)[0]["refunded"] == 1200  # the gateway refunded as much
    [flag] = _rows(member_flags)
    assert flag["details"] == {"order": order, "missing": 100, "status": "refunded"}
    [entry] = [a for a in _rows(audit_log) if a["action"] == "orders.refund"]
    assert entry["actor"] == "alice" and entry["details"]["reason"] == "late"
    assert entry["details"]["amount"] == "12.00"

    over = _refused(amora("orders", "refund", str(order), "--reason", "x", "--amount",
                          "12.01", "--yes"))
    assert "12.00 EUR left to refund, not 12.01" in over
    context.container().credits().grant(member.id, 500, "goodwill", "pytest")
    second = _json(amora("orders", "refund", str(order), "--reason", "rest", "--yes",
                         "--json"))  # without --amount: all that is left
    assert (second["refund"]["amount"], second["refund"]["credits_taken"]) == ("12.00", 150)
    assert second["order"]["status"] == "refunded" and second["order"]["refunded"] == "24.00"
    shown_order = _json(amora("orders", "show", str(order), "--json"))
    assert [(r["amount"], r["credits_taken"], r["credits_spent"], r["reason"], r["actor"])
            for r in shown_order["refunds"]] == [("12.00", 50, 100, "late", "alice"),
                                                 ("12.00", 150, 0, "rest", "ops")]
    assert shown_order["refundable"] == "0.00"
    again = _refused(amora("orders", "refund", str(order), "--reason", "x", "--yes"))
    assert "only a paid order can be refunded" in again
    revenue = _json(amora("stats", "revenue", "--json"))
    assert [(r["paid"], r["refunds"], r["refunded"], r["net"]) for r in revenue] == [
        ("24.00", 2, "24.00", "0.00")]


def test_a_dry_run_changes_nothing(amora: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    order = _paid_order(amora)
    before = _state()
    for terminal in (False, True):  # never asks, with or without a terminal
        if terminal:
            _on_a_terminal(monkeypatch)
        result = amora("orders", "refund", str(order), "--reason", "x", "--dry-run")
        assert result.exit_code == 0, result.output
        assert "money back 24.00 EUR of 24.00 EUR paid" in _said(result)
        assert "[y/N]" not in result.stdout
    assert _state() == before


@pytest.mark.parametrize(("args", "says"), [
    (("--amount", "0"), "more than 0.00"),
    (("--amount", "-5"), "never negative"),
    (("--amount", "5.001"), "at most two decimals"),
    (("--amount", "5,00"), "no amount of money"),
    (("--amount", "1e3"), "no amount of money"),
    (("--amount", "nan"), "no amount of money"),
    (("--amount", "1_000"), "no amount of money"),
    (("--amount", "\u0665"), "no amount of money"),
    (("--amount", "99999999"), "surely a typo"),
    (("--amount", "24.01"), "left to refund"),
    (("--reason", " "), "Give a --reason"),
    ((), "Missing option '--reason'"),
])
def test_bad_refunds_are_one_line_and_change_nothing(amora: Any, args: tuple[str, ...],
                                                     says: str) -> None:
    order = _paid_order(amora)
    before = _state()
    reason = () if "--reason" in args or not args else ("--reason", "x")
    result = amora("orders", "refund", str(order), *reason, *args, "--yes")
    assert says in _refused(result, result.exit_code if result.exit_code in (1, 2) else 1)
    assert _state() == before


def test_a_refund_after_the_refund_period_or_of_an_unpaid_order_is_refused(
        amora: Any) -> None:
    order = _paid_order(amora)
    assert amora("sites", "set", "amora.test", "refund_days", "0").exit_code == 0
    before = _state()
    assert "refund period (0 days" in _refused(amora("orders", "refund", str(order),
                                                     "--reason", "x", "--yes"))
    assert "No such order" in _refused(amora("orders", "refund", "999", "--reason", "x",
                                             "--yes"))
    assert _state() == before


def test_a_refund_the_gateway_refuses_changes_nothing(amora: Any) -> None:
    """The gateway is asked before anything is written: its no leaves the order, the
    credits and the audit log as they were."""
    order = _paid_order(amora)
    with context.container().engine().begin() as connection:  # refunded at the provider
        connection.execute(sandbox_payments.update().values(refunded=2000))
    before = _state()
    refused = _refused(amora("orders", "refund", str(order), "--reason", "x", "--yes"))
    assert "sandbox refused the refund of order" in refused and "nothing changed" in refused
    assert _state() == before
    assert _refused(amora("orders", "refund", str(order), "--reason", "x", "--amount", "5",
                          "--yes")) and _state() == before
    done = amora("orders", "refund", str(order), "--reason", "x", "--amount", "4", "--yes")
    assert done.exit_code == 0, done.output


def test_orders_are_listed_by_member_time_status_and_site(amora: Any) -> None:
    ann, bob = _member(), _member("bob@example.com")
    first = _paid_order(amora, ann, 100)
    second = _paid_order(amora, bob, 300)
    listed = _json(amora("orders", "list", "--json"))
    assert [o["id"] for o in listed] == [second, first]  # newest first
    assert listed[0] == {**listed[0], "member": bob.id, "site": "amora.test",
                         "amount": "24.00", "refunded": "0.00", "currency": "EUR",
                         "status": "paid"}
    assert [o["id"] for o in _json(amora("orders", "list", "--member", str(ann.id),
                                         "--json"))] == [first]
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%d")
    assert _json(amora("orders", "list", "--since", tomorrow, "--json")) == []
    assert len(_json(amora("orders", "list", "--since", "2020-01-01", "--status", "paid",
                           "--site", "amora.test", "--limit", "1", "--json"))) == 1
    assert _json(amora("orders", "list", "--status", "refunded", "--json")) == []
    assert _json(amora("orders", "list", "--status", "open", "--json")) == []
    assert "bogus is no order status" in _refused(amora("orders", "list", "--status",
                                                        "bogus"))
    assert "No such member" in _refused(amora("orders", "list", "--member", "999"))
    _refused(amora("orders", "list", "--since", "yesterday"), 2)


def test_bundles_set_changes_only_the_bundles_named(amora: Any) -> None:
    assert amora("bundles", "set", "amora.test", "EUR", "100:14.99,250:29.99,600:59.99",
                 "--json").exit_code == 0
    kept = {b["credits"]: b["id"] for b in _json(amora("bundles", "list", "amora.test",
                                                      "--json"))}
    changed = _json(amora("bundles", "set", "amora.test", "eur", "250:27.50,1000:89",
                          "--json"))
    assert changed["currency"] == "EUR" and changed["removed"] == []
    assert [(b["credits"], b["price"], b["change"]) for b in changed["bundles"]] == [
        (100, "14.99", ""), (250, "27.50", "was 29.99"), (600, "59.99", ""),
        (1000, "89.00", "added")]
    now = {b["credits"]: b["id"] for b in changed["bundles"]}
    assert (now[100], now[600]) == (kept[100], kept[600])  # the same bundles: ids kept
    assert now[250] != kept[250]
    table = amora("bundles", "set", "amora.test", "EUR", "100:15.99")
    assert table.exit_code == 0 and "was 14.99" in _said(table) and "59.99" in _said(table)
    removed = _json(amora("bundles", "remove", "amora.test", "EUR", "600", "1000", "--json"))
    assert [b["credits"] for b in removed["bundles"]] == [100, 250]
    assert removed["removed"] == [{"credits": 600, "price": "59.99"},
                                  {"credits": 1000, "price": "89.00"}]
    gone = amora("bundles", "remove", "amora.test", "EUR", "250")
    assert gone.exit_code == 0 and "removed 250 credits at 27.50 EUR" in _said(gone)
    actions = [a["action"] for a in _rows(audit_log)]
    assert actions == ["bundles.set"] * 3 + ["bundles.remove"] * 2
    before = _state()
    for args, says in (
            (("remove", "amora.test", "EUR", "100"), "The last EUR bundle stays"),
            (("remove", "amora.test", "EUR", "300"), "No 300-credit bundle on offer in EUR"),
            (("remove", "amora.test", "EUR", "many"), "Invalid bundle many"),
            (("set", "amora.test", "EUR", "100:-1"), "Invalid bundle 100:-1"),
            (("set", "amora.test", "EUR", "100:1.999"), "Invalid bundle 100:1.999"),
            (("set", "amora.test", "EUR", "100:1,100:2"), "named twice"),
            (("set", "amora.test", "EUR", "1:1,2:1,3:1,4:1,5:1,6:1,7:1,8:1"),
             "EUR would have 9 bundles: at most 8"),
            (("set", "nope.test", "EUR", "100:1"), "No site with domain nope.test")):
        assert says in _refused(amora("bundles", *args))
    assert _state() == before


def test_a_discounts_minimum_is_typed_and_shown_in_currency_units(amora: Any) -> None:
    made = _json(amora("discounts", "create", "SPRING10", "10", "--minimum", "20.00",
                       "--currency", "EUR", "--json"))
    assert (made["minimum"], made["currency"]) == ("20.00", "EUR")
    with context.container().engine().connect() as connection:
        stored = connection.execute(query(discount_codes.c.minimum_order_value)).scalar()
    assert stored == 2000  # cents, as ever
    assert _json(amora("discounts", "show", "spring10", "--json"))["minimum"] == "20.00"
    assert "orders from 20.00 EUR" in _said(amora("discounts", "create", "AUTUMN", "5",
                                                  "--minimum", "20", "--currency", "eur"))
    before = _state()
    for minimum, says in (("20.001", "at most two decimals"), ("-20", "never negative"),
                          ("20 EUR", "no amount of money"), ("5000000", "surely a typo")):
        assert says in _refused(amora("discounts", "create", "WINTER", "10", "--minimum",
                                      minimum))
    assert _state() == before


def test_a_refund_on_a_real_terminal_asks_and_a_no_changes_nothing(amora: Any,
                                                                    database_url: str,
                                                                    tmp_path: Path) -> None:
    """The real thing once: `amora` in a pseudo-terminal, answering no, then yes."""
    order = _paid_order(amora)
    context.container().engine().dispose()
    before = _state()
    env = {**os.environ, "VAR_DIR": str(tmp_path), "DATABASE_URL": database_url,
           "AMORA_OPERATOR": "ops", "COLUMNS": "100"}

    def run(answer: bytes) -> tuple[int, str]:
        leader, follower = pty.openpty()
        process = subprocess.Popen(
            [sys.executable, "-c", "from cli.main import app; app()", "orders", "refund",
             str(order), "--reason", "double charge"],
            stdin=follower, stdout=follower, stderr=follower, cwd=ROOT, env=env)
        os.close(follower)
        seen, answered = b"", False
        while True:
            ready, _, _ = select.select([leader], [], [], 60)
            assert ready, f"no output within a minute: {seen!r}"
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed: the command ended
                break
            if not chunk:
                break
            seen += chunk
            if not answered and b"[y/N]" in seen:
                os.write(leader, answer)
                answered = True
        os.close(leader)
        return process.wait(timeout=60), seen.decode(errors="replace")

    code, said = run(b"n\n")
    assert code == 1 and "Refund of order" in said and "Error: not confirmed" in said
    assert _state() == before
    code, said = run(b"y\n")
    assert code == 0, said
    assert "Refunded 24.00 EUR" in said
    assert _rows(orders)[0]["status"] == "refunded"
