"""Use cases answer typed records (attrs); this turns them into the JSON the contract
(openapi.yaml) describes, with one cattrs converter: dates and times as ISO 8601, enums
as their values, tuples as arrays, nested records as objects."""

from __future__ import annotations

from datetime import date, datetime
from enum import Enum, StrEnum
from typing import Any

import cattrs
from attrs import AttrsInstance
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union

from application.discovery import SearchPage
from application.ports.events import EVENTS, Event, NewMessage

converter = cattrs.Converter()
converter.register_unstructure_hook(date, date.isoformat)
converter.register_unstructure_hook(datetime, datetime.isoformat)
# Enums as their plain values (a StrEnum would otherwise pass as the str it also is).
for _enum in (Enum, StrEnum):
    converter.register_unstructure_hook(_enum, lambda value: value.value)
converter.register_structure_hook(datetime, lambda value, _: datetime.fromisoformat(value))
# Names the contract keeps from the old API.
converter.register_unstructure_hook(SearchPage, make_dict_unstructure_fn(
    SearchPage, converter, num_results=override(rename="numResults"),
    num_results_capped=override(rename="numResultsCapped")))
# Live events carry their kind as "type"; the sender's copy of a message has no "unread".
converter.register_unstructure_hook(NewMessage, make_dict_unstructure_fn(
    NewMessage, converter, _cattrs_omit_if_default=True))
_EVENT: Any = Event  # a union: cattrs tells its members by their "type" tag
_TAGS: dict[type, str] = {event: event.kind for event in EVENTS}
configure_tagged_union(_EVENT, converter, tag_generator=_TAGS.__getitem__, tag_name="type")


def render(record: AttrsInstance) -> dict[str, Any]:
    """One record as a JSON object."""
    rendered: dict[str, Any] = converter.unstructure(record)
    return rendered


def render_value(value: object) -> Any:
    """Anything a use case answers (records, lists of them, plain values) as JSON."""
    return converter.unstructure(value)


def event_json(event: Event) -> dict[str, Any]:
    """A live event as a member's pages get it over /ws (and processes pass it on)."""
    rendered: dict[str, Any] = converter.unstructure(event, unstructure_as=Event)
    return rendered


def event_of(data: object) -> Event:
    """The event back from its JSON (heard from another process)."""
    event: Event = converter.structure(data, _EVENT)
    return event
