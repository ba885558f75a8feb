"""Engines for SQLite (embedded default) and PostgreSQL (psycopg 3)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import CursorResult, Engine, create_engine, event, make_url
from sqlalchemy.exc import OperationalError

from adapters.sql.sqlite_threads import connection_class

UNDEFINED_DATABASE = "3D000"  # PostgreSQL's SQLSTATE for "database ... does not exist"
# A SQLite file's pool (SQLAlchemy's defaults), named because each connection gets a
# native thread of its own for its statements (adapters/sql/sqlite_threads.py).
SQLITE_POOL_SIZE = 5
SQLITE_MAX_OVERFLOW = 10


def inserted_id(result: CursorResult[Any]) -> int:
    """The primary key of the one row an INSERT added."""
    key = result.inserted_primary_key
    assert key is not None  # SQLAlchemy has it after any single-row INSERT
    return int(key[0])


def database_engine(url: str, pool_size: int = 10, max_overflow: int = 20,
                    custom_plans: bool = False) -> Engine:
    """An engine for ``url``; on PostgreSQL with a pool of ``pool_size`` connections and
    up to ``max_overflow`` more under load (DATABASE_POOL_SIZE, DATABASE_MAX_OVERFLOW);
    ``custom_plans``: its sessions plan each statement for its values (search_engine_for)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        engine = _sqlite_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    keep_long_statements_converted()
    wait_on_the_loop_under_gevent()
    from adapters.sql.described import DescribedLater  # psycopg: PostgreSQL's alone

    # No ping before each checkout (a round trip per request): a connection the server
    # dropped fails its first statement instead, which answers 503 (the client tries
    # again) and, being a disconnect, makes the pool replace all its older connections.
    # Cursors describe their columns when asked (adapters/sql/described.py).
    options = _NO_PARALLEL_WORKERS + (_CUSTOM_PLANS if custom_plans else "")
    engine = create_engine(url, pool_size=pool_size, max_overflow=max_overflow,
                           json_deserializer=json_from_database,
                           connect_args={"cursor_factory": DescribedLater, "options": options})
    if custom_plans:
        event.listen(engine, "connect", _planning_each_statement)
    return engine


