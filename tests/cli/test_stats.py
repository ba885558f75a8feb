"""`amora stats revenue|signups|members` on SQLite and PostgreSQL: the same figures from
the same history, as tables, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import attrs
import pytest
from typer.testing import CliRunner

from application.ports.shop import Refund
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from domain.members import AccountStatus, Traffic
from domain.orders import Order, OrderStatus
from domain.pricing import Bundle
from tests.conftest import seed_default_site
from tests.lookups import found

runner = CliRunner()


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


def _sign_up(email: str, traffic: Traffic, confirmed: bool) -> int:
    built = context.container()
    login = built.signup().sign_up("amora.test", SignupForm(
        email=email, name=email.split("@")[0].title(), date_of_birth="1985-05-05",
        password="long enough words"), Visitor(ip="192.0.2.1", user_agent=None,
                                               language="en", traffic=traffic))
    if confirmed:
        with built.unit_of_work() as work:
            member = found(work.members.get(login.member.id))
            work.members.save(member, attrs.evolve(member, status=AccountStatus.ACTIVE,
                                                   activated_at=member.created_at))
            work.commit()
    return int(login.member.id)


def _history() -> None:
    """Three signups (two from a partner's video lander, one confirmed there), four paid
    orders in two currencies (one refunded since), one old order, three messages."""
    now = datetime.now(UTC)
    video = Traffic(network="partner", lander="video")
    ann = _sign_up("ann@example.com", video, confirmed=True)
    bob = _sign_up("bob@example.com", video, confirmed=False)
    eve = _sign_up("eve@example.com", Traffic(), confirmed=True)
    with context.container().unit_of_work() as work:
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=c, price=p,
                                               currency="EUR")
                                        for c, p in ((100, 1000), (250, 2000))])
        work.bundles.replace(1, "USD", [Bundle(id=0, site_id=1, credits=100, price=1200,
                                               currency="USD")])
        ids = {(b.credits, b.currency): b.id for b in work.bundles.of_site(1)}
        for member, credits, currency, method, paid, refunded in (
                (ann, 100, "EUR", "ideal", now - timedelta(days=2), None),
                (ann, 250, "EUR", "creditcard", now - timedelta(days=1),
                 now - timedelta(hours=1)),
                (bob, 100, "EUR", "ideal", now - timedelta(days=1), None),
                (eve, 100, "USD", "paypal", now - timedelta(days=1), None),
                (eve, 100, "EUR", "ideal", now - timedelta(days=40), None)):  # too old
            price = {100: 1000, 250: 2000}[credits] if currency == "EUR" else 1200
            order = work.orders.add(Order(
                id=0, member_id=member, site_id=1, bundle_id=ids[(credits, currency)],
                credits=credits, amount=price, currency=currency, method=method,
                created_at=paid))
            work.orders.advance(order.id, OrderStatus.OPEN, OrderStatus.PAID, paid)
            if refunded:  # as the shop refunds: the order, its total and the refund
                work.orders.advance(order.id, OrderStatus.PAID, OrderStatus.REFUNDED, refunded)
                work.orders.give_back(order.id, price)
                work.orders.add_refund(Refund(order_id=order.id, amount=price, credits=credits,
                                              missing=0, kind="refunded", reason="test",
                                              actor="ops", created_at=refunded))
        conversation = work.chats.start(ann, bob, now)
        for sender in (ann, bob, ann):
            work.chats.add_message(conversation, sender, "hi", now, cost=0, free=True)
        premium = found(work.members.get(eve))
        work.members.save(premium, premium.became_premium())
        work.commit()


def _json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_revenue_signups_and_members(amora: Any) -> None:
    _history()
    total = _json(amora("stats", "revenue", "--days", "7", "--json"))
    assert [(r["currency"], r["orders"], r["paid"], r["refunds"], r["refunded"], r["net"])
            for r in total] == [("EUR", 3, "40.00", 1, "20.00", "20.00"),
                                ("USD", 1, "12.00", 0, "0.00", "12.00")]
    by_method = _json(amora("stats", "revenue", "--days", "7", "--by", "method", "--json"))
    assert [(r["method"], r["currency"], r["net"]) for r in by_method] == [
        ("creditcard", "EUR", "0.00"), ("ideal", "EUR", "20.00"), ("paypal", "USD", "12.00")]
    by_bundle = _json(amora("stats", "revenue", "--site", "amora.test", "--by", "bundle",
                            "--json"))
    assert [(r["bundle"], r["currency"], r["orders"]) for r in by_bundle] == [
        ("100", "EUR", 2), ("100", "USD", 1), ("250", "EUR", 1)]  # 30 days: not the old one
    by_source = _json(amora("stats", "revenue", "--days", "7", "--by", "source", "--json"))
    assert [(r["source"], r["currency"], r["paid"]) for r in by_source] == [
        ("-", "USD", "12.00"), ("partner", "EUR", "40.00")]
    by_day = list(csv.DictReader(io.StringIO(amora("stats", "revenue", "--days", "7", "--by",
                                                   "day", "--csv").output)))
    today = datetime.now(UTC).date()
    assert {row["day"] for row in by_day} <= {str(today - timedelta(days=n)) for n in (0, 1, 2)}
    assert sum(float(row["net"]) for row in by_day if row["currency"] == "EUR") == 20.0

    signups = _json(amora("stats", "signups", "--json"))
    assert [(r["lander"], r["source"], r["signups"], r["activated"], r["activation_rate"])
            for r in signups] == [("video", "partner", 2, 1, 0.5), ("-", "-", 1, 1, 1.0)]
    piped = amora("stats", "signups").output.splitlines()  # tab-separated: not a terminal
    assert piped[0] == "site\tlander\tsource\tsignups\tactivated\tactivation_rate\tpaying"
    assert "amora.test\tvideo\tpartner\t2\t1\t0.5\t0" in piped

    [figures] = _json(amora("stats", "members", "--days", "1", "--json"))
    assert (figures["members"], figures["confirmed"], figures["premium"], figures["active"],
            figures["messages"], figures["messages_per_day"]) == (3, 2, 1, 3, 3, 3.0)
    [row] = list(csv.DictReader(io.StringIO(amora("stats", "members", "--csv").output)))
    assert row["site"] == "amora.test" and row["messages per day"] == "0.43"
