"""Launching and running a brand from the command line (issue 20): companies, sites,
scoped discount codes, moderation at scale and --json, on a real SQLite database."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import func, select

from adapters.sql import tables as t
from cli import context
from domain.members import Member
from tests.cli.conftest import Amora
from tests.cli.test_cli import _member
from tests.lookups import found

ACME = ("companies", "add", "Acme Media B.V.", "--street", "Keizersgracht 1",
        "--postcode", "1015 CJ", "--city", "Amsterdam", "--country", "nl",
        "--registration", "12345678", "--vat", "NL004495445B01", "--email",
        "support@acme.test", "--phone", "020 123 4567", "--tradename", "Acme",
        "--actor", "ops")


def _json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _audit() -> list[tuple[str, str]]:
    with context.container().engine().connect() as connection:
        return [(row.action, row.subject) for row in connection.execute(
            select(t.audit_log).order_by(t.audit_log.c.id))]


def _count(table: Any) -> int:
    with context.container().engine().connect() as connection:
        return int(connection.execute(select(func.count()).select_from(table)).scalar_one())


def test_companies_are_checked_and_audited(amora: Amora) -> None:
    added = _json(amora(*ACME, "--json"))
    assert (added["country"], added["vat"], added["phone"]) == (
        "NL", ["NL004495445B01"], "+31 20 123 4567")
    before = _count(t.companies)
    for option, value, message in (
            ("--country", "XX", "Invalid country for a company: XX"),
            ("--vat", "NL123456789B01", "Invalid vat for a company: NL123456789B01"),
            ("--registration", "1234", "Invalid registration for a company: 1234"),
            ("--email", "not-an-address", "Invalid email for a company: not-an-address"),
            ("--phone", "12", "Invalid phone for a company: 12")):
        args = list(ACME)
        args[2] = "Other B.V."
        args[args.index(option) + 1] = value
        refused = amora(*args)
        assert refused.exit_code == 1 and refused.stderr == f"Error: {message}\n", option
    twice = amora(*ACME)
    assert twice.exit_code == 1 and "exists already" in twice.stderr
    assert _count(t.companies) == before  # nothing half-added
    changed = _json(amora("companies", "set", "acme media b.v.", "email", "help@acme.test",
                          "--json"))
    assert changed["email"] == "help@acme.test"
    assert amora("companies", "set", "Acme Media B.V.", "vat", "NL1").exit_code == 1
    assert amora("companies", "set", "Acme Media B.V.", "colour", "red").exit_code == 1
    us = _json(amora("companies", "address", "Acme Media B.V.", "--for", "us", "--street",
                     "1209 Orange Street", "--postcode", "19801", "--city", "Wilmington, DE",
                     "--country", "US", "--json"))
    assert us["addresses"] == [{"for": "US", "street": "1209 Orange Street",
                                "postcode": "19801", "city": "Wilmington, DE",
                                "country": "US"}]
    shown = _json(amora("companies", "show", str(added["id"]), "--json"))
    assert shown["addresses"][0]["for"] == "US" and shown["registration"] == "12345678"
    assert amora("companies", "address", "Acme Media B.V.", "--for", "US",
                 "--remove").exit_code == 0
    assert amora("companies", "address", "Acme Media B.V.", "--for", "US",
                 "--remove").exit_code == 1
    assert "Acme Media B.V." in amora("companies", "list").output
    assert amora("companies", "show", "Nobody").stderr == "Error: No such company Nobody\n"
    assert [a for a in _audit() if a[0].startswith("companies")] == [
        ("companies.add", "Acme Media B.V."), ("companies.set", "Acme Media B.V."),
        ("companies.address", "Acme Media B.V."),
        ("companies.address_removed", "Acme Media B.V.")]


def test_a_site_is_launched_from_a_template_and_removed(amora: Amora) -> None:
    amora(*ACME)
    assert amora("bundles", "set", "amora.test", "EUR", "100:14.99,250:29.99").exit_code == 0
    assert amora("bundles", "set", "amora.test", "USD", "100:16.99").exit_code == 0
    launched = _json(amora("sites", "add", "acme.test", "--company", "Acme Media B.V.",
                           "--name", "Acme", "--niche", "7", "--language", "nl",
                           "--copy-from", "amora.test", "--json"))
    assert launched["bundles"] == 3
    site = _json(amora("sites", "show", "acme.test", "--json"))
    template = _json(amora("sites", "show", "amora.test", "--json"))
    assert (site["name"], site["niche"], site["domain_language"]) == ("Acme", 7, "nl")
    assert site["support_email"] == "support@acme.test" and site["is_default"] is False
    assert site["countries"] == template["countries"]
    assert site["minimum_message_costs"] == template["minimum_message_costs"]
    assert site["index_title"] == template["index_title"]  # names no brand: kept as is
    prices = _json(amora("bundles", "list", "acme.test", "--json"))
    assert [(b["credits"], b["price"], b["currency"]) for b in prices] == [
        (100, "14.99", "EUR"), (250, "29.99", "EUR"), (100, "16.99", "USD")]
    plain = _json(amora("sites", "add", "plain.test", "--company", "1", "--json"))
    assert plain["name"] == "Plain" and plain["bundles"] == 28  # the standard price list
    assert "★" in _json(amora("sites", "show", "plain.test", "--json"))[
        "fictional_warning"]["de"]
    for args, message in (
            (("acme.test", "--company", "1"), "Another site already uses acme.test"),
            (("new.test", "--company", "Nobody"), "No such company Nobody"),
            (("new.test", "--company", "1", "--niche", "9"), "Invalid value for niche: 9"),
            (("new.test", "--company", "1", "--copy-from", "nope.test"),
             "No site with domain nope.test"),
            (("not a domain", "--company", "1"), "Invalid value for domain: not a domain")):
        refused = amora("sites", "add", *args)
        assert refused.exit_code == 1 and refused.stderr == f"Error: {message}\n", args
    assert _count(t.sites) == 3
    assert amora("sites", "remove", "amora.test").exit_code == 1  # the default, with members
    with context.container().unit_of_work() as work:  # a member on acme.test
        work.members.add(attrs_member(found(work.sites.by_domain("acme.test")).id))
        work.commit()
    kept = amora("sites", "remove", "acme.test")
    assert kept.stderr == ("Error: acme.test has 1 members: a site with members cannot be "
                           "removed\n")
    amora("discounts", "create", "PLAIN5", "5", "--site", "plain.test")
    amora("discounts", "create", "BOTH5", "5", "--site", "plain.test", "--site", "acme.test")
    assert _json(amora("sites", "remove", "plain.test", "--json"))["removed"] is True
    codes = {c["code"]: c for c in _json(amora("discounts", "list", "--json"))}
    assert codes["PLAIN5"]["status"] == "disabled" and codes["BOTH5"]["sites"] == ["acme.test"]
    assert _count(t.sites) == 2 and "plain.test" not in amora("sites", "list").output
    assert [a for a in _audit() if a[0].startswith("sites")] == [
        ("sites.add", "acme.test"), ("sites.add", "plain.test"), ("sites.remove", "plain.test")]


def attrs_member(site_id: int) -> Member:
    from datetime import date

    from domain.members import AccountStatus, Profile

    return Member(id=0, site_id=site_id, email="kim@example.com",
                  status=AccountStatus.ACTIVE, language="nl",
                  created_at=datetime(2026, 11, 1, tzinfo=UTC),
                  profile=Profile(name="Kim", gender="female", birth_date=date(1990, 1, 1),
                                  country="NL", sexuality="straight"))


def test_discount_codes_scoped_with_uses_and_revenue(amora: Amora) -> None:
    member_id = _member(amora)
    made = _json(amora("discounts", "create", "VIP20", "20", "--site", "amora.test",
                       "--member", str(member_id), "--currency", "eur", "--json"))
    assert (made["sites"], made["member"], made["currency"]) == (["amora.test"], member_id,
                                                                 "EUR")
    for args, message in ((("--site", "nope.test"), "No site with domain nope.test"),
                          (("--member", "999"), "No such member"),
                          (("--currency", "EURO"),
                           "Invalid currency EURO (three letters, e.g. EUR)")):
        refused = amora("discounts", "create", "BAD20", "20", *args)
        assert refused.exit_code == 1 and refused.stderr == f"Error: {message}\n", args
    with context.container().unit_of_work() as work:  # two paid orders and a refund
        from domain.orders import Order, OrderStatus
        from domain.pricing import Bundle

        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=100, price=1000,
                                               currency="EUR")])
        bundle = work.bundles.of_site(1)[0].id
        now = datetime(2026, 11, 20, tzinfo=UTC)
        for status in (OrderStatus.PAID, OrderStatus.REFUNDED):
            order = work.orders.add(Order(
                id=0, member_id=member_id, site_id=1, bundle_id=bundle, credits=100,
                amount=800, currency="EUR", method="ideal", discount_code="VIP20",
                created_at=now))
            work.orders.advance(order.id, OrderStatus.OPEN, OrderStatus.PAID, now)
            if status is OrderStatus.REFUNDED:
                work.orders.advance(order.id, OrderStatus.PAID, status, now)
        work.commit()
    shown = _json(amora("discounts", "show", "vip20", "--json"))
    assert (shown["uses"], shown["revenue"], shown["sites"]) == (2, {"EUR": "8.00"},
                                                                 ["amora.test"])
    assert "8.00 EUR" in amora("discounts", "show", "VIP20").output
    assert "VIP20" in amora("discounts", "list").output
    assert _json(amora("discounts", "disable", "vip20", "--json"))["status"] == "disabled"
    assert amora("discounts", "show", "NOPE").stderr == "Error: No such discount code\n"


def test_photo_review_pages_through_hundreds(amora: Amora, monkeypatch: pytest.MonkeyPatch) -> None:
    member_id = _member(amora)
    with context.container().unit_of_work() as work:
        ids = [work.photos.add(member_id, f"photos/{member_id}/{n}.jpg",
                               f"photos/{member_id}/{n}_thumb.jpg", False, "pending",
                               datetime(2026, 11, 21, tzinfo=UTC)) for n in range(230)]
        work.commit()
    first = _json(amora("photos", "pending", "--per-page", "100", "--json"))
    assert (first["total"], first["pages"], len(first["photos"])) == (230, 3, 100)
    assert first["photos"][0]["preview"].startswith(
        f"http://127.0.0.1:8000/media/photos/{member_id}/0.jpg?preview=")
    last = _json(amora("photos", "pending", "--per-page", "100", "--page", "3", "--json"))
    assert [p["id"] for p in last["photos"]] == ids[200:]
    piped = amora("photos", "pending", "--per-page", "10").stdout.splitlines()
    assert len(piped) == 11 and piped[0] == (
        "id\tmember\tsite\tuploaded\tstatus\theld\tpreview\tthumbnail")
    assert piped[1].startswith(f"{ids[0]}\t{member_id}\tamora.test\t2026-11-21T00:00:00")
    from cli import output

    monkeypatch.setattr(output.console, "_force_terminal", True)  # a person reads it
    shown = amora("photos", "pending", "--per-page", "10")
    assert "230 photos waiting, page 1 of 23" in shown.output
    assert "Next: amora photos pending --page 2 --per-page 10" in shown.output
    half = amora("photos", "approve", *map(str, ids[:3]), "999999")
    assert half.exit_code == 1 and half.stderr == "Error: No photo 999999\n"
    assert _json(amora("photos", "pending", "--json"))["total"] == 230  # none approved
    assert _json(amora("photos", "approve", *map(str, ids[:3]), "--json")) == {
        "approved": ids[:3]}
    assert amora("photos", "reject", *map(str, ids[3:5]), "--reason", "blurry",
                 "--ground", "terms:photo_rules").exit_code == 0
    assert _json(amora("photos", "pending", "--json"))["total"] == 225
    assert [a[0] for a in _audit()] == ["photos.approve"] * 3 + ["photos.reject"] * 2


def test_members_are_found_by_email_name_or_id(amora: Amora) -> None:
    member_id = _member(amora)
    for search in ("eve@", "EVE", str(member_id)):
        found = _json(amora("members", "list", "--search", search, "--json"))
        assert [m["id"] for m in found] == [member_id], search
    assert _json(amora("members", "list", "--search", "%", "--json")) == []
    assert _json(amora("members", "show", str(member_id), "--json"))["email"] == \
        "eve@example.com"


JSON_COMMANDS = [
    ("sites", "list"), ("sites", "show", "amora.test"), ("sites", "keys"),
    ("sites", "set", "amora.test", "signups", "all"), ("companies", "list"),
    ("companies", "show", "1"), ("members", "list"), ("members", "show", "{member}"),
    ("members", "set-fictional", "{member}", "off"),
    ("members", "ban", "{member}", "--reason", "x", "--ground", "spam"),
    ("members", "unban", "{member}", "--reason", "x"),
    ("members", "block-directdebit", "{member}", "--reason", "x", "--ground", "spam"),
    ("members", "unblock-directdebit", "{member}", "--reason", "x"),
    ("members", "mail-off", "{member}", "bounce"), ("members", "mail-on", "{member}"),
    ("photos", "pending"), ("credits", "grant", "{member}", "5", "--reason", "x"),
    ("credits", "revoke", "{member}", "5", "--reason", "x", "--ground", "spam"),
    ("credits", "ledger", "{member}"),
    ("orders", "list"), ("discounts", "create", "JSON10", "10"), ("discounts", "list"),
    ("bundles", "set", "amora.test", "EUR", "100:9.99"), ("bundles", "list", "amora.test"),
    ("complaints", "list"), ("stats", "bounces"), ("stats", "revenue"), ("stats", "signups"),
    ("stats", "members"), ("demo", "seed", "--members", "0"),
]


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=" ".join)
def test_every_command_speaks_json(amora: Amora, args: tuple[str, ...]) -> None:
    member_id = _member(amora)
    before = {"unban": ("members", "ban", "--ground", "spam"),
              "revoke": ("credits", "grant", "5")}
    if args[1] in before:  # what the command undoes
        assert amora(*before[args[1]][:2], str(member_id), *before[args[1]][2:],
                     "--reason", "x").exit_code == 0
    _json(amora(*(arg.format(member=member_id) for arg in args), "--json"))


BAD = [
    ("companies", "add", "X"), ("companies", "show", "999"), ("companies", "set", "1", "vat"),
    ("sites", "add", "x.test"), ("sites", "add", "x.test", "--company", "1", "--niche", "x"),
    ("sites", "remove", "nope.test"), ("discounts", "create", "X10", "10", "--member", "0"),
    ("discounts", "show", "NOPE"), ("photos", "pending", "--page", "0"),
    ("photos", "approve"), ("photos", "reject", "1"), ("stats", "revenue", "--by", "week"),
    ("stats", "revenue", "--days", "0"), ("stats", "signups", "--site", "nope.test"),
    ("stats", "members", "--days", "nan"),
]


@pytest.mark.parametrize("args", BAD, ids=" ".join)
def test_bad_input_is_one_line(amora: Amora, args: tuple[str, ...]) -> None:
    result = amora(*args)
    assert result.exit_code in (1, 2) and isinstance(result.exception, SystemExit)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
