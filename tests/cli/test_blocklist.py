"""`amora blocklist add|list|remove`, `amora members ban --blocklist` and held photos in
`amora photos pending` (issue 31.3), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adapters.images.pillow import PillowImages
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context, output
from cli.main import app
from domain.blocklists import EntryKind
from domain.decisions import Restriction
from tests.adapters.test_photo_hashes import altered, portrait
from tests.conftest import seed_default_site
from tests.lookups import found

runner = CliRunner()
DEVICE = "d3vice-of-a-banned-scammer-0001"


@pytest.fixture
def amora(database_url: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("AMORA_OPERATOR", "j.jansen.ops")
    context.container.cache_clear()
    seed_default_site(context.container())
    yield lambda *args: runner.invoke(app, list(args))
    context.container().engine().dispose()
    context.container.cache_clear()


def _member(email: str, ip: str = "81.2.69.160", device: str | None = DEVICE) -> int:
    login = context.container().signup().sign_up("amora.test", SignupForm(
        email=email, name="Scam Mer", date_of_birth="1980-01-01",
        password="long enough words", gender="female"),
        Visitor(ip=ip, user_agent=None, language="en", device=device))
    return int(login.member.id)


def _entries(amora: Any, *args: str) -> list[dict[str, Any]]:
    answer = amora("blocklist", "list", "--json", *args)
    assert answer.exit_code == 0, answer.output
    found: list[dict[str, Any]] = json.loads(answer.stdout)
    return found


def test_values_are_listed_shown_and_removed(amora: Any, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(output.console, "_width", 200)  # a table on one line each
    added = amora("blocklist", "add", "email", "Scammer+x@Fraud.example", "--note",
                  "romance scam, see complaint 12", "--json")
    assert added.exit_code == 0, added.output
    [entry] = json.loads(added.stdout)["added"]
    assert (entry["kind"], entry["value"], entry["added_by"]) == (
        "email", "scammer@fraud.example", "j.jansen.ops")
    for kind, value in (("domain", "fraud-mail.example"), ("ip", "81.2.69.160"),
                        ("ip", "2a02:a45a:1:2:3:4:5:6"), ("device", DEVICE)):
        assert amora("blocklist", "add", kind, value).exit_code == 0
    photo = tmp_path / "scammer.png"
    photo.write_bytes(altered(portrait(7), 1.0, "PNG"))
    assert amora("blocklist", "add", "photo", str(photo)).exit_code == 0
    again = amora("blocklist", "add", "ip", "81.2.69.160/32", "--json")
    assert json.loads(again.stdout) == {"added": [], "already_listed": [
        {"kind": "ip_network", "value": "81.2.69.160/32"}]}
    listed = _entries(amora)
    assert [(e["kind"], e["value"]) for e in listed][:5] == [
        ("photo_hash", listed[0]["value"]), ("device", DEVICE),
        ("ip_network", "2a02:a45a:1:2::/64"), ("ip_network", "81.2.69.160/32"),
        ("email_domain", "fraud-mail.example")]
    assert len(listed[0]["value"]) == 80
    assert [e["value"] for e in _entries(amora, "--kind", "ip")] == [
        "2a02:a45a:1:2::/64", "81.2.69.160/32"]
    table = amora("blocklist", "list")
    assert "romance scam, see complaint 12" in table.stdout and "j.jansen.ops" in table.stdout
    removed = amora("blocklist", "remove", str(entry["id"]), "--note", "a mistake")
    assert removed.exit_code == 0 and "scammer@fraud.example" in removed.stdout
    assert amora("blocklist", "remove", str(entry["id"])).exit_code == 1
    assert len(_entries(amora)) == 5


@pytest.mark.parametrize(("args", "error"), [
    (("domain", "gmail.com"), "gmail.com is a free-mail domain"),
    (("domain", "hotmail.co.uk"), "hotmail.co.uk is a free-mail domain"),
    (("ip", "10.0.0.0/8"), "wider than /16"),
    (("ip", "127.0.0.1"), "cannot be listed"),
    (("ip", "not-an-address"), "no IP address or network"),
    (("device", "short"), "no device id"),
    (("photo-hash", "abc"), "no photo hash"),
    (("email", "nobody"), "no e-mail address"),
])
def test_what_cannot_be_listed_is_refused_with_a_clear_error(
        amora: Any, args: tuple[str, ...], error: str) -> None:
    answer = amora("blocklist", "add", *args)
    assert answer.exit_code == 1 and error in answer.stderr, answer.output
    assert _entries(amora) == []


def test_a_plain_picture_is_refused(amora: Any, tmp_path: Path) -> None:
    from tests.adapters.test_images import picture

    plain = tmp_path / "plain.jpg"
    plain.write_bytes(picture())
    answer = amora("blocklist", "add", "photo", str(plain))
    assert answer.exit_code == 1 and "too plain" in answer.stderr
    missing = amora("blocklist", "add", "photo", str(tmp_path / "missing.jpg"))
    assert missing.exit_code == 1 and "missing.jpg" in missing.stderr


def test_the_command_line_is_checked(amora: Any) -> None:
    assert amora("blocklist", "add").exit_code == 2
    assert amora("blocklist", "add", "email").exit_code == 2
    assert amora("blocklist", "add", "--email").exit_code == 2  # goes with --member
    assert amora("blocklist", "add", "--member", "1").exit_code == 2  # which parts?
    assert amora("blocklist", "add", "phone", "123").exit_code == 2
    assert amora("blocklist", "list", "--kind", "phone").exit_code == 2


def test_a_ban_lists_what_the_member_left_behind_and_their_return_is_held(amora: Any) -> None:
    scammer = _member("scam.mer@fraud-mail.example")
    photos = context.container().photos()
    photo = photos.upload(scammer, portrait(8))
    with context.container().unit_of_work() as work:
        work.sessions.add(scammer, "second-login", found(work.members.get(scammer)).created_at,
                          found(work.members.get(scammer)).created_at, "2a02:a45a::9", None,
                          "an0ther-browser-of-his-00001")
        work.commit()
    banned = amora("members", "ban", str(scammer), "--reason", "Romance scam",
                   "--ground", "terms:scam", "--blocklist", "email,domain,ips,device,photos",
                   "--json")
    assert banned.exit_code == 0, banned.output
    result = json.loads(banned.stdout)
    assert result["status"] == "banned"
    assert sorted((e["kind"], e["value"]) for e in result["blocklist"]
                  if e["kind"] != "photo_hash") == sorted([
        ("email", "scam.mer@fraud-mail.example"), ("email_domain", "fraud-mail.example"),
        ("ip_network", "81.2.69.160/32"), ("ip_network", "2a02:a45a::/64"),
        ("device", DEVICE), ("device", "an0ther-browser-of-his-00001")])
    assert [e["value"] for e in result["blocklist"] if e["kind"] == "photo_hash"] == [
        str(PillowImages().process(portrait(8)).phash)]
    listed = _entries(amora, "--member", str(scammer))
    with context.container().unit_of_work() as work:
        ban = work.decisions.in_force(scammer, Restriction.BAN, str(scammer))
    assert ban is not None and {e["decision"] for e in listed} == {ban.id}
    assert {e["note"] for e in listed} == {"Romance scam"}
    # He comes back: a new address at the same domain, from the same browser.
    back = _member("romeo@fraud-mail.example", ip="89.160.20.112")
    with context.container().unit_of_work() as work:
        assert work.decisions.in_force(back, Restriction.ACCOUNT_HELD, str(back)) is not None
    # And his photo, resized, is held.
    again = photos.upload(back, altered(portrait(8), 0.5))
    assert again.status.value == "held"
    queue = amora("photos", "pending", "--json")
    held = [p for p in json.loads(queue.stdout)["photos"] if p["id"] == again.id]
    assert held and held[0]["status"] == "held", queue.stdout
    assert held[0]["held"].startswith("matches block-list entry ")
    table = amora("photos", "pending")
    assert "held" in table.stdout
    approved = amora("photos", "approve", str(again.id))
    assert approved.exit_code == 0
    with context.container().unit_of_work() as work:
        assert work.decisions.in_force(back, Restriction.PHOTO_HELD, str(again.id)) is None
    assert photo.id != again.id


def test_a_ban_naming_a_free_mail_domain_bans_nobody(amora: Any) -> None:
    member = _member("ann@gmail.com")
    refused = amora("members", "ban", str(member), "--reason", "Spam", "--ground",
                    "terms:spam", "--blocklist", "email,domain")
    assert refused.exit_code == 1 and "gmail.com is a free-mail domain" in refused.stderr
    assert context.container().moderation().show(member).banned_at is None
    typo = amora("members", "ban", str(member), "--reason", "Spam", "--ground",
                 "terms:spam", "--blocklist", "email,phone")
    assert typo.exit_code == 2 and "phone" in typo.output
    listed = amora("blocklist", "add", "--member", str(member), "--email", "--ips", "--json")
    assert listed.exit_code == 0, listed.output
    assert [e["kind"] for e in json.loads(listed.stdout)["added"]] == ["email", "ip_network"]
    assert {e["decision"] for e in _entries(amora)} == {None}  # not banned: no decision


def test_photos_hashed_before_the_block_lists_are_hashed_from_their_files(
        amora: Any) -> None:
    member = _member("old.member@example.com")
    images = context.container().photos().images
    full = images.process(portrait(9)).full
    context.container().files().put("photos/old/1.jpg", full, "image/jpeg")
    with context.container().unit_of_work() as work:
        work.photos.add(member, "photos/old/1.jpg", "photos/old/1_t.jpg", True, "active",
                        found(work.members.get(member)).created_at)
        work.commit()
    added = amora("blocklist", "add", "--member", str(member), "--photos", "--json")
    [entry] = json.loads(added.stdout)["added"]
    assert entry["kind"] == EntryKind.PHOTO_HASH.value
    assert entry["value"] == str(PillowImages().photo_hash(full))
