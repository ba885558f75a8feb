"""The `amora` command line against a fresh, migrated SQLite database with one site."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli import context
from cli.main import app

runner = CliRunner()


@pytest.fixture
def amora(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
          migrated_sqlite: Path):
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    context.container.cache_clear()

    def run(*args: str):  # type: ignore[no-untyped-def]
        return runner.invoke(app, list(args))

    # The database `amora db upgrade` would make (test_db.py runs the command itself).
    shutil.copyfile(migrated_sqlite, tmp_path / "amora.db")
    from tests.conftest import seed_default_site

    seed_default_site(context.container())
    yield run
    context.container().engine().dispose()
    context.container.cache_clear()
