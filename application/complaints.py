"""Complaints (issue 9): visitors and members file them; operators list, read and resolve
them from the command line, audit-logged."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.accounts import site_of_member
from application.email_addresses import new_address_error
from application.ports.chat import Message
from application.ports.clock import Clock
from application.ports.complaints import Complaint, NewComplaint
from application.ports.email_addresses import EmailAddresses
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from application.sites import resolve_site
from domain.accounts import InvalidFields
from domain.complaints import ComplaintForm, check_complaint, check_resolution
from domain.errors import DomainError
from domain.members import Member

OPEN, RESOLVED = "open", "resolved"


@attrs.frozen
class ComplaintFiled:
    id: int
    status: str


@attrs.frozen
class Complaints:
    uow: UnitOfWorkFactory
    clock: Clock
    addresses: EmailAddresses | None = None  # a visitor's address, for the answer

    def file(self, host: str | None, reporter: Member | None,
             form: ComplaintForm) -> ComplaintFiled:
        form = check_complaint(form, logged_in=reporter is not None)
        if form.email and (problem := new_address_error(self.addresses, form.email)):
            raise InvalidFields([problem])
        with self.uow() as uow:
            site = site_of_member(uow, reporter) if reporter else resolve_site(uow, host)
            if form.member_id is not None and uow.members.get(form.member_id) is None:
                raise DomainError("member_not_found")
            # A member may only cite a message of their own conversations.
            if form.message_id is not None and (
                    reporter is None or not uow.complaints.message_in(form.message_id,
                                                                      reporter.id)):
                raise DomainError("message_not_found")
            member_id = form.member_id
            if form.message_ids:
                assert reporter is not None  # check_complaint: only members attach messages
                member_id = _conversation_partner(uow, reporter, form)
            complaint_id = uow.complaints.add(NewComplaint(
                site_id=site.id, reporter_id=reporter.id if reporter else None,
                email=form.email or (reporter.email if reporter else None),
                category=form.category, text=form.text, member_id=member_id,
                message_id=form.message_id, status=OPEN, created_at=self.clock.now()))
            uow.complaints.attach(complaint_id, form.message_ids)
            uow.commit()
        return ComplaintFiled(complaint_id, OPEN)

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

    def resolve(self, complaint_id: int, note: str, actor: str) -> None:
        note = check_resolution(note)
        now = self.clock.now()
        with self.uow() as uow:
            if uow.complaints.get(complaint_id) is None:
                raise DomainError("complaint_not_found")
            if not uow.complaints.resolve(complaint_id, note, now):
                raise DomainError("complaint_resolved")
            uow.audit.record(now, actor, "complaints.resolve", str(complaint_id),
                             {"note": note})
            uow.commit()


def _conversation_partner(uow: UnitOfWork, reporter: Member, form: ComplaintForm) -> int:
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
