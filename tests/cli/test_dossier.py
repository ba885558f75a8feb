"""A member's dossier and the member search (issue 32.1), and clearing a profile text with
a reason (issue 32.2), on SQLite and PostgreSQL with a stopped clock.

`amora members show ID|E-MAIL` on one screen or as JSON: the profile, photos with preview
links that open them, the sign-up and recent addresses and devices, the accounts linked by
device, address or photo hash (each link named), credits, orders, complaints by and about
the member, decisions, appeals and flags (the shield's hold); member-written text arrives
as text, its escape sequences written out. `amora members list` by address or network and
sorted by sign-up or activity. `amora members clear-text` makes one decision; a refused
one is one `Error:` line and changes nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from rich.color import ColorSystem
from sqlalchemy import func, select
from typer.testing import CliRunner

from adapters.sql import tables as t
from application.shared.own_photos import PREVIEW
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context, output
from cli.main import app
from domain.blocklists import EntryKind, PhotoHash
from domain.complaints import ComplaintForm
from tests.application.memory_services import FixedClock
from tests.conftest import sample_site, seed_default_site
from tests.lookups import found

runner = CliRunner()
NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
PASSWORD = "long enough words"
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"
EVE_DEVICE, EVE_PHONE = "eve-laptop-device-0000000001", "eve-phone-device-00000000002"
ESCAPES = "\x1b]0;owned\x07\x1b[2J\u202e"
WRITTEN_OUT = (r"\x1b]0;owned\x07", r"\x1b[2J", r"\u202e")
SGR = re.compile(r"\x1b\[[0-9;]*m")  # the console's own colours
# Eve's photo, a copy of it that differs in a few bits (re-encoded), and another picture.
EVE_HASH = PhotoHash(0x0123456789ABCDEF, (1 << 255) | 0xFFFF_0000_FFFF_0000)
COPY_HASH = PhotoHash(EVE_HASH.coarse ^ 1, EVE_HASH.fine ^ 0b1011)
OTHER_HASH = PhotoHash(0x0123456789ABCDEF ^ 0x10000, ~EVE_HASH.fine & ((1 << 256) - 1))


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture
def amora(database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
          clock: FixedClock) -> Iterator[Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("AMORA_OPERATOR", "ops")
    monkeypatch.setenv("BASE_URL", "http://{domain}")
    context.container.cache_clear()
    built = context.container()
    built.clock.override(providers.Object(clock))
    seed_default_site(built)
    yield lambda *args: runner.invoke(app, list(args))
    built.engine().dispose()
    context.container.cache_clear()


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide console, so that a row of a table stays on one line."""
    monkeypatch.setattr(output.console, "_width", 250)


def _sign_up(clock: FixedClock, email: str, name: str, ip: str, device: str | None,
             user_agent: str | None = None, site: str = "amora.test") -> int:
    clock.current += timedelta(minutes=10)
    login = context.container().signup().sign_up(site, SignupForm(
        email=email, name=name, date_of_birth="1980-01-01", password=PASSWORD,
        gender="female"), Visitor(ip=ip, user_agent=user_agent, language="en",
                                  device=device))
    return int(login.member.id)


def _log_in(clock: FixedClock, email: str, ip: str, device: str | None,
            user_agent: str | None = None) -> None:
    clock.current += timedelta(minutes=10)
    context.container().sign_in().log_in("amora.test", email, PASSWORD, Visitor(
        ip=ip, user_agent=user_agent, language="en", device=device))


def _photo(member: int, name: str, phash: PhotoHash | None, status: str = "active",
           main: bool = True) -> int:
    with context.container().unit_of_work() as work:
        photo = work.photos.add(member, f"photos/{member}/{name}.jpg",
                                f"photos/{member}/{name}_thumb.jpg", main, status, NOW, phash)
        work.commit()
    return int(photo)


def _write(table: Any, where: Any, **values: Any) -> None:
    with context.container().engine().begin() as connection:
        connection.execute(table.update().where(where).values(**values))


