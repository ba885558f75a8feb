"""SQL repositories and the unit of work, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, func, select

from adapters.sql import tables
from domain.sites import MessageCost, Niche
from tests.conftest import Seeded, UowFactory, sample_company, sample_site
from tests.lookups import found


def test_migrations_match_the_schema(engine: Engine) -> None:
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, tables.metadata)
    assert differences == []


def test_sites_round_trip(uow: UowFactory, seeded: Seeded) -> None:
    company, default, other = seeded
    with uow() as work:
        assert work.sites.by_domain("amora.test") == default
        assert work.sites.by_domain("flirt.test") == other
        assert work.sites.default() == default
        assert [s.domain for s in work.sites.all()] == ["amora.test", "flirt.test"]
        assert work.companies.get(company.id) == company
        assert work.companies.get(999) is None
        assert work.sites.by_domain("missing.test") is None
    assert other.niche is Niche.GAY
    assert default.minimum_message_costs == {"DE": MessageCost(15, "EUR")}


def test_unit_of_work_rolls_back_unless_committed(uow: UowFactory, seeded: Seeded) -> None:
    _, default, _ = seeded
    with uow() as work:
        work.sites.update(attrs.evolve(default, name="Changed"))
    with uow() as work:
        assert found(work.sites.by_domain("amora.test")).name == "Amora"

    with pytest.raises(RuntimeError), uow() as work:
        work.sites.update(attrs.evolve(default, name="Changed"))
        raise RuntimeError("use case failed half-way")
    with uow() as work:
        assert found(work.sites.by_domain("amora.test")).name == "Amora"

    with uow() as work:
        work.sites.update(attrs.evolve(default, name="Committed"))
        work.commit()
    with uow() as work:
        assert found(work.sites.by_domain("amora.test")).name == "Committed"


def test_audit_log_is_kept(uow: UowFactory, seeded: Seeded, engine: Engine) -> None:
    from datetime import UTC, datetime

    at = datetime(2026, 11, 21, 10, tzinfo=UTC)
    with uow() as work:
        work.audit.record(at, "ops", "sites.set", "amora.test", {"key": "niche"})
        work.commit()
    with engine.connect() as connection:
        row = connection.execute(select(tables.audit_log)).one()
        assert (row.at, row.actor, row.details) == (at, "ops", {"key": "niche"})
        assert connection.execute(select(func.count()).select_from(tables.sites)).scalar() == 2


def test_domain_is_unique(uow: UowFactory, seeded: Seeded) -> None:
    company, _, _ = seeded
    with pytest.raises(Exception), uow() as work:  # noqa: B017 - the driver's IntegrityError
        work.sites.add(sample_site(company.id, domain="flirt.test", is_default=False))
        work.commit()


def test_company_round_trip_keeps_every_field(uow: UowFactory) -> None:
    with uow() as work:
        company = work.companies.add(sample_company(tradenames=("A", "B")))
        work.commit()
    with uow() as work:
        assert work.companies.all() == [company]


def test_a_photo_is_found_by_its_name_through_an_index(engine: Engine) -> None:
    """Every /media/ request looks its photo up by file or thumbnail name: with the
    planner told to avoid full scans, neither name may need one (it did before 0023)."""
    photos = tables.photos
    query = select(photos.c.id).where((photos.c.filename == "x.jpg")
                                      | (photos.c.thumb_filename == "x.jpg"))
    compiled = query.compile(engine, compile_kwargs={"literal_binds": True})
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql("SET enable_seqscan = off")
            plan = " ".join(row[0] for row in connection.exec_driver_sql(f"EXPLAIN {compiled}"))
            assert "Seq Scan" not in plan, plan
        else:
            plan = " ".join(str(row[-1]) for row in
                            connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}"))
            assert "SCAN photos" not in plan, plan  # SEARCH photos USING INDEX …


def test_a_long_statement_is_converted_once(engine: Engine) -> None:
    """psycopg keeps the conversion of texts up to adapters/sql/engine.py's
    LONGEST_KEPT_STATEMENT and MOST_KEPT_PARAMETERS (the search statements are longer
    than its own 4,096 characters, some with more than its own 50 parameters)."""
    if engine.dialect.name != "postgresql":
        pytest.skip("psycopg's query cache")
    from psycopg import _queries

    from adapters.sql.engine import LONGEST_KEPT_STATEMENT, MOST_KEPT_PARAMETERS

    assert _queries.MAX_CACHED_STATEMENT_LENGTH >= LONGEST_KEPT_STATEMENT
    assert _queries.MAX_CACHED_STATEMENT_PARAMS >= MOST_KEPT_PARAMETERS
    padding = " AND 1 = 1" * 3_000  # 30,000 characters
    names = [f"p{k}" for k in range(300)]  # nearest first's ring counts: 312 parameters
    text = (f"SELECT %(n)s::integer WHERE {' + '.join(f'%({name})s::integer' for name in names)}"
            f" = 0{padding}")
    with engine.connect() as connection:
        raw = connection.connection.driver_connection
        assert raw is not None
        before = _queries._query2pg.cache_info().hits
        for n in range(3):
            assert raw.execute(text, {"n": n, **dict.fromkeys(names, 0)}).fetchone() == (n,)
        assert _queries._query2pg.cache_info().hits >= before + 2


def test_json_columns_are_read_by_the_projects_decoder(engine: Engine,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL's JSON values are decoded by adapters/sql/engine.json_from_database (no
    encoding guessed: the database's is UTF-8); the values are the same as json.loads'."""
    from adapters.sql import engine as engines

    assert engines.json_from_database(b'["wine", "caf\\u00e9"]') == ["wine", "café"]
    assert engines.json_from_database(memoryview('{"a": "ø"}'.encode())) == {"a": "ø"}
    assert engines.json_from_database(' [1] ') == [1]
    # Scanned at once when nothing is around the value, else decoded: the same values
    # and the same errors as json.loads.
    for text in ('[1] ', '[1]x', '"a"', '{"b": [null, 1.5, true]}', ''):
        try:
            expected: Any = json.loads(text)
        except json.JSONDecodeError as error:
            with pytest.raises(json.JSONDecodeError, match=re.escape(error.msg)):
                engines.json_from_database(text.encode())
        else:
            assert engines.json_from_database(text.encode()) == expected
    if engine.dialect.name != "postgresql":
        return  # SQLite's JSON comes through SQLAlchemy's own processor
    decoded: list[str] = []
    real = engines._SCAN_JSON

    def scan(text: str, start: int) -> Any:
        decoded.append(text)
        return real(text, start)

    monkeypatch.setattr(engines, "_SCAN_JSON", scan)
    with engine.connect() as connection:
        value = connection.execute(select(func.json_build_array("hiking", 2))).scalar_one()
    assert value == ["hiking", 2]
    assert decoded == ['["hiking", 2]']


