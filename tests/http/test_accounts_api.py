"""The account endpoints through the Flask test client, with the job worker running:
every error of the spec answers its code and changes nothing."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from werkzeug.test import TestResponse

from adapters.container import Container
from tests.api_client import ApiClient
from tests.mails import plain_text, read_mail

SIGNUP: dict[str, Any] = {"email": "ann@example.com", "name": "Ann", "date_of_birth": "1990-04-01",
          "password": "correct horse battery", "gender": "female", "seeking": "male",
          "language": "nl", "traffic": {"network": "partner", "sub1": "spring"}}


@pytest.fixture
def worker(container: Container) -> Iterator[None]:
    running = container.tasks().worker(threads=1)
    running.start()
    yield
    running.stop()


def wait_for_mail(container: Container, to: str, count: int = 1) -> EmailMessage:
    folder: Path = container.config().mail_dir
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        mails = [read_mail(p)
                 for p in sorted(folder.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns)]
        mine = [m for m in mails if m["To"] == to]
        if len(mine) >= count:
            return mine[-1]
        time.sleep(0.05)
    raise AssertionError(f"no mail to {to}")


def token_in(message: EmailMessage) -> str:
    text = plain_text(message)
    # The action's link (the unsubscribe link at the bottom carries a token too).
    match = re.search(r"/(?:done|do)\?token=([\w-]+)", text) \
        or re.search(r"reactivate=([\w-]+)", text)
    assert match, text
    return match.group(1)


def test_signup_activation_and_session(client: ApiClient, container: Container,
                                       worker: None) -> None:
    answer = client.post("/api/signup", json=SIGNUP)
    assert answer.status_code == 201
    user = answer.json["user"]
    assert (user["status"], user["profile"]["status"]) == ("not_confirmed", "disabled")
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("auth._token=") and "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie and "Max-Age=2592000" in cookie and "Path=/" in cookie
    assert client.get("/api/user").json["user"]["email"] == "ann@example.com"
    mail = wait_for_mail(container, "ann@example.com")
    assert "Bevestig" in mail["Subject"]
    activated = client.post("/api/activation", json={"token": token_in(mail)})
    assert activated.json["user"]["status"] == "active"
    assert client.post("/api/activation", json={"token": "garbage"}).json["error"] == \
        "activation_failed"


def test_signup_errors(client: ApiClient) -> None:
    invalid = client.post("/api/signup", json={**SIGNUP, "email": "x", "name": "@x",
                                                "date_of_birth": "31-12-1990"})
    assert invalid.status_code == 400
    assert invalid.json["params"]["fields"] == {"email": "invalid_email",
                                                "name": "name_starts_with_at",
                                                "date_of_birth": "invalid_birth_date"}
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    client.post("/api/logout")
    exists = client.post("/api/signup", json={**SIGNUP, "email": "ANN@example.com"})
    assert (exists.status_code, exists.json["error"]) == (409, "account_exists")
    assert client.post("/api/signup", data="{", content_type="application/json").json[
        "error"] == "invalid_json"
    assert client.post("/api/signup", json={**SIGNUP, "gender": "robot"}).status_code == 400
    assert client.post("/api/signup", json={**SIGNUP, "extra": 1}).json["error"] == \
        "invalid_request"


def test_invite_only_site(client: ApiClient, container: Container) -> None:
    container.site_administration().set("amora.test", "signups", "invite_only", "test")
    refused = client.post("/api/signup", json=SIGNUP)
    assert refused.json == {"error": "invite_only", "params": {"sitename": "Amora"}}


def test_login_errors_and_lockout(client: ApiClient) -> None:
    client.post("/api/signup", json=SIGNUP)
    client.post("/api/logout")
    assert client.get("/api/user").json == {"error": "authentication_required", "params": {}}
    unknown = client.post("/api/user", json={"email": "who@example.com", "password": "x" * 9})
    wrong = client.post("/api/user", json={"email": "ann@example.com", "password": "x" * 9})
    assert unknown.json == wrong.json == {"error": "login_failed", "params": {}}
    for _ in range(2):
        client.post("/api/user", json={"email": "ann@example.com", "password": "nope"})
    locked = client.post("/api/user", json={"email": "ann@example.com",
                                            "password": SIGNUP["password"]})
    assert locked.status_code == 429
    assert locked.json == {"error": "too_many_attempts", "params": {"minutes": 1}}
    elsewhere = client.post("/api/user", json={"email": "ann@example.com",
                                               "password": SIGNUP["password"]},
                            environ_base={"REMOTE_ADDR": "192.0.2.77"})
    assert elsewhere.status_code == 200


def test_fifty_failing_addresses_leave_the_member_a_way_in(client: ApiClient) -> None:
    client.post("/api/signup", json=SIGNUP)
    client.post("/api/logout")
    for n in range(50):
        failed = client.post("/api/user", json={"email": "ann@example.com", "password": "nope"},
                             environ_base={"REMOTE_ADDR": f"203.0.113.{n}"})
        assert failed.json["error"] == "login_failed"
    hammering = [client.post("/api/user", json={"email": "ann@example.com", "password": "no"},
                             environ_base={"REMOTE_ADDR": "203.0.113.0"}) for _ in range(3)]
    assert [(a.status_code, a.json["error"]) for a in hammering] == \
        [(400, "login_failed"), (400, "login_failed"), (429, "too_many_attempts")]
    member = client.post("/api/user", json={"email": "ann@example.com",
                                            "password": SIGNUP["password"]},
                         environ_base={"REMOTE_ADDR": "192.0.2.77"})
    assert member.status_code == 200 and member.json["user"]["email"] == "ann@example.com"


def test_logout_is_post_only(client: ApiClient) -> None:
    client.post("/api/signup", json=SIGNUP)
    refused = client.get("/api/logout")
    assert refused.status_code == 405
    assert {m.strip() for m in refused.headers["Allow"].split(",")} == {"POST", "OPTIONS"}
    assert refused.json == {"error": "method_not_allowed", "params": {}}
    assert client.get("/api/user").status_code == 200  # still signed in
    ended = client.post("/api/logout")
    assert ended.status_code == 204 and "auth._token=;" in ended.headers["Set-Cookie"]
    assert client.get("/api/user").status_code == 403


def _answer(response: TestResponse) -> tuple[int, bytes, list[tuple[str, str]]]:
    # Date and the request's own id differ for any two answers.
    return response.status_code, response.data, [h for h in response.headers.items()
                                                 if h[0] not in ("Date", "X-Request-ID")]


def test_reset_answers_alike_for_known_and_unknown_addresses_past_the_quota(
        client: ApiClient, container: Container, worker: None) -> None:
    client.post("/api/signup", json=SIGNUP)
    client.post("/api/logout")
    for n in range(1, 6):  # the quota is 3 a day; past it no mail, the same answer
        known = client.post("/api/password-reset", json={"email": "ann@example.com"})
        unknown = client.post("/api/password-reset", json={"email": "zz@example.com"})
        assert _answer(known) == _answer(unknown)
        assert known.status_code == 204 and known.data == b""
        if n <= 3:  # the next request counts this mail
            wait_for_mail(container, "ann@example.com", count=n + 1)  # + activation


def test_password_reset_and_change(client: ApiClient, container: Container, worker: None) -> None:
    client.post("/api/signup", json=SIGNUP)
    client.post("/api/logout")
    assert client.post("/api/password-reset", json={"email": "ann@example.com"}).status_code \
        == 204
    assert client.post("/api/password-reset", json={"email": "zz@example.com"}).status_code \
        == 204
    assert client.post("/api/password-reset", json={"email": "nope"}).json["error"] == \
        "invalid_email"
    token = token_in(wait_for_mail(container, "ann@example.com", count=2))
    differ = client.post("/api/password-reset/do", json={"token": token, "password": "abcdefgh1",
                                                         "repeat": "abcdefgh2"})
    assert differ.json["error"] == "passwords_differ"
    assert client.post("/api/password-reset/do", json={
        "token": token, "password": "fresh words here", "repeat": "fresh words here"}
    ).status_code == 204
    again = client.post("/api/password-reset/do", json={
        "token": token, "password": "fresh words here", "repeat": "fresh words here"})
    assert again.json["error"] == "reset_link_invalid"
    assert client.post("/api/user", json={"email": "ann@example.com",
                                          "password": "fresh words here"}).status_code == 200
    wrong_old = client.put("/api/password", json={"old_password": "bad", "new_password": "x" * 10,
                                                  "repeat": "x" * 10})
    assert wrong_old.json["error"] == "old_password_wrong"
    assert client.put("/api/password", json={
        "old_password": "fresh words here", "new_password": "newer words here",
        "repeat": "newer words here"}).status_code == 204


def test_mail_change_and_preferences(client: ApiClient, container: Container, worker: None) -> None:
    client.post("/api/signup", json={**SIGNUP, "email": "bo@example.com", "name": "Bo"})
    client.post("/api/logout")
    client.post("/api/signup", json=SIGNUP)
    taken = client.post("/api/mail-change", json={"email": "bo@example.com",
                                                  "password": SIGNUP["password"]})
    assert (taken.status_code, taken.json["error"]) == (409, "email_taken")
    invalid = client.post("/api/mail-change", json={"email": "bo@", "password": "x"})
    assert invalid.json["error"] == "new_email_invalid"
    assert client.post("/api/mail-change", json={"email": "ann@new.example",
                                                 "password": SIGNUP["password"]}).status_code \
        == 204
    token = token_in(wait_for_mail(container, "ann@new.example"))
    assert client.post("/api/mail-change/do", json={"token": token}).json["user"]["email"] == \
        "ann@new.example"
    updated = client.put("/api/user", json={"language": "de", "invisible": True}).json["user"]
    assert (updated["language"], updated["invisible"]) == ("de", True)
    assert client.put("/api/user", json={"language": "xx"}).status_code == 400


def test_delete_and_reactivate(client: ApiClient, container: Container, worker: None) -> None:
    client.post("/api/signup", json=SIGNUP)
    assert client.delete("/api/user", json={"password": "wrong"}).json["error"] == \
        "password_wrong"
    deleted = client.delete("/api/user", json={"password": SIGNUP["password"],
                                               "reason": "met someone"})
    assert deleted.status_code == 204 and "auth._token=;" in deleted.headers["Set-Cookie"]
    assert client.get("/api/user").status_code == 403
    token = token_in(wait_for_mail(container, "ann@example.com", count=2))
    back = client.post("/api/reactivate", json={"token": token})
    assert back.status_code == 200 and back.json["user"]["email"] == "ann@example.com"


def test_banned_member_is_logged_out(client: ApiClient, container: Container) -> None:
    member_id = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    container.moderation().ban(member_id, "spam", "ops")
    banned = client.get("/api/user")
    assert banned.json["error"] == "account_banned"
    assert "auth._token=;" in banned.headers["Set-Cookie"]
    assert client.get("/api/user").json["error"] == "authentication_required"
    refused = client.post("/api/user", json={"email": "ann@example.com",
                                             "password": SIGNUP["password"]})
    assert (refused.status_code, refused.json["error"]) == (403, "account_banned")


def test_cross_site_writes_are_refused(client: ApiClient) -> None:
    answer = client.post("/api/signup", json=SIGNUP, headers={"Origin": "https://evil.example"})
    assert answer.status_code == 403 and answer.json["error"] == "forbidden"
    same = client.post("/api/signup", json=SIGNUP, headers={"Origin": "http://localhost"})
    assert same.status_code == 201


def test_rate_limits_per_address(tmp_path: Path, database_url: str) -> None:
    from adapters.container import build_container
    from adapters.http.app import create_app
    from tests.conftest import make_config, seed_default_site

    container = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                            RATE_LIMITS="on"))
    seed_default_site(container)
    client = ApiClient(create_app(container))
    replies = [client.post("/api/password-reset", json={"email": "a@example.com"})
               for _ in range(11)]
    assert [reply.status_code for reply in replies] == [204] * 10 + [429]
    # A limited view's answers tell how much is left; an answer that met no limit does not.
    assert [reply.headers["X-RateLimit-Remaining"] for reply in replies[8:]] == ["1", "0", "0"]
    assert replies[0].headers["X-RateLimit-Limit"] == "10"
    assert "X-RateLimit-Limit" not in client.get("/api/settings").headers
    limited = client.post("/api/password-reset", json={"email": "a@example.com"})
    assert limited.json["error"] == "too_many_requests"
    container.engine().dispose()


def test_secure_cookie_behind_an_https_proxy(tmp_path: Path, database_url: str) -> None:
    from adapters.container import build_container
    from adapters.http.app import create_app
    from tests.conftest import make_config, seed_default_site

    container = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                            PROXY_HOPS="1"))
    seed_default_site(container)
    client = ApiClient(create_app(container))
    answer = client.post("/api/signup", json=SIGNUP, headers={
        "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9",
        "X-Forwarded-Host": "localhost"})
    assert answer.status_code == 201
    assert "Secure" in answer.headers["Set-Cookie"]
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    for path in ("/api/user", "/", "/api/nowhere"):
        assert client.get(path, headers={"X-Forwarded-Proto": "https"}).headers[
            "Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
        assert "Strict-Transport-Security" not in client.get(path).headers  # plain http
    container.engine().dispose()
