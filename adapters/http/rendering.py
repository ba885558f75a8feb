"""Use cases answer typed records (attrs); this turns them into the JSON the contract
(openapi.yaml) describes, with the converter the live events use
(adapters.events.encoding) and the names the contract keeps from the old API."""

from __future__ import annotations

from typing import Any

from attrs import AttrsInstance
from cattrs.fns import identity
from cattrs.gen import make_dict_unstructure_fn, override

from adapters.events.encoding import event_json, event_of, json_converter
from application.shared.search_results import SearchCard, SearchPage

__all__ = ["event_json", "event_of", "render", "render_value"]

converter = json_converter()
# A search's cards pass their plain values as they are: cattrs would pass each optional
# one through its hook for optionals, and copy the list (24 to 48 cards a search; the
# same JSON). Registered before SearchPage's hook, which takes it for its lists.
_AS_IS = override(unstruct_hook=identity)
converter.register_unstructure_hook(SearchCard, make_dict_unstructure_fn(
    SearchCard, converter, region=_AS_IS, city=_AS_IS, distance_km=_AS_IS,
    shared_interests=_AS_IS, online=_AS_IS))
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
