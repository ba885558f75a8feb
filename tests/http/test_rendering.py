"""Use cases' records as JSON: the converter's conventions, and live events as /ws sends
them (and Redis carries them between processes)."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import attrs

from adapters.events.encoding import event_json, event_of
from adapters.http.rendering import render
from application.ports.chat import Message
from application.ports.events import (
    EVENTS,
    AccountChanged,
    CreditsChanged,
    Event,
    LikeWithdrawn,
    MatchProfile,
    MessagesRead,
    NewLike,
    NewMatch,
    NewMessage,
    PaymentSettled,
    SessionRevoked,
    Typing,
    UnreadCount,
)
from domain.members import AccountStatus
from domain.orders import OrderStatus

SENT = datetime(2026, 3, 4, 12, 30, tzinfo=UTC)
MESSAGE = Message(id=7, conversation_id=3, sender_id=1, text="hi", created_at=SENT, gift=None)


@attrs.frozen
class Sample:
    day: date
    at: datetime | None
    status: AccountStatus
    tags: tuple[str, ...]


def test_dates_enums_and_tuples_as_the_contract_writes_them() -> None:
    assert render(Sample(date(2026, 3, 4), SENT, AccountStatus.ACTIVE, ("a", "b"))) == {
        "day": "2026-03-04", "at": "2026-03-04T12:30:00+00:00", "status": "active",
        "tags": ["a", "b"]}
    assert type(render(Sample(date(2026, 3, 4), None, AccountStatus.ACTIVE, ()))["status"]) \
        is str  # the value, not the StrEnum


def test_events_on_the_wire() -> None:
    message = {"id": 7, "conversation_id": 3, "sender_id": 1, "text": "hi",
               "created_at": "2026-03-04T12:30:00+00:00", "gift": None, "removed": False,
               "flags": [], "held": False}
    assert event_json(NewMessage(MESSAGE)) == {"type": "message", "message": message}
    assert event_json(NewMessage(MESSAGE, unread=0)) == {"type": "message", "message": message,
                                                         "unread": 0}
    assert event_json(NewMatch(MatchProfile(id=1, name="Ann", age=30))) == {
        "type": "match", "profile": {"id": 1, "name": "Ann", "age": 30}}
    assert event_json(PaymentSettled(order=4, status=OrderStatus.PAID)) == {
        "type": "payment", "order": 4, "status": "paid"}
    assert event_json(SessionRevoked()) == {"type": "session_revoked", "sessions": []}
    assert event_json(LikeWithdrawn(member=1)) == {"type": "unlike", "member": 1}


def test_every_event_comes_back_from_its_json() -> None:
    events: list[Event] = [NewMessage(MESSAGE), NewMessage(MESSAGE, unread=2), MessagesRead(3),
              UnreadCount(2), Typing(conversation=3, member=1), CreditsChanged(5),
              NewLike(member=1), LikeWithdrawn(member=1),
              NewMatch(MatchProfile(id=1, name="Ann", age=30)),
              PaymentSettled(order=4, status=OrderStatus.REFUNDED), SessionRevoked(),
              AccountChanged(member=1)]
    assert {type(event) for event in events} == set(EVENTS)
    for event in events:
        assert event_of(json.loads(json.dumps(event_json(event)))) == event


def test_an_events_text_is_its_json_however_it_came() -> None:
    """event_text, what every socket sends (issue 36.3): event_json encoded, from the
    event itself or from the JSON another process sent it as, and never another event's."""
    from adapters.events.encoding import event_text, heard_as

    ann, bob = NewMessage(MESSAGE), NewMessage(MESSAGE, unread=3)
    assert event_text(ann) == json.dumps(event_json(ann))
    assert event_text(ann) == json.dumps(event_json(ann))  # again, for another socket
    assert event_text(bob) == json.dumps(event_json(bob))  # not ann's
    wire = json.loads(json.dumps(event_json(bob)))
    heard = event_of(wire)
    heard_as(heard, wire)
    assert event_text(heard) == json.dumps(event_json(bob))
    assert event_text(ann) == json.dumps(event_json(ann))


def test_a_message_between_processes_names_its_channels_first() -> None:
    """A process reads what another published (issue 36.3): a message names its channels
    in "to", ahead of the events, so a process with no socket on any of them drops it
    without decoding it; one that names none (before "to", or a channel "to" cannot hold
    as it is) is decoded, and either way only the events listened to are built."""
    from adapters.events.encoding import addressed_to, batch, listened_to

    ann, bob = NewMessage(MESSAGE), CreditsChanged(credits=4)
    raw = json.dumps(batch([("member:1", ann), ("member:2", bob)])).encode()
    assert addressed_to(raw) == ["member:1", "member:2"]
    assert listened_to(raw, lambda channel: False) == []
    assert listened_to(raw, {"member:2"}.__contains__) == \
        [("member:2", bob, json.loads(raw)["events"][1]["event"])]
    # Dropped unread: not even its JSON is looked at.
    assert listened_to(b'{"to": "member:3", "events": [', lambda channel: False) == []
    odd = json.dumps(batch([('a "quoted" one', bob), ("member:2", ann)])).encode()
    assert addressed_to(odd) is None
    assert [event for _, event, _ in listened_to(odd, {'a "quoted" one'}.__contains__)] == [bob]
    for name in ("café:1", "tab\there", "back\\slash"):  # JSON escapes them
        raw = json.dumps(batch([(name, bob)])).encode()
        assert addressed_to(raw) is None
        assert [event for _, event, _ in listened_to(raw, {name}.__contains__)] == [bob]
    before = json.dumps({"channel": "member:5", "event": event_json(bob)}).encode()
    assert addressed_to(before) is None
    assert [event for _, event, _ in listened_to(before, {"member:5"}.__contains__)] == [bob]
    assert listened_to(before, lambda channel: False) == []


def test_a_search_page_renders_as_the_shared_converter_renders_its_records() -> None:
    # Its cards pass their plain values as they are (adapters/http/rendering.py): the
    # same JSON, key order included, as the converter's hooks give.
    from adapters.events.encoding import json_converter
    from application.ports.photos import CardImage
    from application.shared.search_results import SearchCard, SearchPage, ShownFilters

    cards = [SearchCard(id=n, name="Ann", gender="female", age=30, country="NL",
                        region="NL-NH" if n % 2 else None, city=None if n % 3 else "Delft",
                        is_fictional=n == 3, main_image=CardImage("a.jpg", "a_t.jpg")
                        if n % 2 else None, distance_km=None if n % 2 else 15,
                        shared_interests=["jazz"] if n % 2 else [], online=(None, True,
                                                                            False)[n % 3])
             for n in range(1, 7)]
    page = SearchPage(filters=ShownFilters("female", "NL", None, 25, 35, 100, "best", False,
                                           False, True, None, True),
                      results=cards[:4], num_results=4, num_results_capped=False, page=1,
                      pages=1, next=None, similar=cards[4:], liked=[2])
    expected = json_converter().unstructure(page)
    expected["numResults"] = expected.pop("num_results")
    expected["numResultsCapped"] = expected.pop("num_results_capped")
    rendered = render(page)
    assert json.dumps(rendered) == json.dumps({key: expected[key] for key in rendered})
    assert sorted(rendered) == sorted(expected)
