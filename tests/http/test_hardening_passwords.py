"""Every endpoint that takes a password is under the login lockout and two rate limits
(issue 28.1): a signed-in member guessing their own password (to change it, the e-mail
address, to delete the account or open the data export) is held back as a stranger at
the login form is, and a refused guess costs no argon2 hash."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from limits import parse

from adapters.container import build_container
from adapters.http import limits
from adapters.http.app import create_app
from tests.api_client import ApiClient
from tests.conftest import make_config, seed_default_site
from tests.http.test_accounts_api import SIGNUP

PASSWORD = str(SIGNUP["password"])
NEW = "a brand new passphrase 42"
HERE = "198.51.100.20"
ELSEWHERE = "192.0.2.77"

# (method, path, body with the password typed, the refusal of a wrong one)
ENDPOINTS: dict[str, tuple[str, str, Any, str]] = {
    "change password": ("PUT", "/api/password", lambda password: {
        "old_password": password, "new_password": NEW, "repeat": NEW}, "old_password_wrong"),
    "change e-mail": ("POST", "/api/mail-change", lambda password: {
        "email": "ann@new.example", "password": password}, "password_wrong"),
    "delete account": ("DELETE", "/api/user", lambda password: {
        "password": password, "reason": "test"}, "password_wrong"),
    "open the export": ("POST", "/api/export/confirm", lambda password: {
        "password": password}, "password_wrong"),
    "appeal a ban": ("POST", "/api/appeals", lambda password: {
        "email": SIGNUP["email"], "password": password,
        "text": "I only sent the same greeting to a few people."}, "login_failed"),
}
SIGNED_IN = [name for name in ENDPOINTS if name != "appeal a ban"]


def _send(client: ApiClient, endpoint: str, password: str,
          address: str = HERE) -> tuple[int, str | None, dict[str, Any]]:
    method, path, body, _ = ENDPOINTS[endpoint]
    answer = client.open(path, method=method, json=body(password),
                         environ_base={"REMOTE_ADDR": address})
    json = answer.json or {}
    return answer.status_code, json.get("error"), json.get("params", {})


def _log_in(client: ApiClient, password: str, address: str) -> tuple[int, str | None]:
    answer = client.post("/api/user", json={"email": SIGNUP["email"], "password": password},
                         environ_base={"REMOTE_ADDR": address})
    return answer.status_code, (answer.json or {}).get("error")


@pytest.fixture
def hashes(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every password the app verifies, in order (the one hasher every use case shares)."""
    passwords = app.extensions["amora"].passwords()
    verify = passwords.verify
    seen: list[str] = []

    def counted(password_hash: str, password: str) -> bool:
        seen.append(password)
        return bool(verify(password_hash, password))

    monkeypatch.setattr(passwords, "verify", counted)
    return seen


@pytest.mark.parametrize("endpoint", list(ENDPOINTS))
def test_wrong_passwords_count_toward_the_lockout(app: Flask, hashes: list[str],
                                                  endpoint: str) -> None:
    client = ApiClient(app)
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    refusal = ENDPOINTS[endpoint][3]
    for n in range(3):  # the lockout's free tries
        assert _send(client, endpoint, f"wrong guess {n}")[:2] == (400, refusal)
    del hashes[:]
    # The right password now meets the same wait as login's, and is not even checked.
    assert _send(client, endpoint, PASSWORD) == (429, "too_many_attempts", {"minutes": 1})
    assert hashes == []
    assert _log_in(ApiClient(app), PASSWORD, HERE) == (429, "too_many_attempts")
    # Nothing changed: the member is there, with the old password, from elsewhere.
    assert _log_in(ApiClient(app), PASSWORD, ELSEWHERE) == (200, None)


@pytest.mark.parametrize("endpoint", SIGNED_IN)
def test_failed_logins_hold_back_the_signed_in_endpoints(app: Flask, hashes: list[str],
                                                         endpoint: str) -> None:
    client = ApiClient(app)
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    for n in range(3):
        assert _log_in(ApiClient(app), f"wrong guess {n}", HERE) == (400, "login_failed")
    del hashes[:]
    assert _send(client, endpoint, PASSWORD) == (429, "too_many_attempts", {"minutes": 1})
    assert hashes == []
    assert _send(client, endpoint, "wrong again", ELSEWHERE)[:2] == \
        (400, ENDPOINTS[endpoint][3])  # another address has its own free tries


@pytest.fixture
def limited(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    built = build_container(make_config(tmp_path, DATABASE_URL=database_url,
                                        RATE_LIMITS="on"))
    seed_default_site(built)
    yield create_app(built)
    built.engine().dispose()


def test_one_member_has_one_bucket_on_every_address(limited: Flask) -> None:
    """Wrong guesses spread over the endpoints and over addresses (so no pair is locked)
    use up one bucket of the member's."""
    client = ApiClient(limited)
    assert client.post("/api/signup", json=SIGNUP).status_code == 201
    allowed = parse(limits.PASSWORD_CHECKS).amount
    answers = [_send(client, SIGNED_IN[n % len(SIGNED_IN)], "wrong", f"203.0.113.{n}")[:2]
               for n in range(allowed + 1)]
    assert all(status == 400 for status, _ in answers[:allowed]), answers
    assert answers[allowed] == (429, "too_many_requests")
    other = ApiClient(limited)  # another member from the last address is not held back
    assert other.post("/api/signup", json={**SIGNUP, "email": "bo@example.com", "name": "Bo"},
                      environ_base={"REMOTE_ADDR": "203.0.113.99"}).status_code == 201
    assert _send(other, "open the export", "wrong", f"203.0.113.{allowed}")[:2] == \
        (400, "password_wrong")


def test_one_address_has_one_bucket_for_all_its_members(limited: Flask) -> None:
    """Right passwords (no failure counted) from many members behind one address."""
    allowed = parse(limits.PASSWORD_CHECKS_PER_ADDRESS).amount
    per_member = parse(limits.PASSWORD_CHECKS).amount - 1
    answers = []
    for n in range(-(-(allowed + 1) // per_member)):
        client = ApiClient(limited)
        assert client.post("/api/signup", json={
            **SIGNUP, "email": f"m{n}@example.com", "name": f"Member {n}"}).status_code == 201
        answers += [_send(client, "open the export", PASSWORD)[:2] for _ in range(per_member)]
    assert answers[:allowed] == [(204, None)] * allowed
    assert answers[allowed] == (429, "too_many_requests")
