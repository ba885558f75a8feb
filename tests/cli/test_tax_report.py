"""`amora tax report` (issue 34.5) on SQLite and PostgreSQL: a quarter's net and VAT per
company, country and rate, sales counted in the quarter they were paid, money given back
in the quarter at its order's rate (a refund of an earlier quarter's sale on a line of
that period), amounts in currency units; --company, --csv, --json, tab-separated when
piped; a bad quarter or an unknown company is one Error: line."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select
from typer.testing import CliRunner

from adapters.sql.tables import bundles, order_refunds, orders
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from domain.sites import Address
from domain.vat import vat_share
from tests.conftest import sample_company, sample_site, seed_default_site

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


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


class Shop:
    """Orders and refunds written as the shop keeps them, at chosen moments."""

    def __init__(self) -> None:
        container = context.container()
        with container.unit_of_work() as work:
            nordic = work.companies.add(sample_company(
                name="Nordisk Dating AS", kvk="NO987654321",
                addresses=(Address("Karl Johans gate 1", "0154", "Oslo", "NO"),),
                vat_numbers=("NO987654321MVA",)))
            self.nordic_site = work.sites.add(sample_site(
                nordic.id, domain="flirt.test", name="Flirt", is_default=False)).id
            work.commit()
        self.member = container.signup().sign_up("amora.test", SignupForm(
            email="ann@example.com", name="Ann", date_of_birth="1980-01-01",
            password="long enough words", gender="female", country="NL"),
            Visitor(ip="192.0.2.1", user_agent=None, language="en")).member.id
        with container.engine().begin() as connection:
            self.bundle = connection.execute(insert(bundles).values(
                site_id=1, credits=100, price=1499, currency="EUR", position=0)
                .returning(bundles.c.id)).scalar_one()

    def order(self, paid: str, amount: int, country: str, rate_bp: int,
              currency: str = "EUR", site: int = 1) -> int:
        net, vat = vat_share(amount, rate_bp)
        with context.container().engine().begin() as connection:
            return int(connection.execute(insert(orders).values(
                member_id=self.member, site_id=site, bundle_id=self.bundle, credits=100,
                amount=amount, currency=currency, method="creditcard", status="paid",
                provider="sandbox", created_at=at(paid), paid_at=at(paid), country=country,
                vat_country=country, vat_rate_bp=rate_bp, vat_amount=vat, net_amount=net,
                consent_version="2026-11", consent_at=at(paid))
                .returning(orders.c.id)).scalar_one())

    def refund(self, order: int, amount: int, when: str, kind: str = "refunded") -> None:
        with context.container().engine().begin() as connection:
            connection.execute(insert(order_refunds).values(
                order_id=order, amount=amount, credits=0, missing=0, kind=kind,
                reason="test", actor="ops", created_at=at(when)))


@pytest.fixture
def shop(amora: Any) -> Shop:
    made = Shop()
    nl = made.order("2026-10-05 10:00:00", 1499, "NL", 2100)
    refunded = made.order("2026-11-01 09:00:00", 2999, "NL", 2100)
    made.refund(refunded, 1000, "2026-11-02 09:00:00")
    made.refund(refunded, 1999, "2026-11-03 09:00:00", kind="charged_back")
    made.order("2026-12-31 23:59:59", 1499, "DE", 1900)
    made.order("2027-01-01 00:00:00", 1499, "DE", 1900)  # the next quarter
    summer = made.order("2026-09-30 23:00:00", 1499, "DE", 1900)  # the last quarter
    made.refund(summer, 500, "2026-10-01 08:00:00")
    made.order("2026-10-20 12:00:00", 14900, "NO", 2500, currency="NOK")
    made.order("2026-11-11 11:00:00", 1200, "US", 0, currency="USD")
    made.order("2026-11-12 12:00:00", 14900, "NO", 2500, currency="NOK",
               site=made.nordic_site)
    assert nl
    return made


def lines(result: Any) -> list[dict[str, Any]]:
    assert result.exit_code == 0, result.output
    answer: list[dict[str, Any]] = json.loads(result.stdout)["lines"]
    return answer


def test_a_quarters_net_and_vat_per_country_and_rate(amora: Any, shop: Shop) -> None:
    found = amora("tax", "report", "--quarter", "2026Q4", "--company", "Amora Media B.V.",
                  "--json")
    data = json.loads(found.stdout)
    assert (data["quarter"], data["from"], data["until"]) == ("2026Q4", "2026-10-01",
                                                              "2027-01-01")
    assert data["companies"] == [{"id": 1, "name": "Amora Media B.V.", "country": "NL",
                                  "vat_numbers": ["NL123456789B01"]}]
    got = [(line["scheme"], line["country"], line["rate"], line["currency"], line["period"],
            line["orders"], line["net"], line["vat"], line["refunds"], line["refunded_net"],
            line["refunded_vat"], line["net_due"], line["vat_due"]) for line in lines(found)]
    assert got == [
        # 1499 + 2999 at 21 %: VAT 260.16 → 2.60 and 520.49 → 5.20; the second all given
        # back (a refund, then a chargeback): its VAT back exactly, 1.74 + 3.46.
        ("domestic", "NL", "21", "EUR", "2026Q4", 2, "37.18", "7.80", 2, "24.79", "5.20",
         "12.39", "2.60"),
        ("oss", "DE", "19", "EUR", "2026Q4", 1, "12.60", "2.39", 0, "0.00", "0.00",
         "12.60", "2.39"),
        # A refund in October of a September sale: a correction of the third quarter.
        ("oss", "DE", "19", "EUR", "2026Q3", 0, "0.00", "0.00", 1, "4.20", "0.80",
         "-4.20", "-0.80"),
        ("voec", "NO", "25", "NOK", "2026Q4", 1, "119.20", "29.80", 0, "0.00", "0.00",
         "119.20", "29.80"),
        ("outside", "US", "0", "USD", "2026Q4", 1, "12.00", "0.00", 0, "0.00", "0.00",
         "12.00", "0.00"),
    ]


def test_every_company_by_default_each_by_its_own_country(amora: Any, shop: Shop) -> None:
    every = lines(amora("tax", "report", "--quarter", "2026q4", "--json"))
    assert {line["company"] for line in every} == {"Amora Media B.V.", "Nordisk Dating AS"}
    [nordic] = [line for line in every if line["company"] == "Nordisk Dating AS"]
    assert (nordic["scheme"], nordic["country"], nordic["vat"]) == ("domestic", "NO", "29.80")
    assert lines(amora("tax", "report", "--quarter", "2026Q4", "--company", "2",
                       "--json")) == [nordic]
    # The next quarter: the sale of 1 January only.
    [january] = lines(amora("tax", "report", "--quarter", "2027Q1", "--json"))
    assert (january["country"], january["orders"], january["vat"]) == ("DE", 1, "2.39")
    empty = amora("tax", "report", "--quarter", "2025Q1", "--json")
    assert json.loads(empty.stdout)["lines"] == []


def test_csv_and_piped_lines(amora: Any, shop: Shop) -> None:
    made = amora("tax", "report", "--quarter", "2026Q4", "--company", "1", "--csv")
    assert made.exit_code == 0, made.output
    table = list(csv.DictReader(io.StringIO(made.stdout)))
    assert table[0]["vat due"] == "2.60" and table[0]["company"] == "Amora Media B.V."
    assert len(table) == 5
    piped = amora("tax", "report", "--quarter", "2026Q4", "--company", "1")
    header, first, *rest = piped.stdout.splitlines()
    assert header.split("\t")[:6] == ["company", "scheme", "country", "rate", "currency",
                                      "period"]
    assert header.split("\t")[-2:] == ["net_due", "vat_due"]
    assert first.split("\t")[1:6] == ["domestic", "NL", "21", "EUR", "2026Q4"]
    assert len(rest) == 4


@pytest.mark.parametrize(("args", "said"), [
    (["--quarter", "2026Q5"], "Error: Invalid quarter 2026Q5 (a year and its quarter, "
                              "e.g. 2026Q4)\n"),
    (["--quarter", "Q4"], "Error: Invalid quarter Q4 (a year and its quarter, e.g. 2026Q4)\n"),
    (["--quarter", "2026Q4", "--company", "Nobody Ltd"], "Error: No such company Nobody Ltd\n"),
    (["--quarter", "2026Q4", "--company", "99"], "Error: No such company 99\n"),
])
def test_bad_input_is_one_error_line(amora: Any, shop: Shop, args: list[str],
                                     said: str) -> None:
    refused = amora("tax", "report", *args)
    assert (refused.exit_code, refused.stdout, refused.stderr) == (1, "", said)


def test_the_orders_as_the_shop_records_them(amora: Any, shop: Shop) -> None:
    """What the report reads is what the columns hold (the receipts read them too)."""
    with context.container().engine().connect() as connection:
        first = connection.execute(select(orders).order_by(orders.c.id)).mappings().first()
    assert first is not None
    assert (first["vat_country"], first["vat_rate_bp"], first["vat_amount"],
            first["net_amount"]) == ("NL", 2100, 260, 1239)
