"""Issue 15.3: control characters in member texts. New names, cities, about-me texts and
messages are refused with a translated code; a name stored before that (old data) can
neither add a mail header nor get the mail dropped."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask

from adapters.container import Container
from application.ports.jobs import LikeNotice
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_likes_api import signed_up
from tests.http.test_notifications_api import mails

EVIL = "Eve\r\nBcc: x@evil.test"


@pytest.mark.parametrize("name", [EVIL, "Eve\tEve", "Eve\x00", "Eve\u202egnp.exe",
                                  "E\u200bve", "Eve\u2066x\u2069"])
def test_names_with_control_characters_are_refused(client: ApiClient, name: str) -> None:
    answer = client.post("/api/signup", json={**SIGNUP, "name": name})
    assert answer.status_code == 400
    assert answer.json["params"]["fields"] == {"name": "name_invalid_characters"}
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    edit = client.put("/api/profile", json={"name": name})
    assert edit.json["params"]["fields"] == {"name": "name_invalid_characters"}


def test_single_and_multi_line_profile_texts(client: ApiClient) -> None:
    client.post("/api/signup", json=SIGNUP)
    answer = client.put("/api/profile", json={"city": "Ams\r\nterdam",
                                              "about_me": "Hi\x1b[2J there"})
    assert answer.json["params"]["fields"] == {"city": "text_invalid_characters",
                                               "about_me": "text_invalid_characters"}
    assert client.put("/api/profile", json={"about_me": "Hi\r\nthere 👨\u200d👩"}) \
        .status_code == 200
    assert client.get("/api/profile").json["profile"]["about_me"] == "Hi\nthere 👨\u200d👩"


def test_messages_keep_line_feeds_and_refuse_other_controls(app: Flask) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    refused = bob.post(f"/api/members/{ann_id}/messages", json={"text": "Hoi\u202e Ann"})
    assert (refused.status_code, refused.json["error"]) == (400, "text_invalid_characters")
    sent = bob.post(f"/api/members/{ann_id}/messages", json={"text": "Hoi\r\nAnn"})
    assert sent.status_code == 201 and sent.json["message"]["text"] == "Hoi\nAnn"


def test_a_stored_name_with_a_line_break_cannot_break_a_mail(
        app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    with container.engine().begin() as connection:  # a name from before names were checked
        connection.execute(sa.text("UPDATE profiles SET name = :name WHERE member_id = :id"),
                           {"name": EVIL, "id": bob_id})
    bob.post(f"/api/members/{ann_id}/like")
    container.notifier().notify(LikeNotice(ann_id, bob_id))
    [mail] = mails(container, "ann@example.com")
    assert mail["Subject"] == "Eve Bcc: x@evil.test vindt je leuk"
    assert mail["Bcc"] is None  # header lookups ignore case
