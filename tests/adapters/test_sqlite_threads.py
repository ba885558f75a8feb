"""SQLite's statements leave the gevent loop free (issue 36.4): under `amora serve` they
run on native threads while the other greenlets go on; elsewhere in the caller's."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

from adapters.sql.engine import database_engine
from adapters.sql.sqlite_threads import AHEAD

ROOT = Path(__file__).resolve().parents[2]

# In a process of its own, as in test_offload.py: gevent patches first. The loop's turns
# are counted (tests/adapters/loop_ticker.py) while the main greenlet runs a long query,
# commits and reads rows; another connection holds the write lock meanwhile, so a write
# waits for it off the loop too.
UNDER_GEVENT = """
from gevent import monkey
monkey.patch_all()
import json, sys
import gevent
from sqlalchemy import text
from adapters.sql.engine import database_engine
from adapters.sql.sqlite_threads import AHEAD
from tests.adapters.loop_ticker import start_ticker

engine = database_engine(f"sqlite:///{sys.argv[1]}")
ticker = start_ticker()
LONG = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000)"
        " SELECT count(*) FROM n")
during = {}
with engine.connect() as connection:
    counted, during["query"] = ticker.during(lambda: connection.execute(text(LONG)).scalar_one())
    connection.execute(text("CREATE TABLE t (n INTEGER)"))
    connection.execute(text("INSERT INTO t VALUES (1), (2)"))
    _, during["commit"] = ticker.during(connection.commit)
    rows = connection.execute(text("SELECT n FROM t ORDER BY n")).all()
    during["rows"] = rows == [(1,), (2,)]

def hold_the_lock():
    with engine.begin() as holder:
        holder.execute(text("INSERT INTO t VALUES (3)"))
        gevent.sleep(0.3)

holding = gevent.spawn(hold_the_lock)
gevent.sleep(0.05)
with engine.begin() as writer:
    _, during["waiting"] = ticker.during(lambda: writer.execute(text("INSERT INTO t VALUES (4)")))
holding.join()
with engine.connect() as connection:
    during["written"] = connection.execute(text("SELECT count(*) FROM t")).scalar_one()
print(json.dumps({"counted": counted, "turns": during}))
"""


def test_under_gevent_the_loop_runs_while_sqlite_works(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT, str(tmp_path / "a.db")],
                          cwd=ROOT, check=True, capture_output=True, text=True, timeout=120)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["counted"] == 3_000_000
    turns = seen["turns"]
    assert turns["query"] > 0 and turns["commit"] > 0 and turns["waiting"] > 0, seen
    assert turns["rows"] is True and turns["written"] == 4, seen


def test_without_gevent_statements_run_in_the_callers_thread(tmp_path: Path) -> None:
    engine = database_engine(f"sqlite:///{tmp_path / 'b.db'}")
    seen: list[int] = []

    def thread_id() -> int:
        seen.append(threading.get_ident())
        return 1

    with engine.connect() as connection:
        connection.connection.driver_connection.create_function(  # type: ignore[union-attr]
            "thread_id", 0, thread_id)
        connection.exec_driver_sql("SELECT thread_id()").all()
    engine.dispose()
    assert seen == [threading.get_ident()]


def test_rows_read_ahead_come_back_all_and_in_order(tmp_path: Path) -> None:
    """Rows are read AHEAD at a time: however a result is read, none is lost or doubled."""
    engine = database_engine(f"sqlite:///{tmp_path / 'c.db'}")
    count = AHEAD * 2 + 50
    numbers = f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count})"
    with engine.connect() as connection:
        everything = [(i,) for i in range(1, count + 1)]
        assert connection.exec_driver_sql(f"{numbers} SELECT i FROM n").all() == everything
        assert list(connection.exec_driver_sql(f"{numbers} SELECT i FROM n")) == everything
        result = connection.exec_driver_sql(f"{numbers} SELECT i FROM n")
        first = [result.fetchone(), *result.fetchmany(AHEAD + 10)]
        assert [*first, *result.fetchall()] == everything
        raw = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
        assert [row[0] for row in raw.execute(f"{numbers} SELECT i FROM n")] \
            == list(range(1, count + 1))
    engine.dispose()
