"""Appeals against bans (issue 21.3). A banned member has no session (the ban ended
them all), so the ban page's form proves who they are with their address and password,
under the login lockout; one appeal per ban. Operators decide with `amora appeals`: a
lifted ban unbans the member, audit-logged like `amora members unban`; either way the
member is told by e-mail in their language."""

from __future__ import annotations

import attrs

from application.accounts import Accounts, Visitor, existing_member
from application.concurrency import on_member_conflict
from application.decisions import lift_decision
from application.ports.clock import Clock
from application.ports.unit_of_work import UnitOfWorkFactory
from application.sites import resolve_site
from domain.appeals import Appeal, AppealStatus, appeal_text, check_may_appeal, decided
from domain.decisions import Restriction
from domain.errors import DomainError

APPEAL_MAILS = {AppealStatus.UPHELD: "appeal_upheld", AppealStatus.LIFTED: "appeal_lifted"}


@attrs.frozen
class AppealFiled:
    id: int
    status: AppealStatus


@attrs.frozen
class Appeals:
    uow: UnitOfWorkFactory
    clock: Clock
    accounts: Accounts

    def file(self, host: str | None, email: str, password: str, text: str,
             visitor: Visitor) -> AppealFiled:
        text = appeal_text(text)
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            member = self.accounts.verified(uow, site, email, password, visitor, now)
            earlier = (uow.appeals.for_ban(member.id, member.banned_at)
                       if member.banned_at else None)
            banned_at = check_may_appeal(member, earlier)
            appeal_id = uow.appeals.add(Appeal(
                id=0, member_id=member.id, banned_at=banned_at,
                ban_reason=member.ban_reason or "", text=text, status=AppealStatus.OPEN,
                created_at=now))
            uow.commit()
        return AppealFiled(appeal_id, AppealStatus.OPEN)

    def list(self, status: str | None, limit: int = 50) -> list[Appeal]:
        if status is not None and status not in {s.value for s in AppealStatus}:
            raise DomainError("invalid_request", detail="status")
        with self.uow() as uow:
            return uow.appeals.recent(AppealStatus(status) if status else None, limit)

    def show(self, appeal_id: int) -> Appeal:
        with self.uow() as uow:
            found = uow.appeals.get(appeal_id)
        if found is None:
            raise DomainError("appeal_not_found")
        return found

    @on_member_conflict
    def decide(self, appeal_id: int, lift: bool, note: str, actor: str) -> Appeal:
        """Uphold or lift, once. Lifting unbans the member in the same transaction."""
        now = self.clock.now()
        with self.uow() as uow:
            appeal = uow.appeals.get(appeal_id)
            if appeal is None:
                raise DomainError("appeal_not_found")
            decision = decided(appeal, lift, note, actor, now)
            member = existing_member(uow, appeal.member_id)
            if lift:
                if member.banned_at != appeal.banned_at:
                    raise DomainError("not_banned")  # unbanned (or banned anew) meanwhile
                uow.members.save(member, member.unbanned())
                uow.audit.record(now, actor, "members.unban", str(member.id),
                                 {"reason": decision.note or "", "appeal": appeal.id})
                # The ban ends, so its decision does (issue 30.1).
                lift_decision(uow, member.id, Restriction.BAN, str(member.id), actor, now)
            if not uow.appeals.decide(decision):
                raise DomainError("appeal_decided")
            uow.audit.record(now, actor, "appeals.decide", str(member.id),
                             {"appeal": appeal.id, "decision": decision.status.value,
                              "note": decision.note or ""})
            uow.jobs.add("account_mail", APPEAL_MAILS[decision.status], member.id)
            uow.commit()
        return decision
