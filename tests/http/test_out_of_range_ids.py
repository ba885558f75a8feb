"""Ids and integers out of range are just not found or refused, never a 500, on SQLite
and PostgreSQL (whose integer ends at 2**31 - 1)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy.exc import DataError
from werkzeug.routing import Rule
from werkzeug.routing.converters import NumberConverter

from adapters.container import build_container
from adapters.http.app import create_app
from domain.id_ranges import MAX_ID, is_id
from tests.api_client import ApiClient
from tests.conftest import make_config
from tests.http.test_likes_api import signed_up

OUT_OF_RANGE = [2**31, 2**63, 0, -1]
_BODIES = {"chat.send": {"text": "Hoi"}, "chat.send_gift": {"gift": "rose"}}


def _integer_routes() -> list[Rule]:
    """Every rule with an integer in its path, read from the app itself (a new route is
    covered without touching this test)."""
    app = create_app(build_container(make_config(Path(tempfile.mkdtemp()))))
    return sorted((rule for rule in app.url_map.iter_rules()
                   if any(isinstance(c, NumberConverter) for c in rule._converters.values())),
                  key=lambda rule: rule.rule)


def _calls() -> list[tuple[str, str, str]]:
    return [(rule.rule, method, rule.endpoint) for rule in _integer_routes()
            for method in sorted((rule.methods or set()) & {"GET", "POST", "PUT", "DELETE"})]


@pytest.fixture
def member(app: Flask) -> ApiClient:
    client, _ = signed_up(app, "Ann", "female", "male")
    return client


@pytest.mark.parametrize(("rule", "method", "endpoint"), _calls())
def test_integer_path_ids_out_of_range_are_not_found(member: ApiClient, rule: str,
                                                     method: str, endpoint: str) -> None:
    for value in OUT_OF_RANGE:
        path = re.sub(r"<int:\w+>", str(value), rule)
        answer = member.open(path, method=method, json=_BODIES.get(endpoint, {}))
        assert answer.status_code < 500, (method, path, answer.json)
        if path.startswith("/api/"):
            assert answer.status_code == 404, (method, path, answer.json)
            assert answer.json == {"error": "not_found", "params": {}}


def test_the_walk_covers_the_id_routes() -> None:
    rules = {rule.rule for rule in _integer_routes()}
    assert {"/api/members/<int:member_id>", "/api/photos/<int:photo_id>",
            "/api/orders/<int:order_id>", "/api/chats/<int:conversation_id>/messages"} <= rules


@pytest.mark.parametrize("value", OUT_OF_RANGE)
@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/api/swipe", {"profile": "ID", "like": True}),
    ("DELETE", "/api/chat", {"conversation": "ID"}),
    ("POST", "/api/orders", {"delivery_consent": True, "bundle": "ID", "method": "ideal"}),
    ("POST", "/api/directdebit", {"delivery_consent": True,
                                  "bundle": "ID", "account_holder": "Ann", "consent": True,
                                  "iban": "NL91ABNA0417164300", "street": "Dam",
                                  "house_number": "1", "postcode": "1012 JS",
                                  "city": "Amsterdam", "phone": "+31612345678",
                                  "sms_code": "1234"}),
    ("POST", "/api/complaints", {"category": "spam", "text": "Somebody sent me spam.",
                                 "good_faith": True, "member_id": "ID"}),
    ("POST", "/api/complaints", {"category": "spam", "text": "Somebody sent me spam.",
                                 "good_faith": True, "message_id": "ID"}),
    ("POST", "/api/complaints", {"category": "spam", "text": "Somebody sent me spam.",
                                 "good_faith": True, "item_kind": "photo", "item_id": "ID"}),
])
def test_json_ids_out_of_range_are_refused(member: ApiClient, method: str, path: str,
                                           body: dict[str, object], value: int) -> None:
    sent = {key: value if field == "ID" else field for key, field in body.items()}
    answer = member.open(path, method=method, json=sent)
    assert answer.status_code in (400, 404), (method, path, sent, answer.json)
    if value > 0:  # beyond any id: the request itself is wrong
        assert answer.status_code == 400 and answer.json["error"] == "invalid_request"


@pytest.mark.parametrize("value", ["2147483648", "9999999999", "9223372036854775808",
                                   "9" * 5000, "-1", "1e3", "x", "\u00b2", "\u0661", ""])
@pytest.mark.parametrize(("path", "name"), [
    ("/api/chats/1/messages", "before"),
    ("/api/members", "page"),
    ("/api/members", "min_age"),
    ("/api/match-finder", "max_age"),
    ("/api/lander-members", "limit"),
])
def test_query_integers_out_of_range_are_refused(member: ApiClient, path: str, name: str,
                                                 value: str) -> None:
    answer = member.get(path, query_string={name: value})
    assert answer.status_code == 400, (path, name, value, answer.json)
    assert answer.json == {"error": "invalid_request", "params": {"detail": name}}
    # Zero and the largest id are numbers: the rules judge them (a page out of range...).
    for edge in ("0", str(MAX_ID)):
        assert member.get(path, query_string={name: edge}).status_code in (200, 400, 404)


def test_ids_in_range_still_work(app: Flask, member: ApiClient) -> None:
    _, bob_id = signed_up(app, "Bob", "male", "female")
    assert member.get(f"/api/members/{bob_id}").status_code == 200
    assert member.get(f"/api/members/{MAX_ID}").json["error"] == "member_not_found"
    assert member.get("/api/members", query_string={"page": "2"}).status_code == 200



def test_ids_are_whole_numbers_the_database_can_hold() -> None:
    assert is_id(1) and is_id(MAX_ID) and is_id(2**31 - 1)
    assert not any(is_id(value) for value in (0, -1, MAX_ID + 1, True, 1.0, "1", None))


def test_a_value_the_database_refuses_is_still_a_400(app: Flask) -> None:
    """The safety net behind the edge's checks."""

    @app.get("/api/test-out-of-range")
    def out_of_range() -> str:
        raise DataError("SELECT 1", {}, Exception("integer out of range"))

    answer = ApiClient(app).get("/api/test-out-of-range")
    assert answer.status_code == 400 and answer.json == {"error": "invalid_request", "params": {}}
