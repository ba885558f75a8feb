"""Benchmark: how fast the operator's read commands start (issue 32.7, goal ≤ 0.5 s).

Seeds the demo data into a database of its own (SQLite in a temporary VAR_DIR, and a fresh
PostgreSQL database when the server answers), then runs each read command ROUNDS times as
the operator would (`amora ...`, output to a pipe) and prints the median wall time and CPU
(user + system, the process and its children) per command. The floor line is a Python that
only imports what every read command needs (typer, rich, SQLAlchemy's core and the driver):
what is left above it is Amora's own.

    .venv/bin/python tests/bench/bench_cli_start.py [ROUNDS]      (default 5)
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

AMORA = Path(sys.executable).with_name("amora")
READS = ("--help", "members list", "complaints list", "orders list", "today",
         "safety queue", "appeals list", "photos pending", "sites list", "audit",
         "discounts list")
FLOOR = "import typer, rich.console, sqlalchemy, {driver}"


def _timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run, the CPU read from the children's usage."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _medians(argv: list[str], env: dict[str, str], rounds: int) -> tuple[float, float]:
    runs = [_timed(argv, env) for _ in range(rounds)]
    return (statistics.median(wall for wall, _ in runs),
            statistics.median(cpu for _, cpu in runs))


def _seeded(env: dict[str, str]) -> None:
    for step in (["db", "upgrade"], ["demo", "seed"]):
        subprocess.run([str(AMORA), *step], env=env, cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def measure(name: str, env: dict[str, str], driver: str, rounds: int) -> None:
    _seeded(env)
    print(f"\n{name}: median of {rounds} runs, seconds")
    print(f"{'command':<18}{'wall':>8}{'cpu':>8}")
    floor = _medians([sys.executable, "-c", FLOOR.format(driver=driver)], env, rounds)
    print(f"{'(floor)':<18}{floor[0]:>8.3f}{floor[1]:>8.3f}")
    worst = 0.0
    for command in READS:
        wall, cpu = _medians([str(AMORA), *command.split()], env, rounds)
        worst = max(worst, wall)
        print(f"{command:<18}{wall:>8.3f}{cpu:>8.3f}")
    print(f"slowest read command: {worst:.3f} s wall (goal ≤ 0.5 s)")


def main(argv: list[str] | None = None) -> None:
    rounds = int((argv or sys.argv[1:] or ["5"])[0])
    print(f"load average {os.getloadavg()[0]:.2f}")
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "COLUMNS": "100",
            "SECRET_KEY": "bench", "HOME": os.environ.get("HOME", "/tmp")}
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        measure("SQLite", {**base, "VAR_DIR": str(folder / "sqlite")}, "sqlite3", rounds)
        try:
            from tests.bench.databases import postgres_database

            url = stack.enter_context(postgres_database())
        except Exception as unreachable:  # noqa: BLE001 - the SQLite figures still stand
            print(f"\nPostgreSQL skipped: {unreachable}")
            return
        url = url.replace("postgresql://", "postgresql+psycopg://")
        measure("PostgreSQL", {**base, "VAR_DIR": str(folder / "pg"), "DATABASE_URL": url},
                "psycopg", rounds)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