def _insert(table: Any, **values: Any) -> int:
    with context.container().engine().begin() as connection:
        return int(connection.execute(table.insert().values(**values)
                                      .returning(table.c.id)).scalar_one())


def _json(result: Any) -> Any:
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.stdout)


def _state() -> dict[str, Any]:
    """What a refused command might have changed."""
    with context.container().engine().connect() as connection:
        counts = {table.name: connection.execute(
            select(func.count()).select_from(table)).scalar()
            for table in (t.decisions, t.audit_log, t.outbox)}
        texts = [tuple(row) for row in connection.execute(
            select(t.profiles.c.member_id, t.profiles.c.name, t.profiles.c.about_me)
            .order_by(t.profiles.c.member_id))]
    return {**counts, "profiles": texts}


@pytest.fixture
def people(amora: Any, clock: FixedClock) -> dict[str, int]:
    """Eve and the accounts around her:
    Mallory signed up on Eve's laptop (a device link) from a block-listed network (held),
    Bob from the address Eve signed up from (an address link), Carol has a copy of Eve's
    photo (a photo-hash link); Dave shares nothing with her."""
    eve = _sign_up(clock, "eve@example.com", "Eve", "192.0.2.10", EVE_DEVICE, FIREFOX)
    _log_in(clock, "eve@example.com", "198.51.100.7", EVE_PHONE, "Safari on an iPhone")
    _log_in(clock, "eve@example.com", "198.51.100.7", EVE_PHONE, "Safari on an iPhone")
    context.container().blocklists().add(EntryKind.IP_NETWORK, "203.0.113.0/24",
                                         "fraud ring", "ops")
    mallory = _sign_up(clock, "mallory@example.com", "Mallory", "203.0.113.5", EVE_DEVICE)
    bob = _sign_up(clock, "bob@example.com", "Bob", "192.0.2.10", "bobs-device-000000000003")
    carol = _sign_up(clock, "carol@example.com", "Carol", "2001:db8:0:1::5",
                     "carols-device-0000000000004")
    dave = _sign_up(clock, "dave@example.com", "Dave", "198.51.101.200",
                    "daves-device-00000000000005")
    eve_photo = _photo(eve, "eve", EVE_HASH)
    _photo(eve, "eve-waiting", None, "pending", main=False)
    _photo(carol, "copy", COPY_HASH)
    _photo(dave, "dave", OTHER_HASH)
    return {"eve": eve, "mallory": mallory, "bob": bob, "carol": carol, "dave": dave,
            "eve_photo": eve_photo}


def _history(amora: Any, clock: FixedClock, people: dict[str, int]) -> dict[str, int]:
    """Eve's money, complaints, a decision and its appeal, and a flag."""
    built = context.container()
    eve, bob = people["eve"], people["bob"]
    built.credits().grant(eve, 40, "welcome back", "ops")
    site = built.unit_of_work
    with site() as work:
        site_id = found(work.sites.by_domain("amora.test")).id
        work.member_flags.add(eve, "discount_code_reused", {"code": "WELCOME"}, NOW)
        work.commit()
    bundle = _insert(t.bundles, site_id=site_id, credits=100, price=999, currency="EUR",
                     position=0, active=True)
    order = _insert(t.orders, member_id=eve, site_id=site_id, bundle_id=bundle, credits=100,
                    amount=999, currency="EUR", method="card", status="paid",
                    provider="sandbox", created_at=NOW, paid_at=NOW)
    moderation = built.moderation()
    by_eve = built.complaints().file(None, moderation.show(eve), ComplaintForm(
        category="spam", text="Bob keeps sending links", member_id=bob,
        good_faith=True)).id
    about_eve = built.complaints().file("amora.test", None, ComplaintForm(
        category="fake_profile", text=f"She asked me for money {ESCAPES}[red]now[/]",
        email="victim@example.com", member_id=eve, name="Vic", good_faith=True)).id
    clock.current += timedelta(minutes=10)
    banned = amora("members", "ban", str(eve), "--reason", "asked for money", "--ground",
                   "law:fraud", "--notice", str(about_eve))
    assert banned.exit_code == 0, banned.output
    appeal = built.appeals().file("amora.test", "eve@example.com", PASSWORD,
                                  "I never asked anyone for money, please look again.",
                                  Visitor(ip="192.0.2.10", user_agent=None, language="en"))
    return {"order": order, "by_eve": by_eve, "about_eve": about_eve, "appeal": appeal.id}


