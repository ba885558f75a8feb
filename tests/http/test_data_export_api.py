"""Your data, downloadable (issue 21.1): the password again within the session, then a
ZIP with a JSON file per section and the photos' image files; a large copy is built by
a job and mailed as a link that works once."""

from __future__ import annotations

import io
import json
import re
import zipfile

from flask import Flask

from domain import data_export
from tests.adapters.test_images import picture
from tests.http.test_accounts_api import SIGNUP, wait_for_mail, worker  # noqa: F401
from tests.http.test_likes_api import signed_up
from tests.http.test_photos_api import upload

PASSWORD = SIGNUP["password"]


def test_the_copy_holds_every_section_and_the_photos(app: Flask) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    photo = upload(ann, picture()).json["photo"]
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
    answer = ann.get("/api/export")
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    assert "attachment" in answer.headers["Content-Disposition"]
    archive = zipfile.ZipFile(io.BytesIO(answer.data))
    names = set(archive.namelist())
    assert {f"{section}.json" for section in (
        "account", "profile", "photos", "likes_given", "likes_received", "matches",
        "conversations", "messages", "orders", "credit_ledger", "notification_preferences",
        "consents", "audit_log")} <= names
    assert f"photos/{photo['filename']}" in names
    read = {name: json.loads(archive.read(name)) for name in names if name.endswith(".json")}
    assert read["account.json"][0]["email"] == "ann@example.com"
    assert "password_hash" not in read["account.json"][0]
    assert [like["member"] for like in read["likes_given.json"]] == [bob_id]
    assert [like["member"] for like in read["likes_received.json"]] == [bob_id]
    assert [match["member"] for match in read["matches.json"]] == [bob_id]
    assert [m["text"] for m in read["messages.json"]] == ["Hoi Bob", "Hoi Ann"]
    assert read["conversations.json"][0]["with_name"] == "Bob"
    assert read["consents.json"][0]["consent"] == "terms_and_privacy"

    # A deleted chat's messages are no longer the member's to see: nor in the copy.
    conversation = read["messages.json"][0]["conversation_id"]
    ann.delete("/api/chat", json={"conversation": conversation})
    again = zipfile.ZipFile(io.BytesIO(ann.get("/api/export").data))
    assert json.loads(again.read("messages.json")) == []
    assert app.test_client().get("/api/export").status_code == 403  # logged out


def test_a_large_copy_is_mailed_as_a_link_that_works_once(app: Flask, container,  # type: ignore[no-untyped-def]
                                                         worker, monkeypatch) -> None:  # noqa: F811
    monkeypatch.setattr(data_export, "LARGE_MESSAGES", 0)
    ann, _ = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    ann.post(f"/api/members/{bob_id}/messages", json={"text": "Hoi Bob"})
    ann.post("/api/export/confirm", json={"password": PASSWORD})
    answer = ann.get("/api/export")
    assert (answer.status_code, answer.json) == (202, {"status": "preparing"})
    mail = wait_for_mail(container, "ann@example.com", count=2)  # after the activation mail
    assert mail["Subject"].startswith("Je gegevens van")  # the member's language (nl)
    # The link opens a page (which downloads, or says why not), never the raw API.
    token = re.search(r"https?://[^/\s]+/my-data\?token=([\w-]+)",
                      mail.get_body(("plain",)).get_content())
    assert token
    assert "/api/export/download" not in mail.get_body(("plain",)).get_content()
    link = f"/api/export/download?token={token.group(1)}"
    fetched = app.test_client().get(link)
    assert fetched.status_code == 200
    assert "messages.json" in zipfile.ZipFile(io.BytesIO(fetched.data)).namelist()
    assert app.test_client().get(link).json["error"] == "export_link_invalid"
    assert [n for n in container.files().names() if n.startswith("exports/")] == []


def test_a_copy_whose_link_expired_unused_leaves_the_file_store(app: Flask, container,  # type: ignore[no-untyped-def]
                                                              monkeypatch) -> None:
    from datetime import UTC, datetime

    from sqlalchemy import update

    from adapters.sql import tables as t

    monkeypatch.setattr(data_export, "LARGE_MESSAGES", -1)
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    ann.post("/api/export/confirm", json={"password": PASSWORD})
    assert ann.get("/api/export").status_code == 202
    container.tasks().drain()  # built and mailed
    exports = [n for n in container.files().names() if n.startswith("exports/")]
    assert len(exports) == 1
    assert container.data_export().purge_expired() == 0  # the link still works
    with container.engine().begin() as connection:
        connection.execute(update(t.account_tokens).where(
            t.account_tokens.c.member_id == ann_id,
            t.account_tokens.c.purpose == "export_ready").values(
                expires_at=datetime(2020, 1, 1, tzinfo=UTC)))
    assert container.data_export().purge_expired() == 1
    container.tasks().drain()
    assert [n for n in container.files().names() if n.startswith("exports/")] == []
    assert container.data_export().purge_expired() == 0


def test_copies_are_rate_limited_per_member(tmp_path, database_url: str) -> None:  # type: ignore[no-untyped-def]
    from adapters.container import build_container
    from adapters.http.app import create_app
    from adapters.http.limits import EXPORTS
    from tests.conftest import make_config, seed_default_site

    container = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                            RATE_LIMITS="on"))
    seed_default_site(container)
    app = create_app(container)
    allowed = int(EXPORTS.split()[0])
    first, second = app.test_client(), app.test_client()  # one address, two members
    first.post("/api/signup", json=SIGNUP)
    second.post("/api/signup", json={**SIGNUP, "email": "bo@example.com", "name": "Bo"})
    for client in (first, second):
        client.post("/api/export/confirm", json={"password": PASSWORD})
    answers = [first.get("/api/export").status_code for _ in range(allowed + 1)]
    assert answers == [200] * allowed + [429]
    assert first.get("/api/export").json["error"] == "too_many_requests"
    assert second.get("/api/export").status_code == 200  # another member's own five
    container.engine().dispose()
