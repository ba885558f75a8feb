"""The operator's reading desk and identity (issue 30.5): `amora decisions list/show`,
`amora audit`, and a real name on every change, required in production. On SQLite and
PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli import context
from cli.main import app
from tests.conftest import seed_default_site

runner = CliRunner()

# What `amora decisions list/show --json` gives for each decision: scripts rely on it.
DECISION_KEYS = {
    "id", "site_id", "member_id", "restriction", "item_kind", "item_id", "facts", "ground",
    "detected_automatically", "decided_automatically", "decided_by", "decided_at",
    "contest_until", "status", "notice_id", "lifted_at", "lifted_by", "undo"}


@pytest.fixture
def amora(database_url: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.delenv("AMORA_OPERATOR", raising=False)
    monkeypatch.delenv("AMORA_ENV", raising=False)
    context.container.cache_clear()
    seed_default_site(context.container())
    yield lambda *args: runner.invoke(app, list(args))
    context.container().engine().dispose()
    context.container.cache_clear()


def _member(amora: Any) -> int:
    from tests.cli.test_cli import _member as signed_up  # as the web app makes them

    return signed_up(amora)


def test_decisions_list_and_show_name_who_decided(amora: Any) -> None:
    member_id = _member(amora)
    banned = amora("members", "ban", str(member_id), "--reason", "Asked for money [red]x[/]",
                   "--ground", "terms:scam", "--actor", "anna")
    assert banned.exit_code == 0, banned.output
    listed = json.loads(amora("decisions", "list", "--member", str(member_id),
                              "--json").output)
    [decision] = listed
    assert (decision["restriction"], decision["ground"], decision["decided_by"]) == (
        "ban", "terms:scam", "anna")
    shown = amora("decisions", "show", str(decision["id"]))
    assert "Asked for money [red]x[/]" in shown.output  # as text, never as markup
    assert amora("decisions", "list", "--kind", "photo_rejected", "--json").output.strip() \
        == "[]"
    refused = amora("decisions", "list", "--kind", "nonsense")
    assert refused.exit_code == 1
    assert amora("decisions", "show", "999").exit_code == 1


def test_audit_reads_the_trail_by_member_and_actor(amora: Any) -> None:
    member_id = _member(amora)
    amora("members", "ban", str(member_id), "--reason", "spam", "--ground", "spam",
          "--actor", "anna")
    amora("members", "unban", str(member_id), "--reason", "appeal", "--actor", "ben")
    trail = json.loads(amora("audit", "--member", str(member_id), "--json").output)
    assert [(row["action"], row["actor"]) for row in trail] == [
        ("members.unban", "ben"), ("members.ban", "anna")]
    only_ben = json.loads(amora("audit", "--actor", "ben", "--json").output)
    assert [row["action"] for row in only_ben] == ["members.unban"]
    later = json.loads(amora("audit", "--since", "2999-01-01", "--json").output)
    assert later == []


def test_a_change_names_its_operator_from_the_environment(
        amora: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    member_id = _member(amora)
    monkeypatch.setenv("AMORA_OPERATOR", "carla")
    amora("members", "ban", str(member_id), "--reason", "spam", "--ground", "spam")
    [row] = json.loads(amora("audit", "--member", str(member_id), "--json").output)
    assert row["actor"] == "carla"


def test_production_refuses_a_change_without_an_operator(
        amora: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    member_id = _member(amora)
    monkeypatch.setenv("AMORA_ENV", "production")
    monkeypatch.delenv("AMORA_OPERATOR", raising=False)
    refused = amora("members", "ban", str(member_id), "--reason", "spam", "--ground", "spam")
    assert refused.exit_code == 2 and "--actor" in refused.output
    assert json.loads(amora("audit", "--json").output) == []  # nothing changed
    assert context.container().moderation().show(member_id).status.value != "banned"


def test_decisions_json_is_stable_and_filtered(amora: Any) -> None:
    member_id = _member(amora)
    amora("members", "ban", str(member_id), "--reason", "spam", "--ground", "spam",
          "--actor", "anna")
    amora("members", "unban", str(member_id), "--reason", "appeal", "--actor", "ben")
    [listed] = json.loads(amora("decisions", "list", "--json").output)
    assert set(listed) == DECISION_KEYS
    assert (listed["status"], listed["lifted_by"], listed["undo"]) == (
        "lifted", "ben", {"status": "not_confirmed"})
    shown = json.loads(amora("decisions", "show", str(listed["id"]), "--json").output)
    assert shown == listed  # one shape for both
    assert json.loads(amora("decisions", "list", "--since", "2999-01-01T00:00",
                            "--json").output) == []
    assert json.loads(amora("decisions", "list", "--member", str(member_id + 1),
                            "--json").output) == []
    missing = amora("decisions", "show", "999")
    assert missing.exit_code == 1 and "No decision 999" in missing.output
