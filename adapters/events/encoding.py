"""Records and live events as JSON, with one set of cattrs hooks: dates and times as ISO
8601, enums as their values, tuples as arrays, nested records as objects, and a live
event's kind as its "type".

It sits with the event bus, below both of its readers: the HTTP answers
(adapters.http.rendering) and the live sockets (adapters.realtime) encode with it, and the
Redis bus passes events between processes in the same form, without importing either
(an import-linter contract in pyproject.toml keeps it so)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import date, datetime
from enum import Enum, StrEnum
from typing import Any

import cattrs
from cattrs.gen import make_dict_unstructure_fn
from cattrs.strategies import configure_tagged_union

from application.ports.events import EVENTS, Event, NewMessage


def json_converter() -> cattrs.Converter:
    """A converter with the hooks every JSON the app writes shares; a reader may add its
    own (the HTTP answers rename a few fields the old API named otherwise)."""
    converter = cattrs.Converter()
    converter.register_unstructure_hook(date, date.isoformat)
    converter.register_unstructure_hook(datetime, datetime.isoformat)
    # Enums as their plain values (a StrEnum would otherwise pass as the str it also is).
    for enum in (Enum, StrEnum):
        converter.register_unstructure_hook(enum, lambda value: value.value)
    converter.register_structure_hook(datetime, lambda value, _: datetime.fromisoformat(value))
    # The sender's copy of a message has no "unread".
    converter.register_unstructure_hook(NewMessage, make_dict_unstructure_fn(
        NewMessage, converter, _cattrs_omit_if_default=True))
    tags: dict[type, str] = {event: event.kind for event in EVENTS}
    union: Any = Event  # a union: cattrs tells its members by their "type" tag
    configure_tagged_union(union, converter, tag_generator=tags.__getitem__, tag_name="type")
    return converter


_converter = json_converter()


def event_json(event: Event) -> dict[str, Any]:
    """A live event as a member's pages get it over /ws (and processes pass it on)."""
    rendered: dict[str, Any] = _converter.unstructure(event, unstructure_as=Event)
    return rendered


# The event last encoded for a socket, with its text: a member's sockets (a tab, a phone)
# all get the same event one after another, encoded once for them all; one assignment,
# so a thread that reads it sees one event with its own text.
_last: tuple[object, Any, str | None] = (None, None, None)


def event_text(event: Event) -> str:
    """A live event's JSON text for a socket (event_json's, encoded): once for all the
    sockets it goes to, and not again from its object when it came from another process
    as JSON (heard_as)."""
    global _last
    last = _last
    if last[0] is event and last[2] is not None:
        return last[2]
    text = json.dumps(last[1] if last[0] is event else event_json(event))
    _last = (event, None, text)
    return text


def heard_as(event: Event, data: Any) -> None:
    """``event`` arrived from another process as ``data`` (event_json's, as JSON parsed
    it): event_text encodes that, not the object again (a chat message's receipt,
    issue 36.3)."""
    global _last
    _last = (event, data, None)


def event_of(data: object) -> Event:
    """The event back from its JSON (heard from another process)."""
    union: Any = Event
    event: Event = _converter.structure(data, union)
    return event


def batch(published: Sequence[tuple[str, Event]]) -> dict[str, Any]:
    """Events to several channels as one message between processes: each process reads
    one message for the deed instead of one per event. Its channels come first, in "to"
    (see addressed_to), where their names allow it."""
    channels = [channel for channel, _ in published]
    named = {"to": " ".join(channels)} if all(map(_PLAIN.fullmatch, channels)) else {}
    return {**named, "events": [{"channel": channel, "event": event_json(event)}
                                for channel, event in published]}


# A channel name "to" can hold as it is: printable ASCII but for the space (the separator),
# the quote and the backslash; JSON escapes those and anything beyond ASCII, and the text
# read there would not be the name.
_PLAIN = re.compile(r"[!#-\[\]-~]+")
_TO = b'{"to": "'


def addressed_to(raw: bytes) -> list[str] | None:
    """The channels a message from another process names in its "to" (json.dumps writes
    a dict's keys in order, so it opens the text), read without decoding the JSON; None
    for a message that names none (from a process before "to", or a channel not plain)."""
    if not raw.startswith(_TO):
        return None
    end = raw.find(b'"', len(_TO))
    return raw[len(_TO):end].decode().split(" ") if end > 0 else None


def listened_to(raw: bytes, listening: Callable[[str], bool]
                ) -> list[tuple[str, Event, Any]]:
    """The events of a message from another process (one event, or a batch) on channels
    this process listens to, each with its JSON (for heard_as); only those are decoded,
    and a message to none of them not at all: every process hears every message, and
    most are for sockets elsewhere (issue 36.3). Raises ValueError (JSON, UTF-8),
    KeyError, TypeError or cattrs' errors for a malformed one."""
    named = addressed_to(raw)
    if named is not None and not any(map(listening, named)):
        return []
    # Decoded as UTF-8 first: json.loads would guess the bytes' encoding.
    data = json.loads(str(raw, "utf-8"))
    if not isinstance(data, dict):
        raise TypeError("an event is a JSON object")
    parts = data.get("events", [data])
    return [(part["channel"], event_of(part["event"]), part["event"]) for part in parts
            if listening(part["channel"])]
