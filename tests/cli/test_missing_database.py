"""A command pointed at a database that is not there says so in one line and creates
nothing: no SQLite file, no var directory, no secret key. Only `amora db upgrade` and
`amora demo seed` make one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import inspect

from adapters.sql.engine import database_engine
from cli import context
from cli.main import app
from tests.cli.conftest import runner

READS = [["complaints", "list"], ["members", "show", "1"], ["audit"], ["today"],
         ["decisions", "list"], ["sites", "list"], ["stats", "revenue"], ["worker"],
         ["serve"], ["db", "downgrade", "base"], ["credits", "grant", "1", "5", "--reason",
                                                  "x", "--actor", "ops"]]


@pytest.fixture
def nowhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """VAR_DIR naming a folder that does not exist, and no DATABASE_URL nor SECRET_KEY."""
    var = tmp_path / "var"
    monkeypatch.setenv("VAR_DIR", str(var))
    for name in ("DATABASE_URL", "SECRET_KEY", "BASE_URL", "AMORA_ENV"):
        monkeypatch.delenv(name, raising=False)
    context.container.cache_clear()
    yield var
    context.container.cache_clear()


@pytest.mark.parametrize("args", READS, ids=" ".join)
def test_a_command_without_its_database_says_so_and_creates_nothing(
        nowhere: Path, tmp_path: Path, args: list[str]) -> None:
    answer = runner.invoke(app, args)
    assert answer.exit_code == 1, answer.output
    assert answer.stderr == (f"Error: no database at {nowhere / 'amora.db'}; run amora db "
                             "upgrade (or amora demo seed) first\n")
    assert answer.stdout == ""
    assert list(tmp_path.iterdir()) == [], "nothing made: no var dir, database or secret key"


def test_an_empty_sqlite_file_is_no_database_either(
        nowhere: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty.db"  # what a command used to leave behind
    empty.touch()
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{empty}")
    answer = runner.invoke(app, ["members", "list"])
    assert answer.exit_code == 1
    assert answer.stderr == (f"Error: no database at {empty}; run amora db upgrade (or amora "
                             "demo seed) first\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["empty.db"]


def test_a_missing_postgresql_database_is_one_line(
        nowhere: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        postgres_database: str) -> None:
    missing = postgres_database.rsplit("/", 1)[0] + "/amora_never_made"
    monkeypatch.setenv("DATABASE_URL", missing)
    for args in (["complaints", "list"], ["db", "upgrade"]):
        answer = runner.invoke(app, args)
        assert answer.exit_code == 1
        assert answer.stderr.startswith(f"Error: no database at {missing}; ")
        assert answer.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_an_unreachable_postgresql_server_is_one_line(
        nowhere: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://ops:hunter2@127.0.0.1:1/amora")
    answer = runner.invoke(app, ["complaints", "list"])
    assert answer.exit_code == 1
    assert answer.stderr.startswith("Error: cannot reach the database at "
                                    "postgresql://ops:***@127.0.0.1:1/amora: ")
    assert answer.stderr.count("\n") == 1 and "hunter2" not in answer.stderr
    assert list(tmp_path.iterdir()) == []


def test_db_upgrade_makes_the_folder_and_the_database(nowhere: Path) -> None:
    assert runner.invoke(app, ["db", "upgrade"]).exit_code == 0
    engine = database_engine(f"sqlite:///{nowhere / 'amora.db'}")
    try:
        assert {"members", "alembic_version"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
    assert runner.invoke(app, ["complaints", "list", "--json"]).stdout == "[]\n"
    context.container().engine().dispose()


def test_demo_seed_makes_the_database_it_fills(nowhere: Path) -> None:
    seeded = runner.invoke(app, ["demo", "seed", "--members", "0", "--json"])
    assert seeded.exit_code == 0, seeded.output
    assert '"sites": 3' in seeded.stdout and seeded.stdout.startswith("{")
    assert (nowhere / "amora.db").is_file()
    context.container().engine().dispose()
