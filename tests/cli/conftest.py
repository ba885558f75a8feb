"""The `amora` command line against a fresh, migrated SQLite database with one site."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import pytest
from typer.testing import CliRunner, Result

from cli import context
from cli.main import app

runner = CliRunner()


class Amora(Protocol):
    """The `amora` command run with these arguments, its output and exit code kept."""

    def __call__(self, *args: str) -> Result: ...


@pytest.fixture
def amora(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
          migrated_sqlite: Path) -> Iterator[Amora]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    context.container.cache_clear()

    def run(*args: str) -> Result:
        return runner.invoke(app, list(args))

    # The database `amora db upgrade` would make (test_db.py runs the command itself).
    shutil.copyfile(migrated_sqlite, tmp_path / "amora.db")
    from tests.conftest import seed_default_site

    seed_default_site(context.container())
    yield run
    context.container().engine().dispose()
    context.container.cache_clear()