# --- the dossier ---------------------------------------------------------------------


def test_the_dossier_tells_everything_on_one_screen_by_id_or_e_mail(
        amora: Any, clock: FixedClock, people: dict[str, int], wide: None) -> None:
    history = _history(amora, clock, people)
    eve = people["eve"]
    shown = amora("members", "show", str(eve))
    assert shown.exit_code == 0, (shown.output, shown.exception)
    screen = shown.stdout
    for expected in (
            f"Member {eve} Eve on amora.test", "eve@example.com", "banned",
            "46 (born 1980-01-01)", "signed up    2026-11-21 12:10 UTC",
            # photos: statuses and links that open them without a login
            f"{people['eve_photo']}  active  main", "pending",
            f"http://amora.test/media/photos/{eve}/eve.jpg?preview=",
            "preview links open without a login until 2026-11-22",
            # where from
            f"signed up from 192.0.2.10, device {EVE_DEVICE}, {FIREFOX[:30]}",
            "198.51.100.7", EVE_PHONE, "Safari on an iPhone",
            # linked accounts, each link said
            "Linked accounts (3)", f"same device {EVE_DEVICE}", "same address 192.0.2.10",
            f"photo {people['eve_photo']} looks like their photo",
            # money
            "Credits: balance 40", "welcome back", "9.99 EUR", "paid",
            # complaints, decisions, appeals, flags
            "Bob keeps sending links", "She asked me for money", "victim@example.com",
            "ban", "law:fraud", "asked for money",
            "I never asked anyone for money", "discount_code_reused", "code=WELCOME",
            "not held by the scam shield"):
        assert expected in screen, (expected, screen)
    assert "mallory@example.com" in screen and "bob@example.com" in screen
    assert "carol@example.com" in screen and "dave@example.com" not in screen
    assert "\x1b" not in screen  # not a terminal: no colours either
    assert screen.index("mallory@example.com") < screen.index("carol@example.com") \
        < screen.index("bob@example.com")  # a shared device first, an address last

    by_address = amora("members", "show", "EVE@example.com")
    assert by_address.exit_code == 0 and by_address.stdout == screen
    assert _json(amora("members", "show", "eve@example.com", "--json"))["id"] == eve
    assert history["order"] > 0


