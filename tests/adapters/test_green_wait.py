"""psycopg's waits under `amora serve` go through gevent's loop (adapters/sql/green_wait.py):
other greenlets run while a statement waits for PostgreSQL, and results, errors, timeouts
and cancels come back as with psycopg's own waits."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from psycopg import waiting

from adapters.sql.engine import database_engine

ROOT = Path(__file__).resolve().parents[2]

# In a process of its own, as in test_offload.py: `import cli` patches as `amora serve`
# does (its first argument is "serve"), before anything else is imported. The loop's
# turns are counted (tests/adapters/loop_ticker.py) while a statement waits in PostgreSQL.
UNDER_GEVENT = """
import cli
import json, socket, sys
import gevent
import psycopg
from psycopg import errors, waiting
from adapters.sql import green_wait
from adapters.sql.engine import database_engine
from tests.adapters.loop_ticker import start_ticker

engine = database_engine(sys.argv[2])
seen = {"wait": f"{waiting.wait.__module__}.{waiting.wait.__name__}"}
ticker = start_ticker()
with engine.connect() as connection:
    raw = connection.connection.driver_connection
    _, seen["turns while sleeping"] = ticker.during(lambda: raw.execute("SELECT pg_sleep(0.3)"))
    seen["rows"] = raw.execute("SELECT n, n::text FROM generate_series(1, 3) n").fetchall()
    try:
        raw.execute("SELECT 1 / %s::int", (0,))
    except psycopg.errors.DivisionByZero as error:
        seen["error"] = error.sqlstate
    raw.rollback()
    seen["after the error"] = raw.execute("SELECT %s::int", (7,)).fetchone()[0]

    raw.execute("SET statement_timeout = '50ms'")
    try:
        raw.execute("SELECT pg_sleep(30)")
    except psycopg.errors.QueryCanceled as error:
        seen["statement timeout"] = error.sqlstate
    raw.rollback()
    raw.execute("SET statement_timeout = 0")

    # Cancelled from another greenlet once PostgreSQL shows the statement running.
    pid = raw.info.backend_pid
    def cancel():
        with psycopg.connect(sys.argv[2], autocommit=True) as watcher:
            while not watcher.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s"
                                      " AND state = 'active'", (pid,)).fetchone():
                gevent.sleep(0.01)
        raw.cancel_safe()
    canceller = gevent.spawn(cancel)
    try:
        raw.execute("SELECT pg_sleep(30)")
    except psycopg.errors.QueryCanceled as error:
        seen["cancelled"] = error.sqlstate
    canceller.join(timeout=60)
    raw.rollback()
    seen["after the cancel"] = raw.execute("SELECT 8").fetchone()[0]

# The contract on a socket pair: what came is sent back, the generator's value returned,
# the timeout raised.
near, far = socket.socketpair()
def reads():
    ready = yield waiting.Wait.R
    while not ready:
        ready = yield waiting.Wait.R
    return ("read", int(ready))
try:
    green_wait.wait(reads(), near.fileno(), interval=0.01, timeout=0.05)
except errors._WaitTimeout:
    seen["timed out"] = True
far.send(b"x")
seen["read"] = green_wait.wait(reads(), near.fileno(), interval=0.1)
def writes():
    return int((yield waiting.Wait.RW))
seen["writable"] = green_wait.wait(writes(), far.fileno(), interval=0.1)
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def under_gevent(postgres_database: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT, "serve", postgres_database],
                          cwd=ROOT, check=True, capture_output=True, text=True, timeout=120)
    seen: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


def test_the_loop_runs_while_a_statement_waits_in_postgresql(
        under_gevent: dict[str, Any]) -> None:
    assert under_gevent["turns while sleeping"] > 0, under_gevent


def test_rows_and_errors_come_back_and_the_connection_goes_on(
        under_gevent: dict[str, Any]) -> None:
    assert under_gevent["rows"] == [[1, "1"], [2, "2"], [3, "3"]]
    assert under_gevent["error"] == "22012"  # division_by_zero
    assert under_gevent["after the error"] == 7


def test_a_statement_timeout_and_a_cancel_still_end_the_statement(
        under_gevent: dict[str, Any]) -> None:
    assert under_gevent["statement timeout"] == "57014"  # query_canceled
    assert under_gevent["cancelled"] == "57014"
    assert under_gevent["after the cancel"] == 8


def test_psycopgs_contract_ready_states_value_and_timeout(
        under_gevent: dict[str, Any]) -> None:
    assert under_gevent.get("timed out") is True
    assert under_gevent["read"] == ["read", int(waiting.Ready.R)]
    assert under_gevent["writable"] == int(waiting.Ready.W)


def test_installed_in_a_process_gevent_patched(under_gevent: dict[str, Any]) -> None:
    assert under_gevent["wait"] == "adapters.sql.green_wait.wait"


def test_not_installed_in_a_plain_process(postgres_database: str) -> None:
    """pytest's process is not patched: psycopg keeps its C wait (psycopg-binary)."""
    database_engine(postgres_database).dispose()
    assert waiting.wait is waiting.wait_c
