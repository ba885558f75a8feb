"""The scam shield on profile names and about texts through the API (issue 31.2), on
SQLite and PostgreSQL: a flagged text is nudged and nothing is saved; saved anyway it keeps
its flags and visitors see them; ordinary texts pass; a new clean text clears its flags, an
unchanged one keeps them without a second nudge; signup screens the name the same way."""

from __future__ import annotations

from typing import Any

from flask import Flask

from adapters.container import Container
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_likes_api import signed_up

LURE = "Hi 😀 text me on +31 6 12345678 please"  # the emoji counts two in UTF-16
MONEY = "Gift cards? Send me Steam cards"
ORDINARY = "Whats up? I love U2, my phone died last week and I am 34."


def _utf16(text: str, span: dict[str, Any]) -> str:
    units = text.encode("utf-16-le")
    return units[2 * span["start"]:2 * span["end"]].decode("utf-16-le")


def _own(client: ApiClient) -> dict[str, Any]:
    answer: dict[str, Any] = client.get("/api/profile").json["profile"]
    return answer


def _seen(client: ApiClient, member_id: int) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/members/{member_id}").json["profile"]
    return answer


def test_a_flagged_about_text_is_nudged_and_nothing_is_saved(app: Flask) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    nudged = ann.put("/api/profile", json={"about_me": f"  {LURE}  ", "city": "Utrecht"})
    assert nudged.status_code == 409 and nudged.json["error"] == "profile_text_flagged"
    params = nudged.json["params"]
    # The text as screened: trimmed, as it would have been saved.
    assert (params["field"], params["text"], params["reasons"]) == ("about", LURE, ["phone"])
    [span] = params["spans"]
    assert span["reason"] == "phone" and _utf16(LURE, span) == "+31 6 12345678"
    assert params["also"] == []
    # Nothing of the save was kept, the city neither.
    own = _own(ann)
    assert (own["about_me"], own["city"]) == ("", None)
    assert own["text_flags"] == {"name": [], "about": []}
    assert _seen(bob, ann_id)["text_flags"] == []


def test_saved_anyway_the_text_keeps_its_flags_and_visitors_see_them(
        app: Flask, container: Container) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    saved = ann.put("/api/profile", json={"about_me": MONEY, "confirmed": True})
    assert saved.status_code == 200, saved.json
    assert saved.json["profile"]["about_me"] == MONEY
    reasons = saved.json["profile"]["text_flags"]["about"]
    assert "gift_card" in reasons and saved.json["profile"]["text_flags"]["name"] == []
    seen = _seen(bob, ann_id)
    assert (seen["about_me"], seen["text_flags"]) == (MONEY, reasons)
    # Visitors (logged out, where the site lets them search) see the same warning.
    container.site_administration().set("amora.test", "logged_out_search", "all", "test")
    visitor = ApiClient(app).get(f"/api/members/{ann_id}")
    assert visitor.status_code == 200, visitor.json
    assert visitor.json["profile"]["text_flags"] == reasons
    # Another field changes: the unchanged text is not nudged again and keeps its flags.
    again = ann.put("/api/profile", json={"about_me": MONEY, "city": "Utrecht"})
    assert again.status_code == 200, again.json
    assert again.json["profile"]["text_flags"]["about"] == reasons
    # A clean new text clears them; visitors no longer see a warning.
    clean = ann.put("/api/profile", json={"about_me": ORDINARY})
    assert clean.status_code == 200, clean.json
    assert clean.json["profile"]["text_flags"] == {"name": [], "about": []}
    assert _seen(bob, ann_id)["text_flags"] == []


def test_a_flagged_name_is_nudged_and_saved_anyway_with_its_flags(app: Flask) -> None:
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    bob, _ = signed_up(app, "Bob", "male", "female")
    name = "Lisa wa +31612345678"
    nudged = ann.put("/api/profile", json={"name": name, "gender": "female"})
    assert nudged.status_code == 409, nudged.json
    params = nudged.json["params"]
    assert (params["field"], params["reasons"]) == ("name", ["phone"])
    assert [_utf16(name, span) for span in params["spans"]] == ["+31612345678"]
    assert _own(ann)["name"] == "Ann"
    saved = ann.put("/api/profile", json={"name": name, "confirmed": True})
    assert saved.status_code == 200 and saved.json["profile"]["name"] == name
    seen = _seen(bob, ann_id)
    assert (seen["name"], seen["text_flags"]) == (name, ["phone"])
    # Both texts flagged in one save: the nudge names the first and lists the other.
    both = ann.put("/api/profile", json={"name": "Mia telegram @mia_love", "about_me": MONEY})
    assert both.status_code == 409
    assert (both.json["params"]["field"], both.json["params"]["reasons"]) == (
        "name", ["messenger"])
    [other] = both.json["params"]["also"]
    assert (other["field"], other["text"]) == ("about", MONEY) and "gift_card" in other["reasons"]
    assert _utf16(MONEY, other["spans"][0]) in MONEY
    assert _own(ann)["name"] == name  # nothing saved
    # A clean name clears the name's flags only.
    reasons = ann.put("/api/profile", json={"about_me": MONEY, "confirmed": True}
                      ).json["profile"]["text_flags"]["about"]
    renamed = ann.put("/api/profile", json={"name": "Lisa"})
    assert renamed.status_code == 200
    assert renamed.json["profile"]["text_flags"] == {"name": [], "about": reasons}
    assert reasons and _seen(bob, ann_id)["text_flags"] == reasons


def test_ordinary_texts_pass_without_a_nudge(app: Flask) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    for about in (ORDINARY, "I host a crypto podcast and love hiking.",
                  "Dinner at 8? I am 1.72 m and my budget for travel is 500 euro a year."):
        saved = ann.put("/api/profile", json={"about_me": about, "name": "Ann U2"})
        assert saved.status_code == 200, (about, saved.json)
        assert saved.json["profile"]["text_flags"] == {"name": [], "about": []}


def test_confirmed_must_be_a_boolean(app: Flask) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    refused = ann.put("/api/profile", json={"about_me": MONEY, "confirmed": "yes"})
    assert refused.status_code == 400 and refused.json["error"] == "invalid_request"
    assert _own(ann)["about_me"] == ""


def test_signup_screens_the_name(app: Flask) -> None:
    client = ApiClient(app)
    body = {**SIGNUP, "email": "scarlett@example.com", "name": "Scarlett snap anna_x99",
            "gender": "female", "seeking": "male"}
    nudged = client.post("/api/signup", json=body)
    assert nudged.status_code == 409 and nudged.json["error"] == "profile_text_flagged"
    assert (nudged.json["params"]["field"], nudged.json["params"]["reasons"]) == (
        "name", ["messenger"])
    assert client.get("/api/user").status_code == 403  # no account, no session
    created = client.post("/api/signup", json={**body, "confirmed": True})
    assert created.status_code == 201, created.json
    assert _own(client)["text_flags"] == {"name": ["messenger"], "about": []}
    ordinary = ApiClient(app).post("/api/signup", json={
        **SIGNUP, "email": "mark@example.com", "name": "Mark U2", "gender": "male",
        "seeking": "female"})
    assert ordinary.status_code == 201, ordinary.json