def test_a_cursors_description_is_psycopgs_own_built_when_read(engine: Engine) -> None:
    """adapters/sql/described.py: the engine's cursors describe their columns only when
    read, from the result they were made for, and alike psycopg's own description."""
    if engine.dialect.name != "postgresql":
        pytest.skip("psycopg's cursors")
    from psycopg import Cursor

    statement = ("SELECT 1::integer AS n, 'x'::varchar(5) AS name, 2.5::numeric(6, 2) AS price,"
                 " now() AS at, '{}'::json AS data")
    with engine.connect() as connection:
        raw = connection.connection.driver_connection
        assert raw is not None
        ours = raw.cursor()
        described = ours.execute(statement).description
        theirs = Cursor(raw).execute(statement).description
        assert described is not None and theirs is not None
        ours.execute("SELECT 1 AS other")  # the description stays the first result's
        assert len(described) == 5
        fields = ("name", "type_code", "display_size", "internal_size", "precision", "scale",
                  "null_ok")
        assert [[getattr(column, field) for field in fields] for column in described] == \
            [[getattr(column, field) for field in fields] for column in theirs]
        assert [tuple(column) for column in described[1:3]] == \
            [tuple(column) for column in theirs[1:3]]
        assert described[-1].name == "data" and list(described)[0].name == "n"
        assert ours.execute("SET LOCAL work_mem = '8MB'").description is None
        assert ours.execute("SELECT").description == []  # rows, of no column
        assert connection.execute(select(func.count()).select_from(tables.sites)).scalar_one() \
            >= 0
