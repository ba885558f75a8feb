"""What members see of an operator's removal (issue 30.4), on SQLite and PostgreSQL: a
removed message is `removed` with no text for both of them, at once on their open pages;
removed profile texts are gone for whoever looks; the member reads each decision."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flask import Flask

from application.ports.events import member_channel
from domain.decisions import Ground
from domain.errors import DomainError
from domain.removals import ProfileText
from tests.http.test_likes_api import signed_up
from tests.http.test_races import ROUNDS


def test_a_removed_message_is_shown_removed_to_both(app: Flask, container: Any) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    first = ann.post(f"/api/members/{bob_id}/messages", json={"text": "Pay me 500 euro"})
    ann.post(f"/api/members/{bob_id}/messages", json={"text": "How are you?"})
    message_id = first.json["message"]["id"]
    heard: dict[int, list[Any]] = {ann_id: [], bob_id: []}
    for member, events in heard.items():
        container.events().subscribe(member_channel(member), events.append)

    container.removals().remove_message(message_id, "ops", ground=Ground.parse("law:fraud"),
                                        facts="The message asked for money.")

    conversation = bob.get("/api/chats").json["chats"][0]["conversation"]["id"]
    for client in (bob, ann):
        page = client.get(f"/api/chats/{conversation}/messages").json["messages"]
        assert [(m["text"], m["removed"], m["gift"]) for m in page] == [
            ("", True, None), ("How are you?", False, None)]
    for events in heard.values():  # open chats replace the bubble at once
        [event] = events
        assert (event.kind, event.message.id, event.message.removed) == (
            "message", message_id, True)
    [decision] = ann.get("/api/decisions").json["decisions"]
    assert (decision["restriction"], decision["item_kind"], decision["item_id"]) == (
        "message_removed", "message", str(message_id))
    assert decision["facts"] == "The message asked for money."
    assert bob.get("/api/decisions").json["decisions"] == []  # the sender's, not Bob's


def test_removed_profile_texts_are_gone_for_others(app: Flask, container: Any) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    saved = ann.put("/api/profile", json={"about_me": "Text me on +31 6 12345678",
                                            "city": "Utrecht", "confirmed": True})
    assert saved.status_code == 200, saved.json
    before = bob.get(f"/api/members/{ann_id}").json["profile"]
    assert (before["about_me"], before["text_flags"]) == ("Text me on +31 6 12345678",
                                                          ["phone"])

    container.removals().remove_text(ann_id, [ProfileText.ABOUT, ProfileText.NAME], "ops",
                                     ground=Ground.parse("off_platform_contact"),
                                     facts="Your profile gave a phone number.")

    seen = bob.get(f"/api/members/{ann_id}").json["profile"]
    assert (seen["name"], seen["about_me"], seen["city"]) == (f"#{ann_id}", "", "Utrecht")
    assert seen["text_flags"] == []  # the removed text took its flags (issue 31.2)
    own = ann.get("/api/profile").json["profile"]
    assert (own["name"], own["about_me"]) == (f"#{ann_id}", "")
    # The member writes a new text as ever.
    assert ann.put("/api/profile", json={"about_me": "Back, without numbers"}
                     ).status_code == 200
    [decision] = ann.get("/api/decisions").json["decisions"]
    assert (decision["restriction"], decision["item_kind"], decision["item_id"]) == (
        "text_removed", "profile_text", "name,about_me")


def test_operators_removing_at_once_make_one_decision(app: Flask, container: Any) -> None:
    """PostgreSQL's race (SQLite runs one writer at a time), the same answers on both."""
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    ann.put("/api/profile", json={"about_me": "Call me: +31 6 12345678", "confirmed": True})
    sent = ann.post(f"/api/members/{bob_id}/messages", json={"text": "Pay me 500 euro"})
    message_id = sent.json["message"]["id"]
    removals, fraud = container.removals(), Ground.parse("law:fraud")
    start = threading.Barrier(ROUNDS)

    def remove(n: int) -> str:
        start.wait(30)
        try:
            if n % 2:
                removals.remove_message(message_id, f"ops{n}", ground=fraud, facts="Money.")
            else:
                removals.remove_text(ann_id, [ProfileText.ABOUT], f"ops{n}", ground=fraud,
                                     facts="A phone number.")
        except DomainError as refused:
            return refused.code
        return "removed"

    with ThreadPoolExecutor(max_workers=ROUNDS) as pool:
        answers = Counter(pool.map(remove, range(ROUNDS)))
    assert answers == {"removed": 2, "message_already_removed": ROUNDS // 2 - 1,
                       "no_text_to_remove": ROUNDS // 2 - 1}
    assert sorted(d["restriction"] for d in ann.get("/api/decisions").json["decisions"]) \
        == ["message_removed", "text_removed"]
