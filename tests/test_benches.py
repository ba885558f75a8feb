"""Benchmarks work on databases they create and drop themselves: the one TEST_POSTGRES_URL
names (the `test` schema others use) is never handed to a bench's run or migration."""

from __future__ import annotations

import ast
import concurrent.futures
import subprocess
import sys
import time
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


def test_bench_chat_reads_the_workers_memory_not_the_arbiters() -> None:
    """gunicorn's arbiter serves no socket: the bench weighs its children, the workers."""
    from tests.bench.bench_chat import Server

    arbiter = subprocess.Popen([sys.executable, "-c", "import subprocess, sys; subprocess.run("
                                "[sys.executable, '-c', 'import sys; sys.stdin.read()'])"],
                               stdin=subprocess.PIPE)
    server = Server(arbiter, "127.0.0.1:0")
    try:
        while not server.workers():  # the child starts in its own time
            assert arbiter.poll() is None
            time.sleep(0.05)
        assert server.workers() != [arbiter.pid] and len(server.workers()) == 1
        assert server.rss_kb() > 0
    finally:
        arbiter.communicate(timeout=30)  # closing stdin ends the child, then the parent


@pytest.mark.postgres
@pytest.mark.redis
def test_bench_chat_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """A tiny run of the chat bench (two `amora serve`, sockets, messages both ways), so
    it keeps working as the app changes; its figures mean nothing at this size. With the
    rate limits on, as behind production's proxy: no message may be refused for them."""
    from tests.bench.bench_chat import main

    # In a thread of its own: the bench starts an asyncio loop, and the Playwright tests
    # earlier in the same pytest process leave one running in this thread.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(main, ["--sockets", "4", "--rate", "20", "--seconds", "0.5",
                           "--idle-seconds", "0", "--limits"]).result()
    printed = capsys.readouterr().out
    assert "goal p99" in printed and "FAILED" not in printed, printed


@pytest.mark.postgres
def test_bench_search_cpu_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A tiny run of the search CPU bench (its own database, the app called straight), so
    it keeps working as search changes; its figures mean nothing at this size."""
    import pstats

    from tests.bench.bench_search_cpu import main

    kept = tmp_path / "search.prof"
    main(["--members", "400", "--viewers", "20", "--searches", "20", "--profile-out", str(kept)])
    printed = capsys.readouterr().out
    for search in ("their defaults (best)", "women 25 km nearest"):
        assert search in printed
    # A search sends its statements in autocommit: no BEGIN or COMMIT round trips.
    trips = [float(line.split(" round trips")[0].rsplit(None, 1)[1])
             for line in printed.splitlines() if " round trips" in line]
    statements = [float(line.split(" statements")[0].rsplit(None, 1)[1])
                  for line in printed.splitlines() if " round trips" in line]
    assert len(trips) == 4 and all(s <= t < s + 1 for t, s in zip(trips, statements, strict=True))
    assert "budget" in printed
    assert pstats.Stats(str(kept)).get_stats_profile().func_profiles
