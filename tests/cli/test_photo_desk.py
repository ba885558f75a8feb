"""The operator's photo desk (issue 32.2, 32.3): `amora photos remove` takes a photo away
with exactly one decision (photo_removed) and lifting it puts the photo back; `pending
--site` shows one site's queue; approve and reject take ids and ranges in one transaction,
all or nothing; `sheet` prints one signed link that opens the review page. A refused
command is one `Error:` line and changes nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from adapters.http.app import create_app
from adapters.jobs.codec import job_of
from adapters.sql.tables import audit_log, decisions, outbox, photos
from application.photo_files import FileRequest
from application.ports.jobs import AccountMail
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from domain.appeals import Appeal, AppealStatus
from tests.api_client import ApiClient
from tests.conftest import sample_site, seed_default_site

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
    with context.container().unit_of_work() as work:
        default = work.sites.default()
        assert default is not None
        work.sites.add(sample_site(default.company_id, domain="flirt.test", name="Flirt",
                                   is_default=False))
        work.commit()
    yield lambda *args: runner.invoke(app, list(args))
    context.container().engine().dispose()
    context.container.cache_clear()


def _member(email: str, site: str = "amora.test", name: str = "Eve") -> int:
    login = context.container().signup().sign_up(site, SignupForm(
        email=email, name=name, date_of_birth="1980-01-01", password="long enough words",
        gender="female"), Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


def _photos(member: int, *statuses: str, main_first: bool = True) -> list[int]:
    with context.container().unit_of_work() as work:
        ids = [work.photos.add(member, f"photos/{member}/{n}-{status}.jpg",
                               f"photos/{member}/{n}-{status}_t.jpg",
                               main_first and n == 0, status, AT)
               for n, status in enumerate(statuses)]
        work.commit()
    return ids


def _status() -> dict[int, tuple[str, bool]]:
    with context.container().engine().connect() as connection:
        return {row.id: (row.status, row.is_main) for row in connection.execute(
            select(photos.c.id, photos.c.status, photos.c.is_main))}


def _rows(table: Any) -> list[dict[str, Any]]:
    with context.container().engine().connect() as connection:
        return [dict(row) for row in connection.execute(
            select(table).order_by(table.c.id)).mappings()]


def _state() -> dict[str, Any]:
    """Everything a refused command might have changed."""
    with context.container().engine().connect() as connection:
        counts = {name: connection.execute(select(func.count()).select_from(table)).scalar()
                  for name, table in (("decisions", decisions), ("audit", audit_log),
                                      ("outbox", outbox))}
    return {**counts, "photos": _status(),
            "in force": [(row["id"], row["status"]) for row in _rows(decisions)]}


def _json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _refused(result: Any, message: str) -> None:
    assert result.exit_code in (1, 2), result.output
    assert result.stderr == f"Error: {message}\n", result.stderr


# --- remove ------------------------------------------------------------------------------


def test_remove_makes_one_decision_hides_the_photo_and_an_appeal_puts_it_back(
        amora: Any) -> None:
    eve = _member("eve@example.com")
    main, second = _photos(eve, "active", "active")
    photos_use = context.container().photos()
    assert photos_use.served(FileRequest(f"photos/{eve}/0-active.jpg"), lambda: None) is True

    done = amora("photos", "remove", str(main), "--ground", "terms:impersonation",
                 "--reason", "An actor's photo", "--facts",
                 "The photo shows a film actor, not you.", "--json")
    answer = _json(done)
    [decision] = _rows(decisions)
    assert answer == {"removed": main, "member": eve, "decision": decision["id"]}
    assert (decision["restriction"], decision["item_kind"], decision["item_id"],
            decision["member_id"], decision["decided_by"], decision["status"]) == (
        "photo_removed", "photo", str(main), eve, "ops", "in_force")
    assert decision["facts"] == "The photo shows a film actor, not you."
    assert (decision["ground_kind"], decision["ground_code"]) == ("terms", "impersonation")
    assert decision["undo"] == {"photo_status": "active"}
    # Taken away: others no longer get the file, its owner no longer has the photo (the
    # next one is the main photo), the decision's mail is in the outbox.
    assert _status() == {main: ("removed", False), second: ("active", True)}
    assert photos_use.served(FileRequest(f"photos/{eve}/0-active.jpg"), lambda: None) is None
    assert photos_use.served(FileRequest(f"photos/{eve}/0-active.jpg"), lambda: eve) is None
    own = context.container().profiles().own(eve)
    assert [photo.id for photo in own.photos] == [second]
    mails = [job_of(row["name"], row["args"]) for row in _rows(outbox)
             if row["name"] == "account_mail"]
    assert AccountMail("decision", eve, None, str(decision["id"])) in mails
    [audit] = [row for row in _rows(audit_log) if row["action"] == "photos.remove"]
    assert (audit["actor"], audit["subject"], audit["details"]) == (
        "ops", str(main), {"member": eve, "reason": "An actor's photo",
                           "decision": decision["id"]})

    before = _state()
    _refused(amora("photos", "remove", str(main), "--ground", "terms:impersonation",
                   "--reason", "again"), "The photo was removed already")
    assert _state() == before

    # The member appeals; lifting the decision puts the photo back (not as the main
    # photo: the member has one).
    with context.container().unit_of_work() as work:
        appeal = work.appeals.add(Appeal(
            id=0, member_id=eve, banned_at=None, ban_reason=None,
            text="That is me in the photo, really.", status=AppealStatus.OPEN,
            created_at=AT, decision_id=decision["id"]))
        work.commit()
    context.container().appeals().decide(appeal, True, "It is her", "ops")
    assert _status() == {main: ("active", False), second: ("active", True)}
    assert [row["status"] for row in _rows(decisions)] == ["lifted"]
    assert [photo.id for photo in context.container().profiles().own(eve).photos] == [
        second, main]


def test_removing_the_only_photo_leaves_no_main_one_until_it_comes_back(amora: Any) -> None:
    eve = _member("eve@example.com")
    [only] = _photos(eve, "active")
    assert amora("photos", "remove", str(only), "--ground", "terms:photo_rules",
                 "--reason", "Shows a phone number").exit_code == 0
    assert _status() == {only: ("removed", False)}
    assert context.container().photos().served(
        FileRequest(f"photos/{eve}/0-active.jpg"), lambda: None) is None
    # An operator gives it back with approve: the removal is lifted, the photo is the main
    # one again.
    assert _json(amora("photos", "approve", str(only), "--json")) == {"approved": [only]}
    assert _status() == {only: ("active", True)}
    assert [row["status"] for row in _rows(decisions)] == ["lifted"]


def test_removing_a_waiting_or_rejected_photo_ends_its_rejection(amora: Any) -> None:
    eve = _member("eve@example.com")
    waiting, rejected = _photos(eve, "pending", "pending")
    assert amora("photos", "reject", str(rejected), "--ground", "terms:photo_rules",
                 "--reason", "blurry").exit_code == 0
    for photo in (waiting, rejected):
        assert amora("photos", "remove", str(photo), "--ground", "law:illegal_content",
                     "--reason", "Ticket 12").exit_code == 0
    rows = _rows(decisions)
    assert [(row["restriction"], row["item_id"], row["status"]) for row in rows] == [
        ("photo_rejected", str(rejected), "lifted"),
        ("photo_removed", str(waiting), "in_force"),
        ("photo_removed", str(rejected), "in_force")]
    assert all(row["undo"] == {"photo_status": "pending"} for row in rows[1:])
    assert _json(amora("photos", "pending", "--json"))["total"] == 0
    before = _state()
    _refused(amora("photos", "reject", str(waiting), "--ground", "terms:spam", "--reason", "x"),
             f"Photo {waiting} was removed: approve it to give it back, or leave it")
    assert _state() == before


@pytest.mark.parametrize("args", [
    ("999", "--ground", "terms:spam", "--reason", "x"),
    ("{photo}", "--reason", "x"),
    ("{photo}", "--ground", "terms:spam", "--reason", " "),
    ("{photo}", "--ground", "terms:nope", "--reason", "x"),
    ("{photo}", "--ground", "terms:spam", "--reason", "x", "--notice", "999"),
    ("{photo}", "--ground", "terms:spam", "--reason", "x", "--facts", " "),
    ("0", "--ground", "terms:spam", "--reason", "x"),
])
def test_a_refused_removal_is_one_line_and_changes_nothing(amora: Any, args: tuple[str, ...]
                                                           ) -> None:
    [photo] = _photos(_member("eve@example.com"), "active")
    before = _state()
    result = amora("photos", "remove", *(arg.format(photo=photo) for arg in args))
    assert result.exit_code in (1, 2) and isinstance(result.exception, SystemExit)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    assert _state() == before


# --- pending --site ----------------------------------------------------------------------


def test_pending_shows_one_sites_queue(amora: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    eve = _member("eve@example.com")
    flo = _member("flo@example.com", site="flirt.test", name="Flo")
    mine = _photos(eve, "pending", "active", "held")
    theirs = _photos(flo, "pending", "pending")
    every = _json(amora("photos", "pending", "--json"))
    assert [p["id"] for p in every["photos"]] == [mine[0], mine[2], *theirs]
    flirt = _json(amora("photos", "pending", "--site", "flirt.test", "--json"))
    assert (flirt["total"], [p["id"] for p in flirt["photos"]]) == (2, theirs)
    assert {p["site"] for p in flirt["photos"]} == {"flirt.test"}
    assert flirt["photos"][0]["preview"].startswith(
        f"http://127.0.0.1:8000/media/photos/{flo}/0-pending.jpg?preview=")
    amora_only = _json(amora("photos", "pending", "--site", "amora.test", "--json"))
    assert [p["id"] for p in amora_only["photos"]] == [mine[0], mine[2]]
    piped = amora("photos", "pending", "--site", "flirt.test").stdout.splitlines()
    assert [line.split("\t")[:3] for line in piped] == [
        ["id", "member", "site"], [str(theirs[0]), str(flo), "flirt.test"],
        [str(theirs[1]), str(flo), "flirt.test"]]
    from cli import output

    monkeypatch.setattr(output.console, "_force_terminal", True)  # a person reads it
    shown = amora("photos", "pending", "--site", "flirt.test", "--per-page", "1")
    assert "2 photos waiting on flirt.test, page 1 of 2" in shown.output
    assert "Next: amora photos pending --page 2 --per-page 1 --site flirt.test" in shown.output
    _refused(amora("photos", "pending", "--site", "nope.test"), "No site with domain nope.test")


# --- approve and reject: ids and ranges ---------------------------------------------------


def test_approve_and_reject_take_ids_and_ranges(amora: Any) -> None:
    eve = _member("eve@example.com")
    flo = _member("flo@example.com", site="flirt.test", name="Flo")
    first = _photos(eve, "pending", "pending", "pending", "rejected", "pending", "active",
                    main_first=False)  # ids 1-6
    other = _photos(flo, "pending", "pending")  # 7, 8 on flirt.test
    last = _photos(eve, "held", "pending", main_first=False)  # 9, 10
    assert (first[0], other[0], last[-1]) == (1, 7, 10)

    # A range takes the photos in it still waiting: 4 (rejected) and 6 (active) stay.
    done = _json(amora("photos", "approve", "1-6", "--site", "amora.test", "--json"))
    assert done == {"approved": [1, 2, 3, 5]}
    assert {n: s for n, (s, _) in _status().items()} == {
        1: "active", 2: "active", 3: "active", 4: "rejected", 5: "active", 6: "active",
        7: "pending", 8: "pending", 9: "held", 10: "pending"}
    rejected = amora("photos", "reject", "7,9-10", "8", "--ground", "terms:photo_rules",
                     "--reason", "No face")
    assert rejected.exit_code == 0 and "Rejected photos 7-10." in rejected.stdout
    assert [(row["item_id"], row["restriction"]) for row in _rows(decisions)
            if row["status"] == "in_force"] == [
        ("7", "photo_rejected"), ("8", "photo_rejected"), ("9", "photo_rejected"),
        ("10", "photo_rejected")]  # the ids named first, then the ranges
    assert [row["action"] for row in _rows(audit_log)].count("photos.approve") == 4


def test_ranges_refuse_whole_and_change_nothing(amora: Any) -> None:
    eve = _member("eve@example.com")
    flo = _member("flo@example.com", site="flirt.test", name="Flo")
    _photos(eve, "pending", "pending", "active")  # 1-3
    _photos(flo, "pending")  # 4
    before = _state()
    for args, message in [
        (("1-2", "999"), "No photo 999"),
        (("20-15",), "20-15 runs backwards: write the smaller id first"),
        (("1-x",), "1-x is no photo id or range (e.g. 12 15-20 31)"),
        (("1", "0"), "0: photo ids run from 1 to 2147483647"),
        (("3-3",), "No photo in 3-3 is waiting for review (a range takes only those; name a "
                   "photo by its id to take it whatever its state)"),
        (("1", "100-200"), "No photo in 100-200 is waiting for review (a range takes only "
                           "those; name a photo by its id to take it whatever its state)"),
        (("4", "--site", "amora.test"), "Photo 4 is not on amora.test"),
        (("4-4", "--site", "amora.test"), "No photo in 4-4 is waiting for review (a range "
                                          "takes only those; name a photo by its id to take "
                                          "it whatever its state)"),
        (("1", "--site", "nope.test"), "No site with domain nope.test"),
        ((",",), "Name the photos: ids or ranges, e.g. 12 15-20 31"),
    ]:
        _refused(amora("photos", "approve", *args), message)
        _refused(amora("photos", "reject", *args, "--ground", "terms:spam", "--reason", "x"),
                 message)
        assert _state() == before, args
    assert _json(amora("photos", "approve", "1-4", "--site", "flirt.test", "--json")) == {
        "approved": [4]}


def test_a_range_takes_at_most_a_thousand(amora: Any) -> None:
    eve = _member("eve@example.com")
    with context.container().unit_of_work() as work:
        for n in range(1001):
            work.photos.add(eve, f"photos/{eve}/{n}.jpg", f"photos/{eve}/{n}_t.jpg", False,
                            "pending", AT)
        work.commit()
    before = _state()
    _refused(amora("photos", "approve", "1-1001"),
             "That takes more than 1000 photos: at most 1000 at once")
    assert _state() == before
    assert len(_json(amora("photos", "approve", "2-1001", "--json"))["approved"]) == 1000


# --- the sheet -----------------------------------------------------------------------------


def test_the_sheet_is_one_signed_link_that_opens_the_page(amora: Any) -> None:
    eve = _member("eve@example.com", name="<b>Eve</b>")
    flo = _member("flo@example.com", site="flirt.test", name="Flo")
    waiting = _photos(eve, "pending", "held")
    theirs = _photos(flo, "pending")
    printed = amora("photos", "sheet", "--site", "flirt.test")
    assert printed.exit_code == 0, printed.output
    [url] = printed.stdout.splitlines()  # the link alone on standard output
    assert url.startswith("http://127.0.0.1:8000/review/photos/")
    assert "Valid until" in printed.stderr
    made = _json(amora("photos", "sheet", "--json"))
    assert made["site"] is None and made["url"] != url  # never the same link twice
    assert [row["action"] for row in _rows(audit_log)] == ["photos.sheet"] * 2

    client = ApiClient(create_app(context.container()))
    page = client.get(url.removeprefix("http://127.0.0.1:8000"))
    assert page.status_code == 200 and "noindex" in page.headers["X-Robots-Tag"]
    html = page.get_data(as_text=True)
    assert f'id="photo-{theirs[0]}"' in html and f'id="photo-{waiting[0]}"' not in html
    every = client.get(made["url"].removeprefix("http://127.0.0.1:8000")).get_data(as_text=True)
    assert all(f'id="photo-{n}"' in every for n in [*waiting, *theirs])
    assert "&lt;b&gt;Eve&lt;/b&gt;" in every and "<b>Eve</b>" not in every
    assert f"amora photos approve {waiting[0]}-{theirs[0]}" in every
    _refused(amora("photos", "sheet", "--site", "nope.test"), "No site with domain nope.test")
