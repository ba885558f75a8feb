"""Complaints on in-memory ports: visitors and members file them (a member cites only a
message of their own conversations), operators list and resolve them once, audited.
Notices (issue 30.4): the exact item as the notifier sees it, good faith, the notifier's
mails queued with the filing and the resolving, action taken only with its decision."""

from __future__ import annotations

import attrs
import pytest

from application.chat import Chat
from application.complaints import Complaints
from application.ports.jobs import NoticeMail
from application.shared.decisions import record_decision
from domain.accounts import InvalidFields
from domain.complaints import ComplaintForm as Form
from domain.decisions import Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.members import Member
from domain.photos import PhotoStatus
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, Bus, add_member, add_photo, factory, new_store

TEXT = "He keeps asking for money."


def ComplaintForm(category: str, text: str, **fields: object) -> Form:  # noqa: N802
    """A form as the web sends it: in good faith, a visitor (with an address) named."""
    named = {"name": "Vic"} if fields.get("email") else {}
    return Form(category, text, **{"good_faith": True, **named, **fields})  # type: ignore[arg-type]


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
        ("category", "invalid_choice"), ("text", "too_short"), ("email", "required"),
        ("name", "required")}
    with pytest.raises(InvalidFields) as refused:
        complaints.file("amora.test", None, Form(
            "spam", TEXT, email="vic@example.com", name="x" * 101, good_faith=False,
            language="xx", item_kind="post", item_id=3))
    assert {(e.field, e.code) for e in refused.value.errors} == {
        ("name", "too_long"), ("good_faith", "required"), ("language", "invalid_choice"),
        ("item_kind", "invalid_choice")}
    with pytest.raises(InvalidFields) as refused:
        complaints.file("amora.test", None, ComplaintForm(
            "spam", TEXT, email="vic@example.com", item_kind="photo"))
    assert [(e.field, e.code) for e in refused.value.errors] == [("item_id", "required")]
    assert not store.complaints


def test_a_member_cites_only_members_that_exist_and_messages_they_were_in() -> None:
    store = new_store()
    ann, bob, eve = (add_member(store, name) for name in ("Ann", "Bob", "Eve"))
    message = Chat(factory(store), FixedClock(), Bus()).send(bob, ann.id, "pay me").message
    complaints = Complaints(factory(store), FixedClock())
    with pytest.raises(DomainError, match="member_not_found"):
        complaints.file(None, ann, ComplaintForm("spam", TEXT, member_id=999))
    with pytest.raises(DomainError, match="message_not_found"):
        complaints.file("amora.test", eve, ComplaintForm(
            "spam", TEXT, member_id=bob.id, message_id=message.id))
    with pytest.raises(InvalidFields) as visitor:  # a visitor has no conversations
        complaints.file("amora.test", None, ComplaintForm(
            "spam", TEXT, email="vic@example.com", member_id=bob.id, message_id=message.id))
    assert {(e.field, e.code) for e in visitor.value.errors} == {("item_kind", "login_required")}
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
        complaints.resolve(2, "  ", actor="ops", outcome="no_action")
    with pytest.raises(DomainError, match="invalid_outcome"):
        complaints.resolve(2, "warned him", actor="ops", outcome="warned")
    complaints.resolve(2, " warned him ", actor="ops", outcome="action_taken")
    with pytest.raises(DomainError, match="complaint_resolved"):
        complaints.resolve(2, "again", actor="ops", outcome="no_action")
    with pytest.raises(DomainError, match="complaint_not_found"):
        complaints.resolve(9, "note", actor="ops", outcome="no_action")
    assert [c.id for c in complaints.list(None)] == [3, 2, 1]
    assert [c.id for c in complaints.list("open", limit=1)] == [3]
    [done] = complaints.list("resolved")
    assert (done.resolution, done.resolved_at, done.outcome) == ("warned him", NOW,
                                                                  "action_taken")
    assert [(a["action"], a["details"]) for a in store.audit] == [
        ("complaints.resolve", {"note": "warned him", "outcome": "action_taken"})]
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


def _visitor(category: str = "fake_profile", **fields: object) -> Form:
    return ComplaintForm(category, TEXT, email="vic@example.com", **fields)


def test_a_visitor_reports_only_a_public_main_photo_and_a_member_what_they_see() -> None:
    store = new_store()
    ann, bob = add_member(store, "Ann"), add_member(store, "Bob", gender="male")
    main, second = add_photo(store, bob, main=True), add_photo(store, bob)
    pending = add_photo(store, bob, status=PhotoStatus.PENDING)
    complaints = Complaints(factory(store), FixedClock())
    filed = complaints.file("amora.test", None, _visitor(
        item_kind="photo", item_id=main, language="de"))
    notice = complaints.show(filed.id)
    assert (notice.item_kind, notice.item_id, notice.member_id, notice.reporter_name,
            notice.good_faith, notice.language, notice.message_id) == (
        "photo", str(main), bob.id, "Vic", True, "de", None)
    # Not shown to a visitor (only the main photo is), not shown to anyone, unknown, or
    # said to be someone else's: not found, nothing stored.
    for photo, member in ((second, None), (pending, None), (999, None), (main, ann.id)):
        with pytest.raises(DomainError, match="photo_not_found"):
            complaints.file("amora.test", None, _visitor(
                item_kind="photo", item_id=photo, member_id=member))
    with pytest.raises(DomainError, match="photo_not_found"):  # a free member sees the main one
        complaints.file(None, ann, ComplaintForm("spam", TEXT, item_kind="photo",
                                                 item_id=second))
    premium = attrs.evolve(ann, paid_user=True)
    seen = complaints.file(None, premium, ComplaintForm("spam", TEXT, item_kind="photo",
                                                        item_id=second))
    assert complaints.show(seen.id).member_id == bob.id
    # A profile names its member, a missing one is not found.
    profile = complaints.file("amora.test", None, _visitor(item_kind="profile", item_id=bob.id))
    assert (complaints.show(profile.id).member_id, complaints.show(profile.id).item_id) == (
        bob.id, str(bob.id))
    with pytest.raises(DomainError, match="member_not_found"):
        complaints.file("amora.test", None, _visitor(item_kind="profile", item_id=999))
    assert len(store.complaints) == 3


