"""SQL statements of one chat message through POST /api/members/<id>/messages (issue 36.3),
on SQLite and PostgreSQL: counted, not timed (a count is the same on any machine). The
send locks the sender and reads everything it depends on at once
(adapters/sql/chat_sends.py); what is left is the writes: the message, the conversation's
time and the unread counter (one statement on PostgreSQL, three on SQLite) and the outbox.

A message's own statements leave out the sign-in lookup (adapters/http/session.py owns it)
and the process's re-read of every site, at most once a second
(application.shared.site_directory), which the send takes both members' sites from."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from sqlalchemy import Engine, event

from adapters.container import Container
from tests.api_client import ApiClient
from tests.http.test_chat_api import grant
from tests.http.test_likes_api import signed_up

GOAL = 6


@contextmanager
def recorded(engine: Engine) -> Iterator[list[str]]:
    statements: list[str] = []

    def statement(_connection: object, _cursor: object, sql: str, *_: object) -> None:
        statements.append(" ".join(sql.split()))

    event.listen(engine, "before_cursor_execute", statement)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", statement)


def _every_site(sql: str) -> bool:
    """SiteDirectory's read of the sites (all of them, in order, nothing else)."""
    return sql.startswith("SELECT sites.id") and sql.endswith("FROM sites ORDER BY sites.id")


def own(statements: list[str]) -> list[str]:
    """Less the sign-in lookup (the only statement of the request that reads sessions) and
    the sites' re-read (once a second, whichever request comes then)."""
    return [sql for sql in statements if " sessions" not in sql and not _every_site(sql)]


def send(client: ApiClient, container: Container, to: int, text: str) -> list[str]:
    with recorded(container.engine()) as statements:
        answer = client.post(f"/api/members/{to}/messages", json={"text": text})
    assert answer.status_code == 201, answer.json
    return statements


@pytest.fixture
def talking(app: Flask, container: Container) -> tuple[ApiClient, int, ApiClient, int]:
    """Ann and Bob with a conversation (each wrote once)."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    send(ann, container, bob_id, "Hello Bob")
    send(bob, container, ann_id, "Hi Ann")
    return ann, ann_id, bob, bob_id


def test_a_message_costs_at_most_six_statements(
        container: Container, talking: tuple[ApiClient, int, ApiClient, int]) -> None:
    ann, _, _, bob_id = talking
    statements = send(ann, container, bob_id, "How was your weekend?")
    assert len(own(statements)) <= GOAL, "\n".join(own(statements))


def test_a_paid_message_adds_only_the_charge(
        app: Flask, container: Container,
        talking: tuple[ApiClient, int, ApiClient, int]) -> None:
    """Past the free messages: the balance and the ledger entry, nothing read again."""
    ann, ann_id, _, bob_id = talking
    grant(app, ann_id, 50)
    for n in range(3):  # what is left of the free messages
        send(ann, container, bob_id, f"free {n}")
    statements = own(send(ann, container, bob_id, "This one is paid"))
    reads = [sql for sql in statements  # the one read, beside PostgreSQL's row lock
             if sql.startswith("SELECT") and "FOR NO KEY UPDATE" not in sql]
    assert len(reads) == 1, "\n".join(statements)
    assert len(statements) <= GOAL + 2, "\n".join(statements)
    assert ann.get("/api/user").json["user"]["credits"] < 50


def test_a_message_reads_no_site(container: Container,
                                 talking: tuple[ApiClient, int, ApiClient, int]) -> None:
    """Both members' sites come from the process's memory of the sites (issue 36.3): the
    send's own statements name no site, whenever the memory itself is re-read."""
    ann, _, _, bob_id = talking
    container.site_directory().forget()  # the send re-reads every site, as once a second
    statements = send(ann, container, bob_id, "Are you free on Friday?")
    assert any(_every_site(sql) for sql in statements), "\n".join(statements)
    assert not [sql for sql in own(statements) if "sites" in sql], "\n".join(statements)


def test_a_message_on_postgresql_is_three_statements_with_its_notice(
        container: Container, talking: tuple[ApiClient, int, ApiClient, int]) -> None:
    """The lock, the read, and the writes with the recipient's notice in the outbox (one
    statement of data-modifying WITHs): the notice was a statement of its own."""
    if container.engine().dialect.name != "postgresql":
        pytest.skip("SQLite writes one statement at a time")
    ann, ann_id, _, bob_id = talking
    statements = own(send(ann, container, bob_id, "See you on Friday"))
    assert len(statements) == 3, "\n".join(statements)
    assert "INSERT INTO outbox" in statements[-1], "\n".join(statements)


def test_the_notice_written_with_a_message_is_its_recipients(
        container: Container, talking: tuple[ApiClient, int, ApiClient, int]) -> None:
    from adapters.jobs.codec import job_of
    from adapters.sql.outbox import OutboxTable
    from application.ports.jobs import MessageNotice

    ann, ann_id, _, bob_id = talking
    outbox = OutboxTable(container.engine())
    before = len(outbox.waiting())
    answer = ann.post(f"/api/members/{bob_id}/messages", json={"text": "Friday at eight?"})
    message = answer.json["message"]
    written = outbox.waiting()[before:]
    assert [job_of(name, fields) for name, fields in written] == [
        MessageNotice(bob_id, ann_id, message["conversation_id"], message["id"], None)]


def test_a_gifts_notice_is_written_with_it(
        app: Flask, container: Container, talking: tuple[ApiClient, int, ApiClient, int]
) -> None:
    from adapters.jobs.codec import job_of
    from adapters.sql.outbox import OutboxTable
    from application.ports.jobs import MessageNotice

    ann, ann_id, _, bob_id = talking
    grant(app, ann_id, 500)
    outbox = OutboxTable(container.engine())
    before = len(outbox.waiting())
    sent = ann.post(f"/api/members/{bob_id}/gifts", json={"gift": "rose"})
    assert sent.status_code == 201, sent.json
    message = sent.json["message"]
    assert [job_of(name, fields) for name, fields in outbox.waiting()[before:]] == [
        MessageNotice(bob_id, ann_id, message["conversation_id"], message["id"], "rose")]