def test_the_dossier_as_json(amora: Any, clock: FixedClock, people: dict[str, int]) -> None:
    history = _history(amora, clock, people)
    eve = people["eve"]
    data = _json(amora("members", "show", str(eve), "--json"))
    assert set(data) == {
        "id", "site", "email", "status", "created_at", "activated_at", "last_active",
        "language", "fictional", "invisible", "paid_user", "banned_at", "ban_reason",
        "deleted_at", "traffic", "profile", "photos", "previews_until", "signup", "recent",
        "linked", "linked_total", "credits", "orders", "complaints_by",
        "complaints_against", "decisions", "appeals", "flags"}
    assert (data["id"], data["site"], data["email"], data["status"]) == (
        eve, "amora.test", "eve@example.com", "banned")
    assert data["created_at"] == "2026-11-21T12:10:00+00:00"
    assert data["last_active"] == "2026-11-21T12:30:00+00:00"  # her last log-in
    profile = data["profile"]
    assert set(profile) == {"name", "age", "birth_date", "gender", "sexuality", "country",
                            "region", "city", "about_me", "status"}
    assert (profile["name"], profile["age"], profile["birth_date"], profile["gender"],
            profile["about_me"]) == ("Eve", 46, "1980-01-01", "female", "")

    [main, waiting] = data["photos"]
    assert (main["id"], main["status"], main["main"], main["photo_hash"]) == (
        people["eve_photo"], "active", True, str(EVE_HASH))
    assert (waiting["status"], waiting["main"], waiting["photo_hash"]) == ("pending", False,
                                                                            None)
    until = clock.current + timedelta(hours=24)  # the links open for 24 hours
    assert data["previews_until"] == until.isoformat()
    photos = context.container().photos()
    for photo in data["photos"]:
        for link in (photo["preview"], photo["thumbnail"]):
            path, token = link.removeprefix("http://amora.test/media/").split("?preview=")
            assert photos.previewable(path, token)  # the link opens the file
    token = waiting["preview"].split("?preview=")[1]
    assert context.container().signer().unsign(PREVIEW, token) == [
        waiting["id"], int(until.timestamp())]
    now, clock.current = clock.current, until  # a day later they open nothing
    assert not photos.previewable(f"photos/{eve}/eve-waiting.jpg", token)
    clock.current = now

    assert data["signup"] == {"ip": "192.0.2.10", "device": EVE_DEVICE, "user_agent": FIREFOX,
                              "first_at": "2026-11-21T12:10:00+00:00",
                              "last_at": "2026-11-21T12:10:00+00:00", "sessions": 1}
    assert [(trace["ip"], trace["device"], trace["sessions"]) for trace in data["recent"]] == [
        ("198.51.100.7", EVE_PHONE, 2), ("192.0.2.10", EVE_DEVICE, 1)]

    assert data["credits"]["balance"] == 40
    assert data["credits"]["total"] == 1
    assert [(line["kind"], line["credits"], line["reason"])
            for line in data["credits"]["latest"]] == [("grant", 40, "welcome back")]
    assert data["orders"]["total"] == 1
    [order] = data["orders"]["latest"]
    assert (order["id"], order["amount"], order["currency"], order["credits"],
            order["status"]) == (history["order"], "9.99", "EUR", 100, "paid")
    assert [c["id"] for c in data["complaints_by"]["latest"]] == [history["by_eve"]]
    assert data["complaints_by"]["latest"][0]["member_id"] == people["bob"]
    [about] = data["complaints_against"]["latest"]
    assert (about["id"], about["text"]) == (history["about_eve"],
                                            f"She asked me for money {ESCAPES}[red]now[/]")
    [ban] = data["decisions"]["latest"]
    assert (ban["restriction"], ban["ground"], ban["facts"], ban["decided_by"],
            ban["notice_id"], ban["status"]) == (
        "ban", "law:fraud", "asked for money", "ops", history["about_eve"], "in_force")
    [appeal] = data["appeals"]
    assert (appeal["id"], appeal["status"], appeal["decision_id"]) == (
        history["appeal"], "open", ban["id"])
    assert data["flags"]["held_by_shield"] is None
    assert data["flags"]["in_force"] == [{"decision": ban["id"], "restriction": "ban",
                                          "item_id": str(eve)}]
    assert [(flag["flag"], flag["details"]) for flag in data["flags"]["member_flags"]] == [
        ("discount_code_reused", {"code": "WELCOME"})]


