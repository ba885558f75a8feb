"""A rule's refusal answers with its code and params whatever they are named: an
order's "status" among them is a param, not the HTTP status (it was a 500). And a body of
changes refuses a null where the contract has none."""

from __future__ import annotations

from typing import NoReturn

import pytest
from flask import Flask

from domain.errors import DomainError
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_refusal_naming_a_status_is_answered_as_the_rule_says(app: Flask) -> None:
    @app.get("/api/test-refusal")
    def refuse() -> NoReturn:
        raise DomainError("order_not_refundable", status="refunded")

    answer = ApiClient(app).get("/api/test-refusal")

    assert answer.status_code == 400
    assert answer.get_json() == {"error": "order_not_refundable",
                                 "params": {"status": "refunded"}}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_preference_sent_as_null_is_refused_and_changes_nothing(app: Flask) -> None:
    """The contract's preferences are booleans: null is a mistake, not "leave it"."""
    member, _ = signed_up(app, "Ann", "female", "male")
    before = member.get("/api/user").get_json()["user"]

    answer = member.put("/api/user", json={"share_typing": None, "language": "fi"})

    assert answer.status_code == 400
    assert answer.get_json()["error"] == "invalid_request"
    assert member.get("/api/user").get_json()["user"] == before
