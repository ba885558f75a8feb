"""Benchmarks work on databases they create and drop themselves: the one TEST_POSTGRES_URL
names (the `test` schema others use) is never handed to a bench's run or migration."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BENCHES = sorted((Path(__file__).parent / "bench").glob("*.py"))
# Reading the server's address to create or drop a database of one's own is fine.
ADMIN_CALLS = {"create_engine", "replace", "rsplit", "removeprefix"}


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


@pytest.mark.parametrize("bench", BENCHES, ids=lambda path: path.name)
def test_no_bench_runs_on_the_shared_test_database(bench: Path) -> None:
    for node in ast.walk(ast.parse(bench.read_text())):
        if isinstance(node, ast.Call) and _name(node) not in ADMIN_CALLS:
            arguments = [*node.args, *(keyword.value for keyword in node.keywords)]
            assert not any(isinstance(argument, ast.Name) and argument.id == "POSTGRES_SERVER"
                           for argument in arguments), f"{bench.name}:{node.lineno}"