def test_linked_accounts_by_device_address_and_photo_hash(
        amora: Any, people: dict[str, int]) -> None:
    eve = people["eve"]
    data = _json(amora("members", "show", str(eve), "--json"))
    assert data["linked_total"] == 3
    assert [(other["id"], other["email"], other["links"]) for other in data["linked"]] == [
        (people["mallory"], "mallory@example.com", [{"by": "device", "value": EVE_DEVICE}]),
        (people["carol"], "carol@example.com", [{
            "by": "photo_hash", "photo": people["eve_photo"],
            "their_photo": people["eve_photo"] + 2,
            "distance": EVE_HASH.distance(COPY_HASH)}]),
        (people["bob"], "bob@example.com", [{"by": "address", "value": "192.0.2.10"}])]
    # The links run both ways, and only what is shared links.
    mallory = _json(amora("members", "show", str(people["mallory"]), "--json"))
    assert [(other["id"], other["links"]) for other in mallory["linked"]] == [
        (eve, [{"by": "device", "value": EVE_DEVICE}])]
    bob = _json(amora("members", "show", str(people["bob"]), "--json"))
    assert [other["id"] for other in bob["linked"]] == [eve]
    dave = _json(amora("members", "show", str(people["dave"]), "--json"))
    assert (dave["linked"], dave["linked_total"]) == ([], 0)
    # Mallory's sign-up matched the block list: the shield holds her.
    held = mallory["flags"]["held_by_shield"]
    assert held is not None and held["since"] == "2026-11-21T12:40:00+00:00"
    with context.container().engine().connect() as connection:
        restriction = connection.execute(select(t.decisions.c.restriction).where(
            t.decisions.c.id == held["decision"])).scalar_one()
    assert restriction == "account_held"
    screen = amora("members", "show", str(people["mallory"])).stdout
    assert f"held by the scam shield (decision {held['decision']}" in screen


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' console as on a wide colour terminal: styles would be sent."""
    monkeypatch.setattr(output.console, "_force_terminal", True)
    monkeypatch.setattr(output.console, "_color_system", ColorSystem.TRUECOLOR)
    monkeypatch.setattr(output.console, "_width", 300)


def test_member_text_reaches_the_terminal_as_text(
        amora: Any, clock: FixedClock, people: dict[str, int], terminal: None) -> None:
    eve = people["eve"]
    _write(t.profiles, t.profiles.c.member_id == eve,
           about_me=f"Line one {ESCAPES}[bold]markup[/bold]\nline two",
           city=f"Utrecht{ESCAPES}")
    _write(t.profiles, t.profiles.c.member_id == people["mallory"], name=f"Mal{ESCAPES}")
    _history(amora, clock, people)
    result = amora("members", "show", str(eve))
    assert result.exit_code == 0, (result.output, result.exception)
    text = SGR.sub("", result.stdout)
    for raw in ("\x1b", "\x07", "\u202e", "\x9b", "\x9d"):
        assert raw not in text, (raw, text)
    for written in WRITTEN_OUT:
        assert written in text
    assert "[bold]markup[/bold]\nline two" in text  # the about text keeps its lines
    assert "She asked me for money" in text and "[red]now[/]" in text
    assert "Mal\\x1b]0;owned" in text  # a linked account's name too
    data = json.loads(amora("members", "show", str(eve), "--json").stdout)
    assert data["profile"]["about_me"].startswith(f"Line one {ESCAPES}")  # JSON: exact


def test_show_refuses_what_names_no_member(amora: Any, clock: FixedClock) -> None:
    with context.container().unit_of_work() as work:
        company = found(work.sites.by_domain("amora.test")).company_id
        work.sites.add(sample_site(company, domain="flirt.test", name="Flirt",
                                   is_default=False))
        work.commit()
    here = _sign_up(clock, "ann@example.com", "Ann", "192.0.2.1", None)
    there = _sign_up(clock, "ann@example.com", "Ann", "192.0.2.1", None, site="flirt.test")
    for args, expected, code in (
            (("nobody@example.com",), "No member with the e-mail address nobody@example.com",
             1),
            (("ann@example.com",), f"ann@example.com is a member on several sites: {here} "
                                   f"(amora.test), {there} (flirt.test)", 1),
            (("ann@example.com", "--site", "nope.test"), "No site with domain nope.test", 1),
            (("999",), "No such member", 1),
            (("ann",), "ann is no member id or e-mail address", 2),
            (("0",), "member ids run from 1", 2),
            ((str(here), "--site", "amora.test"), "--site goes with an e-mail address", 2)):
        refused = amora("members", "show", *args)
        assert refused.exit_code == code, (args, refused.output)
        assert refused.stdout == ""
        assert refused.stderr.startswith("Error: ") and refused.stderr.count("\n") == 1
        assert expected in " ".join(refused.stderr.split()), (expected, refused.stderr)
    chosen = _json(amora("members", "show", "ann@example.com", "--site", "flirt.test",
                         "--json"))
    assert (chosen["id"], chosen["site"]) == (there, "flirt.test")


