"""Your data, downloadable (issue 21.1): the password again within the session, then a
job builds a ZIP with a JSON file per section and the photos' image files and mails a
link to it that works once. The copy is never whole in memory (issue 28.6): the rows are
read in batches, the ZIP is written a piece at a time to a file, stored and sent back
the same way."""

from __future__ import annotations

import io
import json
import os
import re
import tracemalloc
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import Connection, event, insert, select, update

from adapters.container import Container
from adapters.files.names import CHUNK
from adapters.sql import personal_data
from adapters.sql import tables as t
from tests.adapters.test_images import picture
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP, wait_for_mail, worker  # noqa: F401
from tests.http.test_likes_api import signed_up
from tests.http.test_photos_api import upload
from tests.mails import plain_text, read_mail

PASSWORD = SIGNUP["password"]
LINK = re.compile(r"https?://[^/\s]+/my-data\?token=([\w-]+)")


def _mailed_token(container: Any, to: str) -> str:
    """The token of the newest export link mailed to ``to``."""
    folder = container.config().mail_dir
    mails = [read_mail(path)
             for path in sorted(folder.glob("*.eml"), key=lambda path: path.stat().st_mtime_ns)]
    links = [LINK.search(plain_text(m)) for m in mails if m["To"] == to]
    found = [link.group(1) for link in links if link]
    assert found, f"no export link mailed to {to}"
    return found[-1]


def _exports(container: Any) -> list[str]:
    return [name for name in container.files().names() if name.startswith("exports/")]


def _copy(app: Flask, container: Any, client: ApiClient, to: str) -> zipfile.ZipFile:
    """Asked for in the settings, built by the job, fetched through the mailed link."""
    answer = client.get("/api/export")
    assert (answer.status_code, answer.json) == (202, {"status": "preparing"})
    container.tasks().drain()
    fetched = ApiClient(app).get(f"/api/export/download?token={_mailed_token(container, to)}")
    assert fetched.status_code == 200 and fetched.mimetype == "application/zip"
    assert "attachment" in fetched.headers["Content-Disposition"]
    assert fetched.headers["Content-Length"] == str(len(fetched.data))
    assert fetched.headers["Cache-Control"] == "no-store"
    return zipfile.ZipFile(io.BytesIO(fetched.data))


