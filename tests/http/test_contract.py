"""The server conforms to the committed OpenAPI document (schemathesis, pinned).

Every operation is called with generated inputs; each answer must match the
documented status codes and schemas, malformed input must be refused, and none may
be a server error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import Case, GenerationMode, checks
from schemathesis.core.result import Ok
from schemathesis.schemas import APIOperation

from adapters.http.app import create_app
from adapters.http.openapi import openapi_document
from adapters.http.session import COOKIE
from tests.api_client import ApiClient
from tests.conftest import make_config, seed_default_site
from tests.http.test_likes_api import signed_up

EXAMPLES = 10  # per operation, mode and audience
MODES = {"anonymous": [GenerationMode.POSITIVE],
         "member": [GenerationMode.POSITIVE, GenerationMode.NEGATIVE]}


@pytest.fixture(scope="module")
def contract_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    from adapters.container import build_container
    from adapters.sql import migrate

    root: Path = tmp_path_factory.mktemp("contract")
    url = f"sqlite:///{root / 'amora.db'}"
    migrate.upgrade(url)
    container = build_container(make_config(root, DATABASE_URL=url))
    seed_default_site(container)
    return create_app(container)


def test_the_document_is_valid_openapi() -> None:
    from openapi_spec_validator import validate

    validate(openapi_document())


def _member_cookie(app: Flask, number: int) -> dict[str, str]:
    """A fresh member who confirmed the e-mail, one per operation: an operation may log
    out, change the password or delete the account."""
    name = "Member" + "abcdefghijklmnopqrstuvwxyz"[number % 26] * (number // 26 + 1)
    client, _ = signed_up(app, name, "female", "male")
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    return {COOKIE: cookie.value}


def _conforms(operation: APIOperation[Any, Any, Any, Any], mode: GenerationMode,
              cookies: dict[str, str]) -> None:
    @given(case=operation.as_strategy(mode))
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case: Case[Any]) -> None:
        # Well-formed input may still break a rule (a wrong token, a taken e-mail): that
        # is a documented 4xx, not a contract violation.
        case.call_and_validate(cookies=cookies, excluded_checks=[checks.positive_data_acceptance])

    try:
        check()
    except Unsatisfiable:  # no parameters or body to break: nothing to refuse
        assert mode is GenerationMode.NEGATIVE


@pytest.mark.parametrize("audience", ["anonymous", "member"])
def test_server_conforms_to_the_document(contract_app: Flask, audience: str) -> None:
    """Every operation: no server error, every answer documented (status, content type,
    body); for a member also input the document forbids (negative cases) is refused
    (a visitor is mostly refused before any validation). Seeded and bounded so it is
    reproducible and quick."""
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", contract_app)
    results = list(schema.get_all_operations())
    operations = [result.ok() for result in results if isinstance(result, Ok)]
    assert len(operations) == len(results), [r for r in results if not isinstance(r, Ok)]
    assert {operation.path for operation in operations} >= {"/api/settings", "/api/companyinfo"}
    failures: list[str] = []
    for number, operation in enumerate(operations):
        cookies = _member_cookie(contract_app, number) if audience == "member" else {}
        for mode in MODES[audience]:
            try:
                _conforms(operation, mode, cookies)
            except (Exception, BaseExceptionGroup) as failure:  # all are reported at once
                failures.append(f"{operation.label} ({mode.value}): {failure}")
    assert not failures, "\n\n".join(failures)


def test_a_wrong_method_answers_405_with_allow(contract_app: Flask) -> None:
    answer = ApiClient(contract_app).get("/api/password-reset")

    assert answer.status_code == 405
    assert answer.headers["Allow"] == "OPTIONS, POST"
    assert answer.json == {"error": "method_not_allowed", "params": {}}
    # A path no API route matches is missing for every method (the web app's GET-only
    # catch-all made it a 405 for the others).
    missing = ApiClient(contract_app).post("/api/chats/abc/read")
    assert missing.status_code == 404 and missing.json["error"] == "not_found"
