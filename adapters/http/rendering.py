"""Use cases answer typed records (attrs); this turns them into the JSON the contract
(openapi.yaml) describes, with one cattrs converter: dates and times as ISO 8601, enums
as their values, tuples as arrays, nested records as objects."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import cattrs
from attrs import AttrsInstance
from cattrs.gen import make_dict_unstructure_fn, override

from application.discovery import SearchPage

converter = cattrs.Converter()
converter.register_unstructure_hook(date, date.isoformat)
converter.register_unstructure_hook(datetime, datetime.isoformat)
# Names the contract keeps from the old API.
converter.register_unstructure_hook(SearchPage, make_dict_unstructure_fn(
    SearchPage, converter, num_results=override(rename="numResults"),
    num_results_capped=override(rename="numResultsCapped")))


def render(record: AttrsInstance) -> dict[str, Any]:
    """One record as a JSON object."""
    rendered: dict[str, Any] = converter.unstructure(record)
    return rendered


def render_value(value: object) -> Any:
    """Anything a use case answers (records, lists of them, plain values) as JSON."""
    return converter.unstructure(value)