def test_the_copy_holds_every_section_and_the_photos(app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    assert upload(ann, picture()).status_code == 201
    with container.engine().begin() as connection:  # the stored file, not its served link
        photo = connection.execute(select(t.photos.c.filename)).scalar_one()
    ann.post(f"/api/members/{bob_id}/like")
    bob.post(f"/api/members/{ann_id}/like")
    ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hoi Bob"})
    bob.post(f"/api/members/{ann_id}/messages", json={"text": "Hoi Ann"})

    refused = ann.get("/api/export")
    assert (refused.status_code, refused.json["error"]) == (403,
                                                            "password_confirmation_required")
    wrong = ann.post("/api/export/confirm", json={"password": "not my password"})
    assert wrong.json["error"] == "password_wrong"
    assert ann.post("/api/export/confirm", json={"password": PASSWORD}).status_code == 204
    archive = _copy(app, container, ann, "ann@example.com")
    names = set(archive.namelist())
    assert {f"{section}.json" for section in (
        "account", "profile", "photos", "likes_given", "likes_received", "matches",
        "conversations", "messages", "orders", "credit_ledger", "notification_preferences",
        "consents", "audit_log")} <= names
    assert {"README.txt", f"photos/{photo}"} <= names
    assert archive.read(f"photos/{photo}") == container.files().get(photo)
    assert archive.testzip() is None  # every entry's checksum holds
    read = {name: json.loads(archive.read(name)) for name in names if name.endswith(".json")}
    assert read["account.json"][0]["email"] == "ann@example.com"
    assert "password_hash" not in read["account.json"][0]
    assert [like["member"] for like in read["likes_given.json"]] == [bob_id]
    assert [like["member"] for like in read["likes_received.json"]] == [bob_id]
    assert [match["member"] for match in read["matches.json"]] == [bob_id]
    assert [m["text"] for m in read["messages.json"]] == ["Hoi Bob", "Hoi Ann"]
    assert read["conversations.json"][0]["with_name"] == "Bob"
    assert read["consents.json"][0]["consent"] == "terms_and_privacy"
    assert read["orders.json"] == [] and archive.read("orders.json") == b"[]"
    # Written a row at a time, each file reads as one JSON document laid out as before.
    assert archive.read("messages.json").decode() == json.dumps(
        read["messages.json"], ensure_ascii=False, indent=2)

    # A deleted chat's messages are no longer the member's to see: nor in the copy.
    conversation = read["messages.json"][0]["conversation_id"]
    ann.delete("/api/chat", json={"conversation": conversation})
    again = _copy(app, container, ann, "ann@example.com")
    assert json.loads(again.read("messages.json")) == []
    assert ApiClient(app).get("/api/export").status_code == 403  # logged out


def test_the_copy_is_mailed_as_a_link_that_works_once(app: Flask, container: Container,
                                                      worker: None) -> None:  # noqa: F811
    ann, _ = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hoi Bob"})
    ann.post("/api/export/confirm", json={"password": PASSWORD})
    answer = ann.get("/api/export")  # even the smallest copy: built by the job
    assert (answer.status_code, answer.json) == (202, {"status": "preparing"})
    mail = wait_for_mail(container, "ann@example.com", count=2)  # after the activation mail
    assert mail["Subject"].startswith("Je gegevens van")  # the member's language (nl)
    # The link opens a page (which downloads, or says why not), never the raw API.
    token = LINK.search(plain_text(mail))
    assert token
    assert "/api/export/download" not in plain_text(mail)
    link = f"/api/export/download?token={token.group(1)}"
    fetched = ApiClient(app).get(link)
    assert fetched.status_code == 200
    assert "messages.json" in zipfile.ZipFile(io.BytesIO(fetched.data)).namelist()
    assert ApiClient(app).get(link).json["error"] == "export_link_invalid"
    assert _exports(container) == []


def test_a_download_broken_off_halfway_spends_the_link_and_the_file(
        app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    with container.engine().begin() as connection:  # a copy of more than one piece
        connection.execute(insert(t.audit_log), [
            {"at": datetime(2026, 1, 1, tzinfo=UTC), "actor": "test", "action": "noted",
             "subject": str(ann_id), "details": {"random": os.urandom(200).hex()}}
            for n in range(2000)])
    ann.post("/api/export/confirm", json={"password": PASSWORD})
    assert ann.get("/api/export").status_code == 202
    container.tasks().drain()
    (stored,) = _exports(container)
    assert container.files().size(stored) > CHUNK
    link = f"/api/export/download?token={_mailed_token(container, 'ann@example.com')}"
    answer = ApiClient(app).get(link, buffered=False)
    assert answer.status_code == 200 and answer.is_streamed
    assert int(answer.headers["Content-Length"]) == container.files().size(stored)
    assert len(next(iter(answer.response))) <= CHUNK  # the first piece, then the member leaves
    answer.close()
    assert _exports(container) == []
    assert ApiClient(app).get(link).json["error"] == "export_link_invalid"


def test_a_copy_whose_link_expired_unused_leaves_the_file_store(app: Flask, container: Container
                                                                ) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    ann.post("/api/export/confirm", json={"password": PASSWORD})
    assert ann.get("/api/export").status_code == 202
    container.tasks().drain()  # built and mailed
    assert len(_exports(container)) == 1
    assert container.data_export().purge_expired() == 0  # the link still works
    with container.engine().begin() as connection:
        connection.execute(update(t.account_tokens).where(
            t.account_tokens.c.member_id == ann_id,
            t.account_tokens.c.purpose == "export_ready").values(
                expires_at=datetime(2020, 1, 1, tzinfo=UTC)))
    assert container.data_export().purge_expired() == 1
    container.tasks().drain()
    assert _exports(container) == []
    assert container.data_export().purge_expired() == 0


def test_no_copy_for_an_address_that_bounces(app: Flask, container: Container) -> None:
    """The mailed link is the only way to the copy: an address that bounces is told so
    (and how to mend it) instead of waiting for a mail that never comes, and a copy asked
    for before the address began to bounce is not built for nobody to fetch."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    ann.post("/api/export/confirm", json={"password": PASSWORD})
    assert ann.get("/api/export").status_code == 202
    container.tasks().drain()  # the copy, and the activation mail
    with container.unit_of_work() as uow:
        uow.notifications.set_mail_off(ann_id, "bounce", datetime.now(UTC))
        uow.commit()
    refused = ann.get("/api/export")
    assert (refused.status_code, refused.json["error"]) == (409, "export_address_bounces")
    assert container.tasks().waiting() == []
    container.data_export().build_and_mail(ann_id)  # a job asked for before the bounce
    assert len(_exports(container)) == 1 and container.tasks().waiting() == []


def _many_messages(app: Flask, container: Any, count: int, size: int) -> tuple[ApiClient, int]:
    """Ann, with ``count`` messages of ``size`` characters to and from Bob."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hoi Bob"})
    with container.engine().begin() as connection:
        conversation = connection.execute(select(t.conversation_members.c.conversation_id)
                                          .where(t.conversation_members.c.member_id == ann_id)
                                          ).scalar_one()
        connection.execute(insert(t.messages), [
            {"conversation_id": conversation, "sender_id": (ann_id, bob_id)[n % 2],
             "text": f"{n:08d} " + f"{n * 7919:x}" * (size // 8), "cost": 0, "free": False,
             "created_at": datetime(2026, 1, 1, tzinfo=UTC)} for n in range(count)])
    return ann, ann_id


def test_the_copy_is_built_a_piece_at_a_time_never_whole_in_memory(
        app: Flask, container: Container) -> None:
    """10,000 messages of 1 KB: the job's peak Python memory stays under a quarter of its
    messages.json alone (the copy used to be built as lists, then one string per
    section, then a ZIP in memory and a copy of that: several times its size)."""
    _, ann_id = _many_messages(app, container, 10_000, 1000)
    container.tasks().drain()  # the activation mails
    tracemalloc.start()
    try:
        container.data_export().build_and_mail(ann_id)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    (stored,) = _exports(container)
    archive = zipfile.ZipFile(io.BytesIO(container.files().get(stored)))
    messages = archive.getinfo("messages.json").file_size
    assert len(json.loads(archive.read("messages.json"))) == 10_001
    assert messages > 10_000_000
    assert peak < messages / 4, f"peak {peak / 1e6:.1f} MB for {messages / 1e6:.1f} MB"


def test_the_rows_are_read_in_batches(app: Flask, container: Container,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every query of the member's rows reads at most BATCH of them, one batch after the
    other as they are used (the first message needs one query, not all of them), and
    none is lost or repeated where one batch ends and the next begins."""
    monkeypatch.setattr(personal_data, "BATCH", 3)
    ann, ann_id = _many_messages(app, container, 10, 10)  # 11 in the chat with Bob
    _, cor_id = signed_up(app, "Daan", "male", "female")
    for text in ("hidden 1", "hidden 2"):
        ann.post(f"/api/members/{cor_id}/messages", json={"text": text})
    first_chat, second_chat = sorted(_chats(container, ann_id))
    ann.delete("/api/chat", json={"conversation": second_chat})  # what came before goes
    with container.engine().begin() as connection:  # what came after stays
        connection.execute(insert(t.messages), [
            {"conversation_id": second_chat, "sender_id": cor_id, "text": f"shown {n}",
             "cost": 0, "free": False, "created_at": datetime(2026, 1, 2, tzinfo=UTC)}
            for n in range(4)])
    statements: list[str] = []

    def seen(conn: Connection, cursor: object, statement: str, *_: object) -> None:
        if "FROM messages" in statement:
            statements.append(statement)

    event.listen(container.engine(), "before_cursor_execute", seen)
    try:
        with container.unit_of_work() as uow:
            messages = iter(dict(uow.personal_data.sections(ann_id))["messages"])
            first = next(messages)
            assert len(statements) == 1  # one batch read, the others not yet
            rows = [first, *messages]
    finally:
        event.remove(container.engine(), "before_cursor_execute", seen)
    texts = [row["text"] for row in rows]
    assert texts[0] == "Hoi Bob" and len(set(texts)) == len(texts) == 15
    assert texts[11:] == [f"shown {n}" for n in range(4)]  # not the two before the delete
    assert [row["conversation_id"] for row in rows] == [first_chat] * 11 + [second_chat] * 4
    assert len(statements) == 4 + 2 and all("LIMIT" in s for s in statements)


def _chats(container: Any, member_id: int) -> list[int]:
    with container.engine().begin() as connection:
        return list(connection.execute(select(t.conversation_members.c.conversation_id).where(
            t.conversation_members.c.member_id == member_id)).scalars())


def test_copies_are_rate_limited_per_member(tmp_path: Path, database_url: str) -> None:
    from adapters.container import build_container
    from adapters.http.app import create_app
    from adapters.http.limits import EXPORTS
    from tests.conftest import make_config, seed_default_site

    container = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                            RATE_LIMITS="on"))
    seed_default_site(container)
    app = create_app(container)
    allowed = int(EXPORTS.split()[0])
    first, second = ApiClient(app), ApiClient(app)  # one address, two members
    first.post("/api/signup", json=SIGNUP)
    second.post("/api/signup", json={**SIGNUP, "email": "bo@example.com", "name": "Bo"})
    for client in (first, second):
        client.post("/api/export/confirm", json={"password": PASSWORD})
    answers = [first.get("/api/export").status_code for _ in range(allowed + 1)]
    assert answers == [202] * allowed + [429]
    assert first.get("/api/export").json["error"] == "too_many_requests"
    assert second.get("/api/export").status_code == 202  # another member's own five
    container.engine().dispose()


def test_the_copy_holds_the_decisions_about_the_member_and_their_appeals(
        app: Flask, container: Container) -> None:
    """Issue 30.1: each decision with its facts, ground, automation, dates, status and
    whether a notice led to it, never the operator who decided; appeals name theirs."""
    from application.ports.complaints import NewComplaint
    from domain.appeals import Appeal, AppealStatus
    from domain.decisions import Ground, Restriction

    ann, ann_id = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    assert upload(ann, picture()).status_code == 201
    with container.engine().begin() as connection:
        photo = connection.execute(select(t.photos.c.id)).scalar_one()
    with container.unit_of_work() as work:  # a visitor's notice about Ann
        notice = work.complaints.add(NewComplaint(
            site_id=1, reporter_id=None, email="v@example.com", category="spam",
            text="Asks everyone for money", member_id=ann_id, message_id=None, status="open",
            created_at=datetime(2026, 11, 21, tzinfo=UTC)))
        work.commit()
    container.photos().review(photo, approve=False, actor="j.jansen.ops", reason="Not a face",
                              ground=Ground.parse("photo_rules"))
    container.shop_administration().block_directdebit(
        ann_id, True, "3 chargebacks", "j.jansen.ops", ground=Ground.parse("law:fraud"),
        facts="Three direct debits were charged back.", notice_id=notice)
    container.shop_administration().block_directdebit(bob_id, True, "x", "ops")  # Bob's
    container.photos().review(photo, approve=True, actor="j.jansen.ops")  # lifts the first
    with container.unit_of_work() as work:
        block = work.decisions.in_force(ann_id, Restriction.DIRECT_DEBIT_BLOCKED, None)
        assert block is not None
        work.appeals.add(Appeal(id=0, member_id=ann_id, banned_at=None, ban_reason=None,
                                text="I paid them all back since.", status=AppealStatus.OPEN,
                                created_at=datetime(2026, 11, 22, tzinfo=UTC),
                                decision_id=block.id))
        work.commit()

    assert ann.post("/api/export/confirm", json={"password": PASSWORD}).status_code == 204
    archive = _copy(app, container, ann, "ann@example.com")
    decisions = json.loads(archive.read("decisions.json"))
    assert [(d["restriction"], d["item_id"], d["facts"], d["ground_kind"], d["ground_code"],
             d["status"], d["after_notice"]) for d in decisions] == [
        ("photo_rejected", str(photo), "Not a face", "terms", "photo_rules", "lifted", False),
        ("direct_debit_blocked", None, "Three direct debits were charged back.", "law",
         "fraud", "in_force", True)]
    assert all(d["decided_automatically"] is False and d["contest_until"] > d["decided_at"]
               for d in decisions)
    assert "j.jansen.ops" not in archive.read("decisions.json").decode()  # the operator's
    assert not {"decided_by", "lifted_by", "undo", "member_id"} & set(decisions[0])
    appeals = json.loads(archive.read("appeals.json"))
    assert [(a["decision_id"], a["text"]) for a in appeals] == [
        (decisions[1]["id"], "I paid them all back since.")]
    assert "decisions" in archive.read("README.txt").decode()
