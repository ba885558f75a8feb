"""Where the member is signed in (issue 33.3) through the HTTP API, on SQLite and
PostgreSQL: the list, ending one or all other sessions (their sockets close at once),
and the "was this you?" mail of a sign-in from a new device with its link."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import simple_websocket
from flask import Flask

from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP, wait_for_mail, worker  # noqa: F401
from tests.http.test_realtime import connect, live, next_event  # noqa: F401
from tests.mails import plain_text

FIREFOX = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 "
           "Firefox/121.0")
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1")


def browser(app: Flask, user_agent: str, country: str | None) -> ApiClient:
    client = ApiClient(app)
    client.environ_base["HTTP_USER_AGENT"] = user_agent
    if country:
        client.environ_base["HTTP_X_GEOIP_COUNTRY"] = country
    return client


def signed_up(app: Flask) -> ApiClient:
    laptop = browser(app, FIREFOX, "NL")
    assert laptop.post("/api/signup", json=SIGNUP).status_code == 201
    return laptop


def signed_in(app: Flask, user_agent: str = IPHONE, country: str | None = "DE") -> ApiClient:
    phone = browser(app, user_agent, country)
    answer = phone.post("/api/user", json={"email": SIGNUP["email"],
                                           "password": SIGNUP["password"]})
    assert answer.status_code == 200, answer.json
    return phone


def listed(client: ApiClient) -> list[dict[str, Any]]:
    answer = client.get("/api/sessions")
    assert answer.status_code == 200, answer.json
    sessions: list[dict[str, Any]] = answer.json["sessions"]
    return sessions


def test_the_list_shows_each_device_place_and_this_one_first(app: Flask) -> None:
    laptop = signed_up(app)
    phone = signed_in(app)
    mine, other = listed(laptop)
    assert mine["current"] is True and other["current"] is False
    assert mine["device"] == {"browser": "Firefox", "browser_version": "121",
                              "system": "Windows", "system_version": "10", "device": None}
    assert other["device"] == {"browser": "Mobile Safari", "browser_version": "17",
                               "system": "iOS", "system_version": "17", "device": "iPhone"}
    assert (mine["place"], other["place"]) == ({"country": "NL"}, {"country": "DE"})
    for session in (mine, other):
        started = datetime.fromisoformat(session["started_at"])
        assert started.tzinfo is not None
        assert datetime.fromisoformat(session["last_active"]) == started
        assert abs(datetime.now(UTC) - started) < timedelta(minutes=5)
    assert [each["current"] for each in listed(phone)] == [True, False]
    assert listed(phone)[0]["id"] == other["id"]
    assert ApiClient(app).get("/api/sessions").json["error"] == "authentication_required"


def test_ending_a_session_signs_it_out_at_once_and_closes_its_socket(
        app: Flask, live: str) -> None:  # noqa: F811
    laptop = signed_up(app)
    phone = signed_in(app)
    laptop_ws, phone_ws = connect(live, laptop), connect(live, phone)
    try:
        next_event(laptop_ws, "hello")
        next_event(phone_ws, "hello")
        assert phone.get("/api/user").status_code == 200  # remembered...
        phone_id = listed(laptop)[1]["id"]
        assert laptop.delete(f"/api/sessions/{phone_id}").status_code == 204
        assert phone.get("/api/user").status_code == 403  # ...and forgotten at once
        assert next_event(phone_ws, "session_revoked", timeout=2)["sessions"] == [phone_id]
        with pytest.raises(simple_websocket.ConnectionClosed):
            while True:
                phone_ws.receive(timeout=2)
        laptop_ws.send(json.dumps({"type": "ping"}))
        assert next_event(laptop_ws, "pong", also="session_revoked")["type"] == "pong"
        assert laptop.get("/api/user").status_code == 200
        assert [each["current"] for each in listed(laptop)] == [True]
    finally:
        laptop_ws.close()


def test_ending_what_is_not_an_open_session_of_ones_own_is_404(app: Flask) -> None:
    laptop = signed_up(app)
    signed_in(app)
    phone_id = listed(laptop)[1]["id"]
    bo = browser(app, FIREFOX, None)
    assert bo.post("/api/signup", json={**SIGNUP, "email": "bo@example.com",
                                        "name": "Bo"}).status_code == 201
    for session_id in (listed(bo)[0]["id"], 999999):
        refused = laptop.delete(f"/api/sessions/{session_id}")
        assert (refused.status_code, refused.json["error"]) == (404, "session_not_found")
    assert bo.get("/api/user").status_code == 200
    assert laptop.delete(f"/api/sessions/{phone_id}").status_code == 204
    again = laptop.delete(f"/api/sessions/{phone_id}")
    assert (again.status_code, again.json["error"]) == (404, "session_not_found")
    assert laptop.delete("/api/sessions/abc").status_code == 404
    assert ApiClient(app).delete(f"/api/sessions/{phone_id}").status_code == 403


def test_ending_ones_own_session_is_a_logout(app: Flask) -> None:
    laptop = signed_up(app)
    own = listed(laptop)[0]["id"]
    answer = laptop.delete(f"/api/sessions/{own}")
    assert answer.status_code == 204
    assert "auth._token=;" in " ".join(answer.headers.getlist("Set-Cookie"))
    assert ApiClient(app).get("/api/user").status_code == 403


def test_ending_all_others_keeps_this_one(app: Flask) -> None:
    laptop = signed_up(app)
    others = [signed_in(app), signed_in(app, FIREFOX, None)]
    assert laptop.delete("/api/sessions").json == {"ended": 2}
    assert [other.get("/api/user").status_code for other in others] == [403, 403]
    assert laptop.get("/api/user").status_code == 200
    assert len(listed(laptop)) == 1
    assert laptop.delete("/api/sessions").json == {"ended": 0}


def end_link_in(container: Any, count: int) -> str:
    mail = wait_for_mail(container, SIGNUP["email"], count)
    text = plain_text(mail)
    match = re.search(r"/sessions/end\?token=([\w-]+)", text)
    assert match, text
    return match.group(1)


def test_a_new_device_is_mailed_and_the_link_ends_that_session(
        app: Flask, container: Any, worker: None) -> None:  # noqa: F811
    laptop = signed_up(app)
    wait_for_mail(container, SIGNUP["email"])  # the activation mail
    laptop.post("/api/logout")  # signing in again on the same browser: no mail
    assert laptop.post("/api/user", json={"email": SIGNUP["email"],
                                          "password": SIGNUP["password"]}).status_code == 200
    phone = signed_in(app)  # a new browser (its device cookie): the mail
    token = end_link_in(container, 2)
    mail = wait_for_mail(container, SIGNUP["email"], 2)
    folder = container.config().mail_dir
    assert len(list(folder.glob("*.eml"))) == 2
    text = plain_text(mail)
    assert "Nieuwe aanmelding" in mail["Subject"]  # the member's language (nl)
    assert "iPhone, iOS 17, Mobile Safari 17" in text and "Duitsland" in text
    assert "/reset-password" in text

    visitor = ApiClient(app)  # the link works without a sign-in
    assert visitor.post("/api/sessions/end", json={"token": token}).json == {"ended": True}
    assert phone.get("/api/user").status_code == 403
    assert laptop.get("/api/user").status_code == 200
    used = visitor.post("/api/sessions/end", json={"token": token})
    assert (used.status_code, used.json["error"]) == (400, "end_session_link_invalid")
    for body in ({"token": "nonsense"}, {"token": ""}, {"token": "x" * 201}, {}):
        refused = visitor.post("/api/sessions/end", json=body)
        assert refused.status_code == 400, body
    assert len(listed(laptop)) == 1  # the bad links ended nothing more
