"""Complaints (issue 9): visitors and members file them; operators list, read and resolve
them from the command line, audit-logged.

A complaint about a profile, a photo or a message is a notice (issue 30.4): the notifier is
mailed at once that it arrived and, when an operator resolves it, its outcome (both jobs in
the transaction that files or resolves it). Action taken on a notice about an item means a
decision that names the notice, so the reported member has their statement of reasons."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.chat import Message
from application.ports.clock import Clock
from application.ports.complaints import Complaint, NewComplaint
from application.ports.email_addresses import EmailAddresses
from application.ports.jobs import NoticeMail
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.email_addresses import new_address_error
from application.shared.holds import MessageShield
from application.shared.lookups import site_of_member
from application.shared.opener_limits import lift_when_cleared, limit_for_reports
from application.shared.site_lookup import resolve_site
from application.shared.visibility import reported_member
from domain.accounts import InvalidFields
from domain.complaints import (
    NOTICE_OUTCOME,
    NOTICE_RECEIVED,
    ComplaintForm,
    Outcome,
    ReporterRecord,
    check_complaint,
    check_resolution,
)
from domain.errors import DomainError
from domain.locales import DEFAULT_LOCALE
from domain.members import Member

OPEN, RESOLVED = "open", "resolved"


@attrs.frozen
class ComplaintFiled:
    id: int
    status: str


# What a one-tap report says for its reporter (the operators read it with the message).
ONE_TAP_TEXT = "Reported with one tap from the warning on a message sent despite the nudge."


@attrs.frozen
class Complaints:
    uow: UnitFactory[SafetyUnit]
    clock: Clock
    addresses: EmailAddresses | None = None  # a visitor's address, for the answer
    # The scam shield: a notice about a flagged message holds its sender (issue 31.2).
    shield: MessageShield | None = None

    def report_message(self, reporter: Member, message_id: int) -> ComplaintFiled:
        """The recipient's one-tap report of a message (the warning's button): a notice
        about it in good faith, the tap being the statement the button words."""
        with self.uow() as uow:
            message = uow.chats.message(message_id)
            if message is None or message.sender_id == reporter.id:
                raise DomainError("message_not_found")  # one's own is no one's to report
            if uow.complaints.reported_by(reporter.id, "message", str(message_id)):
                raise DomainError("already_reported")
        return self.file(None, reporter, ComplaintForm(
            category="spam", text=ONE_TAP_TEXT, item_kind="message", item_id=message_id,
            good_faith=True))

    def file(self, host: str | None, reporter: Member | None,
             form: ComplaintForm) -> ComplaintFiled:
        form = check_complaint(form, logged_in=reporter is not None)
        if form.email and (problem := new_address_error(self.addresses, form.email)):
            raise InvalidFields([problem])
        with self.uow() as uow:
            site = site_of_member(uow, reporter) if reporter else resolve_site(uow, host)
            member_id = reported_member(uow, site, reporter, form)
            if form.message_ids:
                assert reporter is not None  # check_complaint: only members attach messages
                member_id = _conversation_partner(
                    uow, reporter, attrs.evolve(form, member_id=member_id))
            if form.item_kind is None and member_id is not None:
                # Messages picked in a conversation are about the other member's profile.
                form = attrs.evolve(form, item_kind="profile", item_id=member_id)
            language = form.language or (reporter.language if reporter else None) \
                or site.domain_language or DEFAULT_LOCALE
            complaint_id = uow.complaints.add(NewComplaint(
                site_id=site.id, reporter_id=reporter.id if reporter else None,
                email=form.email or (reporter.email if reporter else None),
                category=form.category, text=form.text, member_id=member_id,
                message_id=form.item_id if form.item_kind == "message" else None,
                status=OPEN, created_at=self.clock.now(), item_kind=form.item_kind,
                item_id=None if form.item_id is None else str(form.item_id),
                reporter_name=form.name, good_faith=form.good_faith, language=language))
            uow.complaints.attach(complaint_id, form.message_ids)
            uow.jobs.add(NoticeMail(NOTICE_RECEIVED, complaint_id))
            self._shield(uow, complaint_id, form)
            if self.shield is not None and reporter is not None and member_id is not None:
                # A member's report lowers the reported member's daily number of new
                # conversations, with the shield's decision (issue 31.2).
                limit_for_reports(uow, member_id, complaint_id, form.category,
                                  self.shield.texts, self.clock.now())
            uow.commit()
        return ComplaintFiled(complaint_id, OPEN)

    def _shield(self, uow: SafetyUnit, complaint_id: int, form: ComplaintForm) -> None:
        if self.shield is None or form.item_kind != "message" or form.item_id is None:
            return
        message = uow.chats.message(form.item_id)
        if message is not None:
            self.shield.on_notice(uow, complaint_id, message, self.clock.now())

    def list(self, status: str | None, limit: int = 50) -> list[Complaint]:
        if status not in (None, OPEN, RESOLVED):
            raise DomainError("invalid_request", detail="status")
        with self.uow() as uow:
            return uow.complaint_queries.recent(status, limit)

    def show(self, complaint_id: int) -> Complaint:
        with self.uow() as uow:
            found = uow.complaints.get(complaint_id)
        if found is None:
            raise DomainError("complaint_not_found")
        return found

    def evidence(self, complaint_id: int) -> Sequence[Message]:
        """The conversation's messages the reporter attached, oldest first."""
        with self.uow() as uow:
            return uow.complaint_queries.attached(complaint_id)

    def reporters(self, complaints: Sequence[Complaint]) -> dict[int, ReporterRecord]:
        """How each complaint's reporter's notices were resolved so far, by complaint id;
        `ReporterRecord.serial` marks the reporters whose notices are mostly dismissed."""
        with self.uow() as uow:
            return uow.complaint_queries.reporter_records(complaints)

    def resolve(self, complaint_id: int, note: str, actor: str, outcome: str) -> None:
        """Closes the complaint with its outcome and mails the outcome to the notifier.
        Action taken on an item needs the decision that names this notice first (the
        restricting command's --notice): the reported member is owed its statement of
        reasons, and the notifier must not hear of action that was never taken."""
        note, result = check_resolution(note, outcome)
        now = self.clock.now()
        with self.uow() as uow:
            found = uow.complaints.get(complaint_id)
            if found is None:
                raise DomainError("complaint_not_found")
            if found.status == OPEN and result is Outcome.ACTION_TAKEN \
                    and found.item_kind is not None \
                    and not uow.complaints.decided(complaint_id):
                raise DomainError("notice_without_decision", id=complaint_id)
            if not uow.complaints.resolve(complaint_id, note, now, result.value):
                raise DomainError("complaint_resolved")
            uow.audit.record(now, actor, "complaints.resolve", str(complaint_id),
                             {"note": note, "outcome": result.value})
            uow.jobs.add(NoticeMail(NOTICE_OUTCOME, complaint_id))
            if found.member_id is not None:  # a dismissed report no longer lowers a cap
                lift_when_cleared(uow, found.member_id, actor, now)
            uow.commit()


def _conversation_partner(uow: SafetyUnit, reporter: Member, form: ComplaintForm) -> int:
    """Selected messages must all be ones the reporter can see, of one conversation, and
    that conversation is with the member complained about: the other member."""
    found = uow.complaints.visible_messages(form.message_ids, reporter.id)
    conversations = {message.conversation_id for message in found}
    if len(found) != len(form.message_ids) or len(conversations) != 1:
        raise DomainError("message_not_found")
    conversation = uow.chats.get(conversations.pop())
    assert conversation is not None  # its messages were just read
    other = conversation.other(reporter.id)
    if form.member_id is not None and form.member_id != other:
        raise DomainError("message_not_found")
    return other
