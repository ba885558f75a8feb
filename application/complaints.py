"""Complaints (issue 9): visitors and members file them; operators list, read and resolve
them from the command line, audit-logged."""

from __future__ import annotations

import attrs

from application.accounts import site_of_member
from application.ports.clock import Clock
from application.ports.complaints import Complaint, NewComplaint
from application.ports.unit_of_work import UnitOfWorkFactory
from application.sites import resolve_site
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

    def file(self, host: str | None, reporter: Member | None,
             form: ComplaintForm) -> ComplaintFiled:
        form = check_complaint(form, logged_in=reporter is not None)
        with self.uow() as uow:
            site = site_of_member(uow, reporter) if reporter else resolve_site(uow, host)
            if form.member_id is not None and uow.members.get(form.member_id) is None:
                raise DomainError("member_not_found")
            # A member may only cite a message of their own conversations.
            if form.message_id is not None and (
                    reporter is None or not uow.complaints.message_in(form.message_id,
                                                                      reporter.id)):
                raise DomainError("message_not_found")
            complaint_id = uow.complaints.add(NewComplaint(
                site_id=site.id, reporter_id=reporter.id if reporter else None,
                email=form.email or (reporter.email if reporter else None),
                category=form.category, text=form.text, member_id=form.member_id,
                message_id=form.message_id, status=OPEN, created_at=self.clock.now()))
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
