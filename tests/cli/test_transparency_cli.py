"""`amora transparency report` (issue 30.6): figures as a table or JSON, statements as
JSON lines that fit the schema."""

from __future__ import annotations

import json
from pathlib import Path

from adapters.texts.dsa_schema import problems
from tests.cli.conftest import Amora


def test_report_and_statements(amora: Amora, tmp_path: Path) -> None:
    from tests.cli.test_cli import _member

    member_id = _member(amora)
    amora("members", "ban", str(member_id), "--reason", "Asked Bob for money",
          "--ground", "terms:scam", "--actor", "anna")
    out = tmp_path / "statements.jsonl"
    shown = amora("transparency", "report", "--from", "2000-01-01", "--to", "2999-12-31",
                  "--statements", str(out), "--json")
    assert shown.exit_code == 0, shown.output
    figures = json.loads(shown.output)
    assert figures["decisions_by_kind"] == {"ban": 1} and figures["statements_written"] == 1
    [line] = out.read_text().splitlines()
    statement = json.loads(line)
    assert problems(statement) == [] and "Bob" not in line
    # The database's current category for the clause, and an account said in words.
    assert statement["category"] == "STATEMENT_CATEGORY_SCAMS_AND_FRAUD"
    assert statement["content_type"] == ["CONTENT_TYPE_OTHER"]
    assert statement["content_type_other"] and "incompatible_content_illegal" not in statement
    table = amora("transparency", "report", "--from", "2000-01-01", "--to", "2999-12-31")
    assert "Decisions by kind" in table.output and "terms:scam" in table.output
    backwards = amora("transparency", "report", "--from", "2026-12-01", "--to", "2026-11-01")
    assert backwards.exit_code == 1
