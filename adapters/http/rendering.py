"""Use cases answer typed records (attrs); this turns them into the JSON the contract
(openapi.yaml) describes, with the converter the live events use
(adapters.events.encoding) and the names the contract keeps from the old API."""

from __future__ import annotations

from typing import Any

from attrs import AttrsInstance
from cattrs.gen import make_dict_unstructure_fn, override

from adapters.events.encoding import event_json, event_of, json_converter
from application.shared.search_results import SearchPage

__all__ = ["event_json", "event_of", "render", "render_value"]

converter = json_converter()
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
