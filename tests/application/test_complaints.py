"""Complaints on in-memory ports: visitors and members file them (a member cites only a
message of their own conversations), operators list and resolve them once, audited."""

from __future__ import annotations

import pytest

from application.chat import Chat
from application.complaints import Complaints
from domain.accounts import InvalidFields
from domain.complaints import ComplaintForm
from domain.errors import DomainError
from tests.application.memory import FixedClock
from tests.application.people import NOW, Bus, add_member, factory, new_store

TEXT = "He keeps asking for money."


def test_a_visitor_files_with_an_address_and_a_member_with_their_own() -> None:
    store = new_store()
    ann = add_member(store, "Ann")
    complaints = Complaints(factory(store), FixedClock())
    visitor = complaints.file("amora.test", None, ComplaintForm(
        "spam", TEXT, email=" Vic@Example.com "))
    member = complaints.file(None, ann, ComplaintForm("harassment", TEXT))
    assert (visitor.id, visitor.status, member.id) == (1, "open", 2)
    stored = [complaints.show(n) for n in (1, 2)]
    assert [(c.reporter_id, c.email, c.site_id) for c in stored] == [
        (None, "vic@example.com", 1), (ann.id, "ann@example.com", 1)]
    assert stored[0].created_at == NOW


def test_a_bad_form_names_every_problem_and_stores_nothing() -> None:
    store = new_store()
    complaints = Complaints(factory(store), FixedClock())
    with pytest.raises(InvalidFields) as refused:
        complaints.file("amora.test", None, ComplaintForm("rude", "short"))
    assert {(e.field, e.code) for e in refused.value.errors} == {
        ("category", "invalid_choice"), ("text", "too_short"), ("email", "required")}
    assert not store.complaints


def test_a_member_cites_only_members_that_exist_and_messages_they_were_in() -> None:
    store = new_store()
    ann, bob, eve = (add_member(store, name) for name in ("Ann", "Bob", "Eve"))
    message = Chat(factory(store), FixedClock(), Bus()).send(bob, ann.id, "pay me").message
    complaints = Complaints(factory(store), FixedClock())
    with pytest.raises(DomainError, match="member_not_found"):
        complaints.file(None, ann, ComplaintForm("spam", TEXT, member_id=999))
    for reporter in (eve, None):
        with pytest.raises(DomainError, match="message_not_found"):
            complaints.file("amora.test", reporter, ComplaintForm(
                "spam", TEXT, email="vic@example.com", member_id=bob.id,
                message_id=message.id))
    filed = complaints.file(None, ann, ComplaintForm("spam", TEXT, member_id=bob.id,
                                                     message_id=message.id))
    assert complaints.show(filed.id).message_id == message.id
    assert len(store.complaints) == 1


def test_operators_list_newest_first_and_resolve_once_with_a_note() -> None:
    store = new_store()
    ann = add_member(store, "Ann")
    complaints = Complaints(factory(store), FixedClock())
    for _ in range(3):
        complaints.file(None, ann, ComplaintForm("other", TEXT))
    with pytest.raises(DomainError, match="reason_required"):
        complaints.resolve(2, "  ", actor="ops")
    complaints.resolve(2, " warned him ", actor="ops")
    with pytest.raises(DomainError, match="complaint_resolved"):
        complaints.resolve(2, "again", actor="ops")
    with pytest.raises(DomainError, match="complaint_not_found"):
        complaints.resolve(9, "note", actor="ops")
    assert [c.id for c in complaints.list(None)] == [3, 2, 1]
    assert [c.id for c in complaints.list("open", limit=1)] == [3]
    [done] = complaints.list("resolved")
    assert (done.resolution, done.resolved_at) == ("warned him", NOW)
    assert [(a["action"], a["details"]) for a in store.audit] == [
        ("complaints.resolve", {"note": "warned him"})]
    with pytest.raises(DomainError, match="invalid_request"):
        complaints.list("closed")
    with pytest.raises(DomainError, match="complaint_not_found"):
        complaints.show(9)


def test_selected_messages_go_with_the_complaint_from_one_conversation_the_reporter_sees() -> None:
    store = new_store()
    ann, bob, eve = (add_member(store, name) for name in ("Ann", "Bob", "Eve"))
    chat = Chat(factory(store), FixedClock(), Bus())
    with_bob = [chat.send(bob, ann.id, text).message for text in ("pay me", "now")]
    with_eve = chat.send(eve, ann.id, "hi").message
    complaints = Complaints(factory(store), FixedClock())

    def file(*messages: int, member: int | None = None) -> int:
        return complaints.file(None, ann, ComplaintForm(
            "harassment", TEXT, member_id=member, message_ids=messages)).id

    for refused in ((with_bob[0].id, with_eve.id), (with_bob[0].id, 999),
                    (with_bob[0].id,)):  # the last: Bob's, but said to be about Eve
        with pytest.raises(DomainError, match="message_not_found"):
            file(*refused, member=eve.id if len(refused) == 1 else None)
    filed = file(with_bob[1].id, with_bob[0].id, with_bob[1].id)
    assert complaints.show(filed).member_id == bob.id  # the conversation's other member
    assert complaints.evidence(filed) == with_bob  # each once, oldest first
    Chat(factory(store), FixedClock(), Bus()).delete(ann, with_bob[0].conversation_id)
    with pytest.raises(DomainError, match="message_not_found"):
        file(with_bob[0].id)  # a deleted chat's messages are no longer hers to cite
    assert len(store.complaints) == 1