def test_a_message_names_its_sender_and_the_older_fields_name_the_item() -> None:
    store = new_store()
    ann, bob, eve = (add_member(store, name) for name in ("Ann", "Bob", "Eve"))
    message = Chat(factory(store), FixedClock(), Bus()).send(bob, ann.id, "pay me").message
    complaints = Complaints(factory(store), FixedClock())
    filed = complaints.file(None, ann, ComplaintForm("spam", TEXT, item_kind="message",
                                                     item_id=message.id, name="ignored"))
    notice = complaints.show(filed.id)
    assert (notice.item_kind, notice.item_id, notice.member_id, notice.message_id,
            notice.reporter_name, notice.language, notice.email) == (
        "message", str(message.id), bob.id, message.id, None, "nl", "ann@example.com")
    for reporter, member in ((eve, None), (ann, eve.id)):
        with pytest.raises(DomainError, match="message_not_found"):
            complaints.file(None, reporter, ComplaintForm(
                "spam", TEXT, item_kind="message", item_id=message.id, member_id=member))
    older = complaints.file(None, ann, ComplaintForm("spam", TEXT, member_id=bob.id))
    assert (complaints.show(older.id).item_kind, complaints.show(older.id).item_id) == (
        "profile", str(bob.id))
    general = complaints.file(None, ann, ComplaintForm("payment", TEXT))
    assert complaints.show(general.id).item_kind is None


def test_a_visitor_reporting_a_possible_minor_may_stay_unnamed() -> None:
    store = new_store()
    complaints = Complaints(factory(store), FixedClock())
    filed = complaints.file("amora.test", None, Form(
        "underage", TEXT, email="vic@example.com", good_faith=True, name="  "))
    assert complaints.show(filed.id).reporter_name is None
    assert complaints.show(filed.id).language == "en"  # the site's, else English


def test_the_notifier_is_mailed_on_filing_and_on_resolving() -> None:
    store = new_store()
    bob = add_member(store, "Bob")
    complaints = Complaints(factory(store), FixedClock())
    filed = complaints.file("amora.test", None, _visitor(item_kind="profile", item_id=bob.id))
    assert store.jobs == [NoticeMail("notice_received", filed.id)]
    complaints.resolve(filed.id, "Nothing wrong with it", "ops", "no_action")
    assert store.jobs[-1] == NoticeMail("notice_outcome", filed.id)
    assert complaints.show(filed.id).outcome == "no_action"


def _decided(store: MemoryStore, member: Member, notice: int | None) -> None:
    with MemoryUnitOfWork(store) as uow:
        record_decision(uow, member, Restricting(
            restriction=Restriction.BAN, item_kind=ItemKind.ACCOUNT, item_id=None,
            facts="Fake photos", ground=Ground.parse("terms:fake_profile"),
            notice_id=notice), "ops", NOW)
        uow.commit()


def test_action_taken_on_an_item_needs_the_decision_that_names_the_notice() -> None:
    store = new_store()
    bob = add_member(store, "Bob")
    complaints = Complaints(factory(store), FixedClock())
    filed = complaints.file("amora.test", None, _visitor(item_kind="profile", item_id=bob.id))
    other = complaints.file("amora.test", None, _visitor(item_kind="profile", item_id=bob.id))
    _decided(store, bob, other.id)  # a decision on another notice does not count
    jobs = len(store.jobs)
    with pytest.raises(DomainError, match="notice_without_decision"):
        complaints.resolve(filed.id, "Banned him", "ops", "action_taken")
    assert complaints.show(filed.id).status == "open" and len(store.jobs) == jobs
    _decided(store, bob, filed.id)
    complaints.resolve(filed.id, "Banned him", "ops", "action_taken")
    assert complaints.show(filed.id).outcome == "action_taken"


def test_reporters_whose_notices_are_mostly_dismissed_are_marked() -> None:
    store = new_store()
    ann, bob = add_member(store, "Ann"), add_member(store, "Bob")
    complaints = Complaints(factory(store), FixedClock())

    def file(reporter: Member | None, outcome: str | None, email: str = "vic@example.com") -> int:
        form = ComplaintForm("spam", TEXT) if reporter else ComplaintForm(
            "spam", TEXT, email=email)
        number = complaints.file("amora.test", reporter, form).id
        if outcome:
            complaints.resolve(number, "Looked at it", "ops", outcome)
        return number

    for outcome in ["no_action"] * 4 + ["action_taken"]:  # 4 of 5 dismissed: 80 %
        file(None, outcome)
    for outcome in ["no_action"] * 3 + ["action_taken"] * 2:  # 3 of 5: 60 %
        file(ann, outcome)
    latest = [file(None, None), file(ann, None), file(bob, None),
              file(None, None, email="other@example.com")]
    records = complaints.reporters([complaints.show(n) for n in latest])
    assert [(records[n].resolved, records[n].dismissed, records[n].serial)
            for n in latest] == [(5, 4, True), (5, 3, False), (0, 0, False), (0, 0, False)]
