"""Support turns off a member's two-step login when they lost their phone and their
recovery codes (`amora members two-factor-off`): the member is mailed, the audit log keeps
who and why; a member without it, or no member, is one Error: line and changes nothing.
On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from adapters.sql.tables import audit_log, outbox
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from cli import context
from cli.main import app
from tests.conftest import seed_default_site

runner = CliRunner()
AT = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


@pytest.fixture
def amora(database_url: str, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("AMORA_OPERATOR", "ops")
    context.container.cache_clear()
    seed_default_site(context.container())
    yield lambda *args: runner.invoke(app, list(args))
    context.container().engine().dispose()
    context.container.cache_clear()


def _member_with_two_factor(on: bool = True) -> int:
    container = context.container()
    member_id = int(container.signup().sign_up("amora.test", SignupForm(
        email="eve@example.com", name="Eve", date_of_birth="1980-01-01",
        password="long enough words", gender="female"),
        Visitor(ip="192.0.2.1", user_agent=None, language="en")).member.id)
    with container.unit_of_work() as uow:
        uow.two_factor.start(member_id, "JBSWY3DPEHPK3PXP", AT)
        if on:
            uow.two_factor.confirm(member_id, AT)
        uow.commit()
    return member_id


def _enrolled(member_id: int) -> bool:
    with context.container().unit_of_work() as uow:
        return bool(uow.two_factor.enrolled(member_id))


def _rows(table: Any) -> list[dict[str, Any]]:
    with context.container().engine().connect() as connection:
        return [dict(row._mapping) for row in connection.execute(select(table))]


def test_two_factor_off_mails_the_member_and_keeps_the_reason(amora: Any) -> None:
    eve = _member_with_two_factor()

    done = amora("members", "two-factor-off", str(eve), "--reason", "lost phone; ID checked")

    assert done.exit_code == 0, done.output
    assert "Two-step login turned off for member" in done.output
    assert not _enrolled(eve)
    [line] = [row for row in _rows(audit_log) if row["action"] == "members.two_factor_off"]
    assert (line["actor"], line["subject"]) == ("ops", str(eve))
    assert line["details"] == {"reason": "lost phone; ID checked"}
    assert any(job["name"] == "account_mail" and job["args"]["mail"] == "two_factor_off"
               and job["args"]["member_id"] == eve for job in _rows(outbox))


def test_two_factor_off_refuses_what_is_not_there_and_changes_nothing(amora: Any) -> None:
    eve = _member_with_two_factor(on=False)  # set up, never turned on
    before = (_rows(audit_log), _rows(outbox))

    for member in (str(eve), "999999"):
        refused = amora("members", "two-factor-off", member, "--reason", "asked")
        assert refused.exit_code == 1
        assert refused.output.startswith("Error:") and len(refused.output.splitlines()) == 1

    assert (_rows(audit_log), _rows(outbox)) == before
