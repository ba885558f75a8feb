"""Outages are 503 service_unavailable with Retry-After, never 500 (issue 15.6), against
really unreachable services: a PostgreSQL port and a Redis port where nothing listens, and
a database connection killed in the middle of a use case."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import create_engine, event, func, select, text

from adapters.container import build_container
from adapters.http.app import create_app
from adapters.sql import migrate
from adapters.sql.tables import messages
from tests.api_client import ApiClient
from tests.conftest import make_config, seed_default_site
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_chat_api import grant
from tests.http.test_likes_api import signed_up

DEAD_POSTGRES = "postgresql://postgres@127.0.0.1:1/amora"
DEAD_REDIS = "redis://127.0.0.1:1/0"
LOGIN = {"email": "eve@example.com", "password": "long enough words"}


def assert_unavailable(answer: Any) -> None:
    assert answer.status_code == 503, answer.get_data(as_text=True)
    assert answer.json == {"error": "service_unavailable", "params": {}}
    assert 5 <= int(answer.headers["Retry-After"]) <= 30


def test_a_database_nobody_answers_is_503(tmp_path: Path, web_dist: Path,
                                          caplog: pytest.LogCaptureFixture) -> None:
    built = build_container(make_config(tmp_path, DATABASE_URL=DEAD_POSTGRES,
                                        WEB_DIST=str(web_dist)))
    app = create_app(built)
    visitor, member = ApiClient(app), ApiClient(app)
    member.set_cookie("auth._token", "t" * 43)
    with caplog.at_level(logging.WARNING):
        for answer in (member.get("/api/user"), visitor.post("/api/user", json=LOGIN),
                       visitor.post("/api/signup", json=SIGNUP),
                       member.post("/api/members/1/messages", json={"text": "hi"}),
                       member.get("/api/chats"), member.get("/api/likes")):
            assert_unavailable(answer)
    health = visitor.get("/api/health")
    assert health.status_code == 503 and health.headers["Retry-After"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no "unexpected"
    assert any("Connection refused" in r.getMessage() for r in caplog.records
               if r.name == "amora.http")
    built.engine().dispose()


def redis_down(tmp_path: Path, web_dist: Path, rate_limits: str) -> Flask:
    """A working SQLite database, but the Redis of REDIS_URL does not answer."""
    url = f"sqlite:///{tmp_path / 'amora.db'}"
    migrate.upgrade(url)
    built = build_container(make_config(tmp_path, DATABASE_URL=url, REDIS_URL=DEAD_REDIS,
                                        RATE_LIMITS=rate_limits, WEB_DIST=str(web_dist)))
    seed_default_site(built)
    return create_app(built)


def test_a_redis_nobody_answers_is_503_where_redis_is_needed(tmp_path: Path,
                                                             web_dist: Path) -> None:
    client = ApiClient(redis_down(tmp_path, web_dist, "on"))
    for answer in (client.post("/api/user", json=LOGIN), client.post("/api/signup", json=SIGNUP),
                   client.post("/api/password-reset", json={"email": "eve@example.com"})):
        assert_unavailable(answer)  # their rate limits live in Redis
    ready = client.get("/api/ready")
    assert ready.status_code == 503 and ready.headers["Retry-After"]


def test_live_events_lost_to_a_redis_outage_do_not_undo_a_sent_message(
        tmp_path: Path, web_dist: Path) -> None:
    """The message is committed before its live event; a failing publish must not answer
    an error for a done deed (the client would send it again)."""
    app = redis_down(tmp_path, web_dist, "off")
    ann, _ = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    sent = ann.post(f"/api/members/{bob_id}/messages", json={"text": "hi", "key": "k"})
    assert sent.status_code == 201, sent.json


def test_a_use_case_cut_off_by_the_database_going_away_changes_nothing(
        postgres_database: str, tmp_path: Path, web_dist: Path) -> None:
    """The PostgreSQL connection is terminated (pg_terminate_backend) just as a paid message
    is written: the answer is 503 and neither the message nor the charge remains."""
    migrate.upgrade(postgres_database)
    built = build_container(make_config(tmp_path, DATABASE_URL=postgres_database,
                                        WEB_DIST=str(web_dist)))
    seed_default_site(built)
    app = create_app(built)
    try:
        ann, ann_id = signed_up(app, "Ann", "female", "male")
        _, bob_id = signed_up(app, "Bob", "male", "female")
        for n in range(3):  # the free messages
            assert ann.post(f"/api/members/{bob_id}/messages",
                            json={"text": f"free {n}"}).status_code == 201
        grant(app, ann_id, 25)
        admin = create_engine(postgres_database.replace("postgresql://",
                                                        "postgresql+psycopg://"),
                              isolation_level="AUTOCOMMIT")

        def cut_off(connection: Any, cursor: Any, statement: str, *_: Any) -> None:
            # On PostgreSQL the message's INSERT is a data-modifying WITH of one statement
            # (issue 36.3), so it is looked for anywhere in the statement.
            if "INSERT INTO MESSAGES" in " ".join(statement.upper().split()):
                pid = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
                with admin.connect() as other:
                    other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

        event.listen(built.engine(), "before_cursor_execute", cut_off)
        try:
            assert_unavailable(ann.post(f"/api/members/{bob_id}/messages",
                                        json={"text": "paid", "key": "paid-1"}))
        finally:
            event.remove(built.engine(), "before_cursor_execute", cut_off)
            admin.dispose()
        with built.engine().connect() as connection:
            assert connection.execute(select(func.count()).select_from(messages)).scalar() == 3
        assert built.credits().ledger(ann_id)[0] == 25
        again = ann.post(f"/api/members/{bob_id}/messages", json={"text": "paid",
                                                                  "key": "paid-1"})
        assert again.status_code == 201 and again.json["credits"] == 15
    finally:
        built.engine().dispose()
        migrate.downgrade(postgres_database, "base")

