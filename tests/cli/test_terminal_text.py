"""Stored texts reach an operator's terminal as plain text (issue 28.4): a member's name,
complaint or appeal text, or traffic parameter is never read as Rich markup (no crash, no
hyperlink) and its control characters are shown, not sent (no colours, screen clearing or
window titles of the member's choosing, no text turned around by a bidi override)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from rich.color import ColorSystem

from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context, output
from domain.complaints import ComplaintForm
from domain.members import Traffic

MARKUP = "[/x][link=https://evil.example]click[/link]"
CONTROLS = "\x1b]0;owned\x07\x1b[2J\u202e"
PAYLOAD = CONTROLS + MARKUP  # 58 characters: the lists cut texts at 60
SHOWN = (MARKUP, r"\x1b]0;owned\x07", r"\x1b[2J", r"\u202e")
SGR = re.compile(r"\x1b\[[0-9;]*m")  # the console's own colours
PASSWORD = "long enough words"


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' console as on a wide colour terminal: styles and links would be sent."""
    monkeypatch.setattr(output.console, "_force_terminal", True)
    monkeypatch.setattr(output.console, "_color_system", ColorSystem.TRUECOLOR)
    monkeypatch.setattr(output.console, "_width", 400)


def plain(result: Any) -> str:
    """A command's output without the console's own colours; nothing else may be an escape."""
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.exception is None
    text = SGR.sub("", result.stdout)
    for raw in ("\x1b", "\x07", "\u202e", "\x9b", "\x9d"):
        assert raw not in text, (raw, text)
    return text


def shows_payload(text: str) -> None:
    for literal in SHOWN:
        assert literal in text, (literal, text)


@pytest.fixture
def planted(amora: Any, terminal: None) -> Iterator[dict[str, int]]:
    """A member whose name, traffic, ban reason, complaint and appeal carry the payload
    (names as an older release or a direct write may have stored them)."""
    built = context.container()
    traffic = Traffic(network=PAYLOAD, sub1=PAYLOAD, lander=PAYLOAD)
    login = built.signup().sign_up("amora.test", SignupForm(
        email="eve@example.com", name="Eve", date_of_birth="1980-01-01", password=PASSWORD,
        gender="female"), Visitor(ip="192.0.2.1", user_agent=None, language="en",
                                  traffic=traffic))
    member_id = int(login.member.id)
    with built.unit_of_work() as work:
        member = work.members.get(member_id)
        assert member is not None
        work.members.save(member, attrs.evolve(member, profile=attrs.evolve(
            member.profile, name=PAYLOAD, city=PAYLOAD)))
        work.commit()
    complaint = built.complaints().file("amora.test", None, ComplaintForm(
        category="other", text=PAYLOAD, email="visitor@example.com", member_id=member_id,
        name=PAYLOAD, good_faith=True))
    built.moderation().ban(member_id, PAYLOAD, "ops")
    appeal = built.appeals().file("amora.test", "eve@example.com", PASSWORD,
                                  PAYLOAD + "\nsecond line", Visitor(
                                      ip="192.0.2.1", user_agent=None, language="en"))
    yield {"member": member_id, "complaint": complaint.id, "appeal": appeal.id}


@pytest.mark.parametrize("command", [
    ("complaints", "list"), ("complaints", "show", "{complaint}"),
    ("appeals", "list"), ("appeals", "show", "{appeal}"),
    ("members", "list"), ("members", "show", "{member}"),
    ("stats", "signups"),
], ids=" ".join)
def test_stored_text_is_shown_literally_with_controls_visible(
        amora: Any, planted: dict[str, int], command: tuple[str, ...]) -> None:
    result = amora(*(part.format(**planted) for part in command))
    shows_payload(plain(result))


def test_show_views_keep_line_breaks_and_nothing_else(amora: Any, planted: dict[str, int]) -> None:
    text = plain(amora("appeals", "show", str(planted["appeal"])))
    assert "\nsecond line" in text
    listed = plain(amora("appeals", "list"))
    assert "second line" not in listed  # cut at 60 characters, one row each


def test_json_is_exact_data_with_nothing_a_terminal_acts_on(
        amora: Any, planted: dict[str, int]) -> None:
    for command in (("complaints", "show", str(planted["complaint"])),
                    ("members", "show", str(planted["member"])), ("stats", "signups")):
        result = amora(*command, "--json")
        assert result.exit_code == 0
        for raw in ("\x1b", "\x07", "\u202e"):
            assert raw not in result.stdout
        assert PAYLOAD in _strings(json.loads(result.stdout))  # the data as stored


def _strings(data: Any) -> set[str]:
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return set().union(*map(_strings, data))
    return {data} if isinstance(data, str) else set()


def test_csv_keeps_data_but_no_cell_starts_a_formula(amora: Any, terminal: None) -> None:
    built = context.container()
    for index, lander in enumerate(("=HYPERLINK(\"https://evil.example\")", "-2+3", "@SUM(1)")):
        built.signup().sign_up("amora.test", SignupForm(
            email=f"f{index}@example.com", name="Fay", date_of_birth="1980-01-01",
            password=PASSWORD), Visitor(ip="192.0.2.1", user_agent=None, language="en",
                                        traffic=Traffic(network="+net", lander=lander)))
    result = amora("stats", "signups", "--csv")
    assert result.exit_code == 0
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    assert sorted(row["lander"] for row in table) == [
        "'-2+3", "'=HYPERLINK(\"https://evil.example\")", "'@SUM(1)"]
    assert {row["source"] for row in table} == {"'+net"}
    assert {row["signups"] for row in table} == {"1"}  # figures stay numbers


def test_operator_texts_print_literally_too(amora: Any, terminal: None) -> None:
    added = amora("companies", "add", "Evil [/x] Ltd", "--street", "Main 1", "--postcode",
                  "1011AA", "--city", "Amsterdam", "--country", "NL", "--registration",
                  "12345678")
    assert "Evil [/x] Ltd" in plain(added)
    assert "Evil [/x] Ltd" in plain(amora("companies", "list"))
    assert "Evil [/x] Ltd" in plain(amora("companies", "show", "Evil [/x] Ltd"))
    changed = amora("sites", "set", "amora.test", "name", "Amora [bold]x[/bold]")
    assert "Amora [bold]x[/bold]" in plain(amora("sites", "list"))
    assert changed.exit_code == 0


def test_errors_show_control_characters_too(amora: Any) -> None:
    result = amora("sites", "show", "\x1b]0;owned\x07")
    assert result.exit_code == 2  # refused as typed: no argument may hold one
    assert "\x1b" not in result.stderr and r"\x1b]0;owned\x07" in result.stderr
