"""A rule's refusal answers with its code and params whatever they are named: an
order's "status" among them is a param, not the HTTP status (it was a 500)."""

from __future__ import annotations

import pytest
from flask import Flask

from domain.errors import DomainError


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_refusal_naming_a_status_is_answered_as_the_rule_says(app: Flask) -> None:
    @app.get("/api/test-refusal")
    def refuse() -> None:
        raise DomainError("order_not_refundable", status="refunded")

    answer = app.test_client().get("/api/test-refusal")

    assert answer.status_code == 400
    assert answer.get_json() == {"error": "order_not_refundable",
                                 "params": {"status": "refunded"}}
