"""`amora db upgrade` and `downgrade` on a new SQLite database (the other CLI tests start
from a copy of one migrated once per session)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect

from adapters.sql.engine import database_engine
from cli import context
from cli.main import app
from tests.cli.conftest import runner


def test_db_upgrade_makes_the_tables_and_downgrade_removes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    context.container.cache_clear()
    engine = database_engine(f"sqlite:///{tmp_path / 'amora.db'}")
    try:
        for _ in range(2):  # a second upgrade finds nothing to do
            assert runner.invoke(app, ["db", "upgrade"]).exit_code == 0
            assert {"members", "sites", "alembic_version"} <= set(
                inspect(engine).get_table_names())
        assert runner.invoke(app, ["db", "downgrade", "base"]).exit_code == 0
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    finally:
        engine.dispose()
        context.container.cache_clear()
