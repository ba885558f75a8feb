"""The session hint cookie (auth.present=1): readable by the page, set and cleared with
the session cookie, so a visitor's page never asks GET /api/user (and logs no 403)."""

from __future__ import annotations

from werkzeug.test import TestResponse

from tests.api_client import ApiClient

SIGNUP = {"email": "hint@example.com", "name": "Hint", "date_of_birth": "1990-04-01",
          "password": "correct horse battery", "gender": "female", "seeking": "male",
          "language": "en"}


def _cookies(response: TestResponse) -> dict[str, str]:
    return {c.split("=", 1)[0]: c for c in response.headers.getlist("Set-Cookie")}


def test_the_hint_comes_and_goes_with_the_session(client: ApiClient) -> None:
    signed_up = _cookies(client.post("/api/signup", json=SIGNUP))
    hint = signed_up["auth.present"]
    assert hint.startswith("auth.present=1;") and "HttpOnly" not in hint
    assert "Path=/" in hint and "SameSite=Lax" in hint
    assert "Max-Age=2592000" in hint
    assert "HttpOnly" in signed_up["auth._token"]

    logged_out = _cookies(client.post("/api/logout"))
    assert logged_out["auth.present"].startswith("auth.present=;")
    assert logged_out["auth._token"].startswith("auth._token=;")

    logged_in = _cookies(client.post("/api/user", json={"email": SIGNUP["email"],
                                                        "password": SIGNUP["password"]}))
    assert logged_in["auth.present"].startswith("auth.present=1;")


def test_a_session_from_before_the_hint_gets_it_with_the_page(client: ApiClient) -> None:
    assert "auth.present" not in _cookies(client.get("/"))  # a visitor
    client.set_cookie("auth._token", "older")
    hint = _cookies(client.get("/members"))["auth.present"]
    assert hint.startswith("auth.present=1;") and "HttpOnly" not in hint
    client.set_cookie("auth.present", "1")
    assert "auth.present" not in _cookies(client.get("/"))
