"""Every read command's --json names its fields in snake_case, at every depth, as `gh`
does: a script writes ``.bounce_rate``, never ``["bounce rate"]`` or ``.addedBy``. Maps
keyed by data (currencies, grounds, an audit line's details) hold values, not fields."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cli import context
from domain.complaints import ComplaintForm
from tests.cli.conftest import Amora

SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
# Fields whose value is a map keyed by data: a currency, a ground, a category, a status.
KEYED_BY_DATA = {"revenue", "refunded", "details", "notices", "decisions_by_kind",
                 "decisions_by_ground", "decisions_by_automation", "appeals", "net", "gross",
                 "by_currency", "statuses", "outcomes", "minimum_message_costs"}


def _not_snake(data: Any, path: str = "") -> list[str]:
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if not SNAKE.fullmatch(key):
                found.append(f"{path}.{key}")
            if key in KEYED_BY_DATA and isinstance(value, dict):
                for inner_key, inner in value.items():
                    found += _not_snake(inner, f"{path}.{key}[{inner_key}]")
            else:
                found += _not_snake(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, item in enumerate(data):
            found += _not_snake(item, f"{path}[{index}]")
    return found


def test_every_read_command_and_its_changes_name_its_json_fields_in_snake_case(
        amora: Amora) -> None:
    assert amora("demo", "seed", "--members", "4").exit_code == 0
    member = json.loads(amora("members", "list", "--json").stdout)[0]["id"]
    offenders = {}
    for change in (["credits", "grant", str(member), "50", "--reason", "goodwill"],
                   ["members", "ban", str(member), "--reason", "scam",
                    "--ground", "terms:scam"],
                   ["blocklist", "add", "email", "scam@fraud.example", "--note", "scam"],
                   ["discounts", "create", "SPRING10", "10", "--minimum", "20.00"]):
        done = amora(*change, "--actor", "ops", "--json")
        assert done.exit_code == 0, (change, done.output)
        if found := _not_snake(json.loads(done.stdout)):
            offenders[" ".join(change[:2])] = found
    context.container().complaints().file(None, None, ComplaintForm(
        category="spam", text="Lots of spam messages", email="v@example.com", name="Vic",
        member_id=member, good_faith=True))
    decision = json.loads(amora("decisions", "list", "--json").stdout)[0]["id"]
    complaint = json.loads(amora("complaints", "list", "--json").stdout)[0]["id"]
    reads = [
        ["members", "list"], ["members", "show", str(member)], ["credits", "ledger", str(member)],
        ["complaints", "list"], ["complaints", "show", str(complaint)], ["appeals", "list"],
        ["decisions", "list"], ["decisions", "show", str(decision)], ["audit"],
        ["orders", "list"], ["discounts", "list"], ["discounts", "show", "SPRING10"],
        ["bundles", "list", "amora.test"], ["sites", "list"], ["sites", "show", "amora.test"],
        ["sites", "keys"], ["companies", "list"], ["grounds", "list"], ["safety", "queue"],
        ["safety", "check", "send me money by western union"], ["blocklist", "list"],
        ["photos", "pending"], ["stats", "revenue"], ["stats", "signups"],
        ["stats", "members"], ["stats", "bounces"], ["today"],
        ["transparency", "report", "--from", "2000-01-01", "--to", "2999-12-31"],
    ]
    for args in reads:
        answer = amora(*args, "--json")
        assert answer.exit_code == 0, (args, answer.output)
        if found := _not_snake(json.loads(answer.stdout)):
            offenders[" ".join(args)] = found
    assert offenders == {}


def test_piped_tables_are_tab_separated_lines(amora: Amora) -> None:
    """Not on a terminal (as here): the column names, then one line per record, a
    backslash inside a value written twice (tabs and line breaks: below)."""
    listed = amora("blocklist", "add", "email", "scam@fraud.example", "--note",
                   "romance scam\\ see complaint 12", "--actor", "ops")
    assert listed.exit_code == 0, listed.output
    lines = amora("blocklist", "list").stdout.splitlines()
    assert lines[0] == "id\tkind\tvalue\tnote\tmember\tdecision\tadded_by\tadded"
    [line] = lines[1:]
    cells = line.split("\t")
    assert cells[:4] == ["1", "email", "scam@fraud.example", "romance scam\\\\ see complaint 12"]
    assert cells[4:7] == ["", "", "ops"] and cells[7].startswith("20")
    assert amora("complaints", "list").stdout.splitlines() == [  # none: the names only
        "id\tsite\tcategory\titem\tmember\tfrom\treporter\tstatus\tfiled\ttext"]


def test_tab_separated_cells_keep_their_lines_and_columns(
        capsys: pytest.CaptureFixture[str]) -> None:
    from datetime import UTC, datetime
    from decimal import Decimal

    from cli.output import rows

    rows(("id", "text", "paid", "amount", "at", "tags", "none"),
         [{"id": 7, "text": "a\tb\nc\\d\x1be", "paid": True, "amount": Decimal("12.50"),
           "at": datetime(2026, 3, 1, 9, 30, tzinfo=UTC), "tags": ["x", "y"], "none": None}],
         as_json=False, empty="nothing")
    assert capsys.readouterr().out == (
        "id\ttext\tpaid\tamount\tat\ttags\tnone\n"
        "7\ta\\tb\\nc\\\\d\\x1be\ttrue\t12.50\t2026-03-01T09:30:00+00:00\tx,y\t\n")


def test_a_terminal_still_gets_a_table(amora: Amora, monkeypatch: pytest.MonkeyPatch) -> None:
    from cli import output

    monkeypatch.setattr(output.console, "_force_terminal", True)
    assert amora("blocklist", "list").stdout == "The block lists are empty.\n"
    amora("blocklist", "add", "email", "scam@fraud.example", "--note", "scam", "--actor", "ops")
    table = amora("blocklist", "list").stdout
    assert "\t" not in table and "┃ id ┃ kind" in table and "scam@" in table