# --- the search ----------------------------------------------------------------------


def _ids(amora: Any, *args: str) -> list[int]:
    return [member["id"] for member in _json(amora("members", "list", *args, "--json"))]


def test_members_are_found_by_address_or_network(amora: Any, people: dict[str, int],
                                                 wide: None) -> None:
    eve, bob, carol, dave = (people[name] for name in ("eve", "bob", "carol", "dave"))
    assert _ids(amora, "--ip", "192.0.2.10") == [eve, bob]
    assert _ids(amora, "--ip", "192.0.2.0/24") == [eve, bob]
    assert _ids(amora, "--ip", "198.51.100.7") == [eve]  # she logged in from there
    assert _ids(amora, "--ip", "198.51.100.0/24") == [eve]
    assert _ids(amora, "--ip", "198.51.100.0/23") == [eve, dave]  # 100.x and 101.x
    assert _ids(amora, "--ip", "198.51.102.0/23") == []
    assert _ids(amora, "--ip", "2001:db8::/32") == [carol]
    assert _ids(amora, "--ip", "2001:DB8:0:1::5") == [carol]
    assert _ids(amora, "--ip", "2001:db8:0:2::/64") == []
    assert _ids(amora, "--ip", "192.0.2.0/24", "--search", "bob") == [bob]
    found = _json(amora("members", "list", "--ip", "198.51.100.0/23", "--json"))
    assert [(member["email"], member["addresses"]) for member in found] == [
        ("eve@example.com", ["198.51.100.7"]), ("dave@example.com", ["198.51.101.200"])]
    assert set(found[0]) == {"id", "site", "email", "name", "gender", "country", "status",
                             "signed_up", "last_active", "addresses"}
    table = amora("members", "list", "--ip", "192.0.2.10")
    assert table.exit_code == 0 and "192.0.2.10" in table.stdout
    assert "eve@example.com" in table.stdout and "carol@example.com" not in table.stdout
    for typed, expected in (("192.0.2", "192.0.2 is no IP address or network"),
                            ("10.0.0.0/4", "10.0.0.0/4 is wider than /8"),
                            ("2001:db8::/16", "wider than /32")):
        refused = amora("members", "list", "--ip", typed)
        assert refused.exit_code == 1 and refused.stderr.startswith("Error: ")
        assert expected in refused.stderr and refused.stderr.count("\n") == 1


def test_members_are_sorted_by_sign_up_or_activity(amora: Any, people: dict[str, int]) -> None:
    eve, mallory, bob, carol, dave = (people[name] for name in (
        "eve", "mallory", "bob", "carol", "dave"))
    assert _ids(amora) == [eve, mallory, bob, carol, dave]
    assert _ids(amora, "--sort", "signup") == [dave, carol, bob, mallory, eve]
    # Seen live lately (last_seen) or logged in lately: Eve's last log-in came after
    # Mallory's sign-up; Bob was seen live after everyone else.
    with context.container().unit_of_work() as work:
        work.last_seen.seen([bob], NOW + timedelta(hours=5))
        work.last_seen.seen([carol], NOW - timedelta(days=3))  # before she signed up
        work.commit()
    assert _ids(amora, "--sort", "active") == [bob, dave, carol, mallory, eve]
    _log_in_again = NOW + timedelta(hours=2)
    _insert(t.sessions, member_id=eve, token_hash="f" * 64, created_at=_log_in_again,
            expires_at=_log_in_again + timedelta(days=30), ip="192.0.2.99")
    assert _ids(amora, "--sort", "active") == [bob, eve, dave, carol, mallory]
    listed = _json(amora("members", "list", "--sort", "active", "--limit", "2", "--json"))
    assert [(m["id"], m["last_active"]) for m in listed] == [
        (bob, "2026-11-21T17:00:00+00:00"), (eve, "2026-11-21T14:00:00+00:00")]
    assert _ids(amora, "--sort", "active", "--offset", "4") == [mallory]
    refused = amora("members", "list", "--sort", "name")
    assert refused.exit_code == 2 and refused.stderr.startswith("Error: ")


