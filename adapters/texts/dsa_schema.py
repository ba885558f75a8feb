"""The DSA statement-of-reasons schema kept in the repository (dsa_statement.schema.json:
the rules of the EU Transparency Database's API, from its own source), checked with
jsonschema: a statement that does not fit is never written out."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

SCHEMA = Path(__file__).with_name("dsa_statement.schema.json")


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    schema = json.loads(SCHEMA.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    # Formats checked too: a "2026-02-30" fits the pattern but is no day.
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def problems(statement: dict[str, object]) -> list[str]:
    """What is wrong with a statement, one line each; empty when it fits the schema."""
    return [f"{'/'.join(map(str, error.absolute_path)) or '(statement)'}: {error.message}"
            for error in sorted(_validator().iter_errors(statement),
                                key=lambda error: (list(map(str, error.absolute_path)),
                                                   error.message))]
