"""The server conforms to the committed OpenAPI document (schemathesis, pinned).

Every operation is called with generated inputs; each answer must match the
documented status codes and schemas, malformed input must be refused, and none may
be a server error.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from adapters.http.app import create_app
from adapters.http.openapi import openapi_document
from tests.conftest import make_config, seed_default_site


@pytest.fixture(scope="module")
def contract_app(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
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


def test_server_conforms_to_the_document(contract_app) -> None:  # type: ignore[no-untyped-def]
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", contract_app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {operation.path for operation in operations} >= {"/api/settings", "/api/companyinfo"}
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
        def check(case) -> None:  # type: ignore[no-untyped-def]
            # Well-formed input may still break a rule (a wrong token, a taken e-mail):
            # that is a documented 4xx, not a contract violation.
            case.call_and_validate(excluded_checks=[checks.positive_data_acceptance])

        check()


def test_a_wrong_method_answers_405_with_allow(contract_app) -> None:  # type: ignore[no-untyped-def]
    answer = contract_app.test_client().get("/api/password-reset")

    assert answer.status_code == 405
    assert answer.headers["Allow"] == "OPTIONS, POST"
    assert answer.json == {"error": "method_not_allowed", "params": {}}