# --- clear-text ----------------------------------------------------------------------


def test_clear_text_makes_one_decision_with_the_reason(amora: Any, clock: FixedClock) -> None:
    eve = _sign_up(clock, "eve@example.com", "Eve", "192.0.2.10", None)
    _write(t.profiles, t.profiles.c.member_id == eve, about_me="Call +31 6 1234 5678")
    done = amora("members", "clear-text", str(eve), "--field", "about_me", "--reason",
                 "A phone number in the profile.", "--ground", "terms:off_platform_contact",
                 "--json")
    answer = _json(done)
    assert answer["cleared"] == ["about_me"]
    with context.container().engine().connect() as connection:
        [decision] = connection.execute(select(t.decisions)).mappings().all()
        audit = connection.execute(select(t.audit_log.c.details).where(
            t.audit_log.c.action == "members.remove_text")).scalar_one()
        about = connection.execute(select(t.profiles.c.about_me).where(
            t.profiles.c.member_id == eve)).scalar_one()
    assert (decision["id"], decision["restriction"], decision["item_id"], decision["facts"],
            decision["decided_by"]) == (answer["decision"], "text_removed", "about_me",
                                        "A phone number in the profile.", "ops")
    assert decision["undo"]["about_me"] == "Call +31 6 1234 5678"
    assert about == ""
    assert audit == {"fields": ["about_me"], "reason": "A phone number in the profile."}

    # --facts words the decision apart from the reason; the name becomes #ID.
    said = amora("members", "clear-text", str(eve), "--field", "name", "--reason",
                 "impersonates a singer", "--facts", "Your name is a singer's.", "--ground",
                 "terms:impersonation")
    assert said.exit_code == 0 and f"Cleared name of member {eve}" in said.stdout
    with context.container().engine().connect() as connection:
        facts = connection.execute(select(t.decisions.c.facts).order_by(
            t.decisions.c.id.desc()).limit(1)).scalar_one()
        name = connection.execute(select(t.profiles.c.name).where(
            t.profiles.c.member_id == eve)).scalar_one()
    assert (facts, name) == ("Your name is a singer's.", f"#{eve}")


def test_clear_text_without_a_reason_changes_nothing(amora: Any, clock: FixedClock) -> None:
    eve = _sign_up(clock, "eve@example.com", "Eve", "192.0.2.10", None)
    _write(t.profiles, t.profiles.c.member_id == eve, about_me="Call +31 6 1234 5678")
    before = _state()
    for args, expected, code in (
            (("--field", "about_me", "--ground", "spam"), "Missing option '--reason'", 2),
            (("--field", "about_me", "--ground", "spam", "--reason", " "), "Give a --reason",
             1),
            (("--field", "about_me", "--reason", "x"), "Missing option '--ground'", 2),
            (("--field", "city", "--reason", "x", "--ground", "spam"),
             "clear-text clears about_me or name", 2),
            (("--reason", "x", "--ground", "spam"), "Missing option '--field'", 2)):
        refused = amora("members", "clear-text", str(eve), *args)
        assert refused.exit_code == code, (args, refused.output)
        assert refused.stderr.startswith("Error: ") and refused.stderr.count("\n") == 1
        assert expected in refused.stderr, (expected, refused.stderr)
    unknown = amora("members", "clear-text", "999", "--field", "name", "--reason", "x",
                    "--ground", "spam")
    assert unknown.exit_code == 1 and "No such member" in unknown.stderr
    assert _state() == before