def search_engine_for(engine: Engine, url: str, pool_size: int = 10,
                      max_overflow: int = 20) -> Engine:
    """The connections member searches run on (units of work opened with
    ``searches=True``). On PostgreSQL a pool of its own, a third of the main pool's sizes,
    whose sessions plan every statement for its values: a search's best plan depends on
    them (a plan made for "everyone" walked 100k members for "women in NL-NH", p50 6 ->
    27 ms), while the app's other statements gain from plans kept after a few runs (a
    three-table read: 68 us of the server's CPU against 288 planned each time). Setting it
    per search took a transaction (SET LOCAL, two round trips), sending searches unprepared
    took the server 0.6 ms more per search to parse them. SQLite: the one engine."""
    if engine.dialect.name != "postgresql":
        return engine
    searching = database_engine(url, pool_size=max(1, pool_size // 3),
                                max_overflow=max_overflow // 3, custom_plans=True)
    # Its connections close with the main engine's (tests, commands, benches).
    event.listen(engine, "engine_disposed", lambda _engine: searching.dispose())
    return searching


# A request's statement reads a few thousand index entries at most: parallel workers cost
# more to start than they save, and take the cores other requests wait for
# (bench_search's radius counts: 28 ms in parallel, 3 ms without, under load). Set when
# the connection opens: no round trip, and no transaction needed to hold it.
_NO_PARALLEL_WORKERS = "-c max_parallel_workers_per_gather=0"
_CUSTOM_PLANS = " -c plan_cache_mode=force_custom_plan"
PLANS_EACH_STATEMENT = "amora_custom_plans"  # a connection's info: its session plans anew


def _planning_each_statement(_driver: Any, record: Any) -> None:
    record.info[PLANS_EACH_STATEMENT] = True


_DECODER = json.JSONDecoder()
_DECODE_JSON = _DECODER.decode
# The decoder's scanner (json's C one): the value at a place and where it ends.
_SCAN_JSON: Callable[[str, int], tuple[Any, int]] = \
    _DECODER.scan_once  # type: ignore[attr-defined]  # not in typeshed's JSONDecoder


def json_from_database(data: bytes | memoryview | str) -> Any:
    """A JSON column's value as psycopg hands it over (UTF-8 bytes). json.loads first
    guesses the bytes' encoding; the database's is known (issue 36.2: a best-first search
    reads 73 members' interests, 2.9 -> 1.5 us each). A value as the app writes it, with
    nothing around it, is scanned at once; decode's two searches for white space around
    it took as long as the scan (1.5 -> 0.6 us). Anything else is decoded as before, its
    errors too."""
    text = data if isinstance(data, str) else str(data, "utf-8")
    try:
        value, end = _SCAN_JSON(text, 0)
    except StopIteration:  # white space first, or no value at all
        return _DECODE_JSON(text)
    return value if end == len(text) else _DECODE_JSON(text)


# psycopg turns a statement's placeholders into PostgreSQL's once per distinct text and
# keeps the result (128 texts), but only for texts of up to 4,096 characters and 50
# parameters: a longer one is parsed again at every run. The search statements are
# 3,500-37,000 characters with up to 312 parameters (nearest first's ring counts; similar
# members 16,500 and 187) and few (one per search shape, adapters/sql/discovery.py's
# _kept), and parsing them again was an eighth of a search's CPU (issue 36.2; the ring
# counts' 2.3 ms a search). The limits are psycopg's module settings
# (psycopg._queries.MAX_CACHED_STATEMENT_LENGTH and _PARAMS); tests/adapters/test_sql.py
# checks that a long text is kept, so a psycopg that moves them fails a test, not a
# search. A bulk insert of many rows stays above the parameters' limit.
LONGEST_KEPT_STATEMENT = 65_536
MOST_KEPT_PARAMETERS = 512


def keep_long_statements_converted() -> None:
    from psycopg import _queries

    if _queries.MAX_CACHED_STATEMENT_LENGTH < LONGEST_KEPT_STATEMENT:
        _queries.MAX_CACHED_STATEMENT_LENGTH = LONGEST_KEPT_STATEMENT
    if _queries.MAX_CACHED_STATEMENT_PARAMS < MOST_KEPT_PARAMETERS:
        _queries.MAX_CACHED_STATEMENT_PARAMS = MOST_KEPT_PARAMETERS


def wait_on_the_loop_under_gevent() -> None:
    """Where gevent has patched `select` (`amora serve`), psycopg waits for its sockets
    with adapters/sql/green_wait.py rather than its own choice there, wait_poll: 33 µs of
    CPU per trivial statement instead of 46 (docs/architecture.md). Elsewhere psycopg's C
    wait stays, which would block the loop."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("select"):
        from adapters.sql.green_wait import install

        install()


def _sqlite_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.database in (None, "", ":memory:") or parsed.query.get("mode") == "memory":
        # One connection per thread (SQLAlchemy's pool for a database in memory): not
        # one `amora serve` uses, and a pool without a bound, so nothing off the loop.
        return create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
    connections = SQLITE_POOL_SIZE + SQLITE_MAX_OVERFLOW
    return create_engine(url, pool_size=SQLITE_POOL_SIZE, max_overflow=SQLITE_MAX_OVERFLOW,
                         connect_args={"check_same_thread": False, "timeout": 30,
                                       "factory": connection_class(connections)})


def sqlite_file(url: str) -> Path | None:
    """The file a SQLite URL names (None for another database, memory or a file: URI)."""
    parsed = make_url(url)
    name = parsed.database or ""
    if parsed.get_backend_name() != "sqlite" or name in ("", ":memory:") \
            or name.startswith("file:"):
        return None
    return Path(name)


def missing_database(url: str) -> str | None:
    """Where ``url`` points when no database is there (a SQLite file that does not exist
    or is empty, a PostgreSQL database the server does not have; the password hidden),
    None when it is there. Creates nothing: SQLite would make the file on connecting, so
    it is only looked for. A PostgreSQL server that cannot be reached raises."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = sqlite_file(url)
        if path is None:
            return None  # in memory, or a URI whose options are SQLite's to read
        return None if path.is_file() and path.stat().st_size else str(path)
    engine = database_engine(url)
    try:
        with engine.connect():
            return None
    except OperationalError as error:
        # psycopg gives no SQLSTATE for a failed connection: the server's FATAL line
        # names the database then (in English unless lc_messages says otherwise)
        if getattr(error.orig, "sqlstate", None) == UNDEFINED_DATABASE \
                or f'database "{parsed.database}" does not exist' in str(error.orig):
            return parsed.render_as_string(hide_password=True)
        raise
    finally:
        engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets the web threads read while the worker writes; FKs are off by default.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
