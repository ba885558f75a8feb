"""`amora today` (issue 32.6) on SQLite and PostgreSQL, on a seeded day with a stopped
clock: two sites in different time zones (Amsterdam, New York), rows on both sides of
each site's midnight and of "yesterday by this time", and the queues, jobs and server
errors. The counts, --site and the JSON's shape; for people, the figures as they read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from typer.testing import CliRunner

from adapters.sql import tables as t
from application.shared.decisions import held_since
from cli import context, output
from cli.main import app
from cli.today import age
from tests.application.memory_services import FixedClock
from tests.conftest import sample_site, seed_default_site
from tests.lookups import found

runner = CliRunner()
# Saturday 21 November 2026, 14:30 UTC: 15:30 in Amsterdam (whose day began at 23:00 UTC
# the day before), 09:30 in New York (whose day began at 05:00 UTC).
NOW = datetime(2026, 11, 21, 14, 30, tzinfo=UTC)
H = timedelta(hours=1)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=UTC)


@pytest.fixture
def amora(database_url: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    context.container.cache_clear()
    built = context.container()
    built.clock.override(providers.Object(FixedClock(NOW)))
    seed_default_site(built)
    with built.unit_of_work() as work:
        work.sites.add(sample_site(found(work.sites.by_domain("amora.test")).company_id,
                                   domain="flirt.test", name="Flirt", is_default=False,
                                   time_zone="America/New_York"))
        work.commit()
    yield lambda *args: runner.invoke(app, list(args))
    built.engine().dispose()
    context.container.cache_clear()


def _insert(table: Any, *rows: dict[str, Any]) -> None:
    with context.container().engine().begin() as connection:
        connection.execute(table.insert(), list(rows))


def _site(domain: str) -> int:
    with context.container().unit_of_work() as work:
        found = work.sites.by_domain(domain)
        assert found is not None
        return found.id


MEMBER_ID = iter(range(1, 1000))


def _member(site: int, created: datetime, *, activated: datetime | None = None,
            paid: bool = False, fictional: bool = False, status: str = "active") -> int:
    member_id = next(MEMBER_ID)
    _insert(t.members, {"id": member_id, "site_id": site, "email": f"m{member_id}@example.com",
                        "status": status, "language": "en", "created_at": created,
                        "activated_at": activated, "paid_user": paid,
                        "is_fictional": fictional})
    return member_id


ORDER_ID = iter(range(1, 1000))


def _order(member: int, site: int, bundle: int, amount: int, currency: str, *, status: str,
           created: datetime, paid: datetime | None = None,
           refunded: datetime | None = None) -> None:
    order_id = next(ORDER_ID)
    _insert(t.orders, {"id": order_id, "member_id": member, "site_id": site,
                       "bundle_id": bundle, "credits": 100, "amount": amount,
                       "currency": currency, "method": "ideal", "status": status,
                       "provider": "sandbox", "payment_id": f"tr_{order_id}",
                       "created_at": created, "paid_at": paid, "refunded_at": refunded})
    if refunded is not None:
        _refund(order_id, amount, refunded)


def _refund(order_id: int, cents: int, when: datetime) -> None:
    _insert(t.order_refunds, {"order_id": order_id, "amount": cents, "credits": 0,
                              "missing": 0, "kind": "refunded", "reason": "asked",
                              "actor": "ops", "created_at": when})


def _decision(site: int, member: int, restriction: str, decided: datetime,
              status: str = "in_force") -> None:
    _insert(t.decisions, {
        "site_id": site, "member_id": member, "restriction": restriction,
        "item_kind": "account", "item_id": str(member), "facts": "facts",
        "ground_kind": "terms", "ground_code": "scam", "detected_automatically": True,
        "decided_automatically": True, "decided_by": "shield", "decided_at": decided,
        "contest_until": decided + timedelta(days=180), "status": status, "undo": {}})


def _seed() -> dict[str, int]:
    """The seeded day (what each row is for is said beside it)."""
    global MEMBER_ID, ORDER_ID
    MEMBER_ID, ORDER_ID = iter(range(1, 1000)), iter(range(1, 1000))
    ams, ny = _site("amora.test"), _site("flirt.test")
    _insert(t.bundles, {"id": 1, "site_id": ams, "credits": 100, "price": 999,
                        "currency": "EUR"},
            {"id": 2, "site_id": ny, "credits": 100, "price": 999, "currency": "EUR"})
    # Amsterdam: today is [20 Nov 23:00, 21 Nov 14:30), yesterday [19 Nov 23:00,
    # 20 Nov 23:00), yesterday by this time [19 Nov 23:00, 20 Nov 14:30).
    a1 = _member(ams, at(21, 8), activated=at(21, 9), paid=True)  # today, confirmed today
    a2 = _member(ams, at(20, 23, 30))  # 00:30 local: today, though 20 Nov in UTC
    a3 = _member(ams, at(20, 22, 30), activated=at(21, 7), paid=True)  # 23:30 local: yesterday
    a4 = _member(ams, at(20, 10), activated=at(20, 10), paid=True)  # yesterday, by this time
    a6 = _member(ams, at(1, 12) - timedelta(days=31), activated=at(1, 12), paid=True)  # Oct
    _member(ams, at(21, 9), fictional=True, paid=True)  # a profile of the site's: never counted
    _member(ams, at(18, 9), paid=True, status="deleted")  # paid once, since deleted
    _order(a6, ams, 1, 500, "EUR", status="paid", created=at(1, 9) - timedelta(days=30),
           paid=at(1, 9) - timedelta(days=30))
    _order(a1, ams, 1, 1999, "EUR", status="paid", created=at(21, 10), paid=at(21, 10))  # 1st
    _order(a6, ams, 1, 999, "EUR", status="paid", created=at(21, 11), paid=at(21, 11))  # not 1st
    _refund(3, 300, at(21, 13))  # a part of it given back: counted, the order stays paid
    _order(a4, ams, 1, 1200, "USD", status="paid", created=at(20, 12), paid=at(20, 12))
    _order(a1, ams, 1, 999, "EUR", status="failed", created=at(21, 10, 30))
    _order(a3, ams, 1, 999, "EUR", status="failed", created=at(20, 20))
    _order(a3, ams, 1, 999, "EUR", status="refunded", created=at(20, 16), paid=at(20, 16),
           refunded=at(21, 12))
    _order(a2, ams, 1, 999, "EUR", status="open", created=at(21, 12))  # not paid (yet)
    # New York: today is [21 Nov 05:00, 14:30), yesterday [20 Nov 05:00, 21 Nov 05:00),
    # yesterday by this time [20 Nov 05:00, 20 Nov 14:30).
    _member(ny, at(21, 4))  # 23:00 local on 20 Nov: yesterday, after this time
    b2 = _member(ny, at(21, 6), paid=True)
    _order(b2, ny, 2, 4900, "EUR", status="paid", created=at(21, 7), paid=at(21, 7))
    # What waits.
    _insert(t.photos, *({"member_id": member, "filename": f"{n}.jpg", "thumb_filename":
                         f"{n}_t.jpg", "status": status, "is_main": False, "created_at": when}
                        for n, (member, status, when) in enumerate((
                            (a1, "pending", at(21, 10, 30)), (a2, "held", at(20, 14, 30)),
                            (a3, "active", at(1, 1)), (a4, "rejected", at(2, 1)),
                            (b2, "pending", at(21, 14))))))
    _insert(t.complaints, *({"site_id": site, "category": "spam", "text": "spam",
                             "status": status, "created_at": when}
                            for site, status, when in ((ams, "open", at(21, 12, 30)),
                                                       (ams, "resolved", at(1, 1)),
                                                       (ny, "open", at(19, 14, 30)))))
    _insert(t.appeals, {"member_id": a6, "text": "please", "status": "open",
                        "created_at": at(21, 13, 30)},
            {"member_id": a4, "text": "please", "status": "upheld", "created_at": at(3, 1)})
    _decision(ams, a2, "account_held", at(21, 14))  # held now, for 30 minutes
    _insert(t.order_withdrawals,  # one refund the provider has not taken yet, one it took
            {"order_id": 3, "member_id": a6, "requested_at": at(21, 12, 30), "credits": 50,
             "used": 50, "refund": 500, "currency": "EUR", "refund_state": "pending",
             "refunded_at": None},
            {"order_id": 2, "member_id": a1, "requested_at": at(21, 11), "credits": 100,
             "used": 0, "refund": 1999, "currency": "EUR", "refund_state": "refunded",
             "refunded_at": at(21, 11)})
    _decision(ams, a3, "account_held", at(20, 9), status="lifted")  # released
    _decision(ams, a4, "account_banned", at(21, 1))  # another restriction
    _insert(t.outbox,  # (one insert of many rows: every row names every column)
            {"name": "send_mail", "args": [], "created_at": at(21, 14, 20),
             "run_after": at(21, 14, 20), "attempts": 0, "last_error": None,
             "failed_at": None},
            {"name": "notify", "args": [], "created_at": at(21, 14, 25),
             "run_after": at(21, 14, 40), "attempts": 2, "last_error": "boom",
             "failed_at": None},
            {"name": "notify", "args": [], "created_at": at(21, 9), "run_after": at(21, 9),
             "attempts": 12, "last_error": "boom", "failed_at": at(21, 10)},
            {"name": "notify", "args": [], "created_at": at(19, 9), "run_after": at(19, 9),
             "attempts": 12, "last_error": "boom", "failed_at": at(19, 10)})
    _insert(t.server_errors,
            {"minute": at(21, 14), "status": 500, "count": 2},
            {"minute": at(21, 13, 31), "status": 503, "count": 1},
            {"minute": at(21, 13, 29), "status": 500, "count": 5},  # over an hour ago
            {"minute": at(21, 14, 29), "status": 502, "count": 1})
    return {"a1": a1, "a2": a2, "a3": a3, "a4": a4, "a6": a6, "b2": b2}


def _json(amora: Any, *args: str) -> dict[str, Any]:
    result = amora("today", "--json", *args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_a_seeded_day_counted_per_site_time_zone(amora: Any) -> None:
    members = _seed()
    data = _json(amora)
    assert data["at"] == "2026-11-21T14:30:00+00:00" and data["site"] is None
    assert data["total"]["today"] == {
        "signups": 3, "activations": 2, "first_purchases": 2, "paid_orders": 3,
        "revenue": {"EUR": "78.98"}, "refunded": {"EUR": "12.99"}, "failed_payments": 1}
    assert data["total"]["yesterday"] == {
        "signups": 3, "activations": 1, "first_purchases": 2, "paid_orders": 2,
        "revenue": {"EUR": "9.99", "USD": "12.00"}, "refunded": {}, "failed_payments": 1}
    assert data["total"]["yesterday_by_now"] == {
        "signups": 1, "activations": 1, "first_purchases": 1, "paid_orders": 1,
        "revenue": {"USD": "12.00"}, "refunded": {}, "failed_payments": 0}
    assert data["total"]["now"] == {
        "paying_members": 5,  # a1, a3, a4, a6 and b2: not the deleted one, not the profile
        "photos_to_review": {"count": 3, "held": 1, "oldest_at": "2026-11-20T14:30:00+00:00",
                             "oldest_seconds": 86400},
        "open_complaints": {"count": 2, "oldest_at": "2026-11-19T14:30:00+00:00",
                            "oldest_seconds": 172800},
        "open_appeals": {"count": 1, "oldest_at": "2026-11-21T13:30:00+00:00",
                         "oldest_seconds": 3600},
        "held_members": {"count": 1, "oldest_at": "2026-11-21T14:00:00+00:00",
                         "oldest_seconds": 1800},
        "refunds_waiting": {"count": 1, "oldest_at": "2026-11-21T12:30:00+00:00",
                            "oldest_seconds": 7200}}
    assert data["jobs"] == {"waiting": 2, "oldest_at": "2026-11-21T14:20:00+00:00",
                            "oldest_seconds": 600, "retrying": 1, "failed": 2,
                            "failed_last_24h": 1}
    assert data["server_errors"] == {"since": "2026-11-21T13:30:00+00:00", "total": 4,
                                     "by_status": {"500": 2, "502": 1, "503": 1}}
    ams, ny = data["sites"]
    assert (ams["site"], ams["time_zone"], ams["date"], ams["day_started_at"]) == (
        "amora.test", "Europe/Amsterdam", "2026-11-21", "2026-11-20T23:00:00+00:00")
    assert (ny["site"], ny["time_zone"], ny["date"], ny["day_started_at"]) == (
        "flirt.test", "America/New_York", "2026-11-21", "2026-11-21T05:00:00+00:00")
    assert (ams["today"]["signups"], ny["today"]["signups"]) == (2, 1)
    assert (ams["yesterday"]["signups"], ny["yesterday"]["signups"]) == (2, 1)
    assert ny["today"]["revenue"] == {"EUR": "49.00"}
    assert ams["now"]["held_members"]["count"] == 1 and ny["now"]["held_members"]["count"] == 0
    # Held as the shield itself reads it: a hold in force, one per held member.
    with context.container().unit_of_work() as work:
        held = [name for name, member in members.items() if held_since(work, member)]
    assert held == ["a2"]


def test_site_narrows_every_figure_of_a_site_but_not_the_deployment_s(amora: Any) -> None:
    _seed()
    data = _json(amora, "--site", "flirt.test")
    assert data["site"] == "flirt.test"
    assert [site["site"] for site in data["sites"]] == ["flirt.test"]
    assert data["total"]["today"] == {
        "signups": 1, "activations": 0, "first_purchases": 1, "paid_orders": 1,
        "revenue": {"EUR": "49.00"}, "refunded": {}, "failed_payments": 0}
    assert data["total"]["yesterday"]["signups"] == 1
    assert data["total"]["yesterday_by_now"]["signups"] == 0
    now = data["total"]["now"]
    assert (now["paying_members"], now["photos_to_review"]["count"],
            now["photos_to_review"]["oldest_seconds"], now["open_complaints"]["count"],
            now["open_appeals"]["count"], now["held_members"]["count"]) == (1, 1, 1800, 1, 0, 0)
    assert data["total"] == {key: value for key, value in data["sites"][0].items()
                             if key in data["total"]}
    # The jobs and the server are the deployment's, whichever site is asked about.
    assert data["jobs"]["waiting"] == 2 and data["server_errors"]["total"] == 4


def test_an_unknown_site_is_one_error_line(amora: Any) -> None:
    result = amora("today", "--site", "nowhere.test")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and len(result.stderr.splitlines()) == 1
    assert "nowhere.test" in result.stderr


def test_a_quiet_day_is_zeros_and_nothing_waits(amora: Any) -> None:
    data = _json(amora)
    assert data["total"]["today"] == {
        "signups": 0, "activations": 0, "first_purchases": 0, "paid_orders": 0,
        "revenue": {}, "refunded": {}, "failed_payments": 0}
    assert data["total"]["now"]["photos_to_review"] == {"count": 0, "held": 0,
                                                        "oldest_at": None,
                                                        "oldest_seconds": None}
    assert data["jobs"] == {"waiting": 0, "oldest_at": None, "oldest_seconds": None,
                            "retrying": 0, "failed": 0, "failed_last_24h": 0}
    assert data["server_errors"]["total"] == 0 and data["server_errors"]["by_status"] == {}
    result = amora("today")
    assert result.exit_code == 0 and "Sign-ups" in result.stdout


def _line(output: str, start: str) -> list[str]:
    found = [line for line in output.splitlines() if line.startswith(start)]
    assert len(found) == 1, (start, output)
    return found[0].removeprefix(start).split()


def test_for_people(amora: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _seed()
    monkeypatch.setattr(output.console, "_width", 120)  # the domains in full
    result = amora("today")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0] == ("Today on all 2 sites: Sat 21 Nov 2026 "
                                   "(each site's time zone), at 14:30 UTC")
    assert _line(out, "Sign-ups") == ["3", "3", "1"]
    assert _line(out, "Activations (e-mail confirmed)") == ["2", "1", "1"]
    assert _line(out, "First purchases") == ["2", "2", "1"]
    assert _line(out, "Revenue EUR") == ["78.98", "9.99", "-"]
    assert _line(out, "Revenue USD") == ["-", "12.00", "12.00"]
    assert _line(out, "Refunded EUR") == ["12.99", "-", "-"]
    assert _line(out, "Failed payments") == ["1", "1", "0"]
    assert _line(out, "Paying members (all time)") == ["5"]
    assert _line(out, "Photos to review") == ["3", "oldest", "1", "d", "(1", "held", "by",
                                              "the", "block", "lists)"]
    assert _line(out, "Open complaints") == ["2", "oldest", "2", "d"]
    assert _line(out, "Open appeals") == ["1", "oldest", "1", "h"]
    assert _line(out, "Held by the scam shield") == ["1", "longest", "30", "min"]
    assert _line(out, "Withdrawal refunds waiting") == ["1", "oldest", "2", "h"]
    assert _line(out, "Jobs waiting") == ["2", "oldest", "10", "min"]
    assert _line(out, "Failing jobs") == ["1", "retrying,", "2", "given", "up", "(1", "in",
                                          "24", "h)"]
    assert _line(out, "5xx responses, last hour") == ["4", "2", "x", "500,", "1", "x", "502,",
                                                      "1", "x", "503"]
    assert _line(out, "amora.test") == ["2", "2", "1", "29.98", "EUR", "1", "2", "1", "1",
                                        "1"]
    assert _line(out, "flirt.test") == ["1", "0", "1", "49.00", "EUR", "0", "1", "1", "0",
                                        "0"]
    one = amora("today", "--site", "amora.test").stdout
    assert one.splitlines()[0] == ("Today on amora.test: Sat 21 Nov 2026 (Europe/Amsterdam), "
                                   "at 14:30 UTC")
    assert _line(one, "Sign-ups") == ["2", "2", "1"]
    assert _line(one, "Jobs waiting (every site)") == ["2", "oldest", "10", "min"]
    assert "flirt.test" not in one and "Per site" not in one
    monkeypatch.setattr(output.console, "_width", 80)  # a narrow terminal: the figures whole
    narrow = amora("today").stdout
    assert max(len(line) for line in narrow.splitlines()) <= 80
    assert _line(narrow, "amora.…") == ["2", "2", "1", "29.98", "EUR", "1", "2", "1", "1",
                                          "1"]


@pytest.mark.parametrize(("seconds", "shown"), [
    (0, "0 s"), (59, "59 s"), (60, "1 min"), (3599, "59 min"), (3600, "1 h"),
    (3660, "1 h 1 min"), (86399, "23 h 59 min"), (86400, "1 d"), (90000, "1 d 1 h"),
    (30 * 86400, "30 d")])
def test_ages_read_as_people_say_them(seconds: int, shown: str) -> None:
    assert age(timedelta(seconds=seconds)) == shown
    assert age(None) == "-"
