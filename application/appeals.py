"""Appeals (issue 21.3, issue 30.3). Any decision can be contested by its member for six
months, one open appeal at a time: from the Decisions section of the web app, or, for a
ban (the ban ended every session), from the ban page with address and password under the
login lockout. Operators decide with `amora appeals`: lifting a decision undoes its effect
in the same transaction (application/undoing.py); either way the member is told the outcome
by e-mail in their language.

"""

from __future__ import annotations

import attrs

from application.accounts import Accounts, Visitor, existing_member
from application.concurrency import on_member_conflict
from application.decisions import OUTCOME_MAIL, lift_decision
from application.ports.clock import Clock
from application.ports.unit_of_work import UnitOfWorkFactory
from application.sites import resolve_site
from application.undoing import undo
from domain.appeals import (
    Appeal,
    AppealStatus,
    appeal_text,
    check_may_appeal,
    check_may_contest,
    decided,
)
from domain.decisions import Restriction, lifted
from domain.errors import DomainError
from domain.members import Member

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
            ban = uow.decisions.in_force(member.id, Restriction.BAN, str(member.id))
            appeal_id = uow.appeals.add(Appeal(
                id=0, member_id=member.id, banned_at=banned_at,
                ban_reason=member.ban_reason or "", text=text, status=AppealStatus.OPEN,
                created_at=now, decision_id=ban.id if ban else None))
            uow.commit()
        return AppealFiled(appeal_id, AppealStatus.OPEN)

    def contest(self, member: Member, decision_id: int, text: str) -> AppealFiled:
        """The member's appeal against one of their decisions, from the web app."""
        text = appeal_text(text)
        now = self.clock.now()
        with self.uow() as uow:
            found = check_may_contest(uow.decisions.get(decision_id), member.id,
                                      uow.appeals.open_for(decision_id), now)
            ban = found.restriction is Restriction.BAN
            appeal_id = uow.appeals.add(Appeal(
                id=0, member_id=member.id, banned_at=member.banned_at if ban else None,
                ban_reason=member.ban_reason if ban else None, text=text,
                status=AppealStatus.OPEN, created_at=now, decision_id=found.id))
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

    def contested(self, appeal_id: int) -> dict[str, object] | None:
        """The decision an appeal contests, as operators read it (who decided included)."""
        with self.uow() as uow:
            appeal = uow.appeals.get(appeal_id)
            found = (uow.decisions.get(appeal.decision_id)
                     if appeal and appeal.decision_id else None)
        if found is None:
            return None
        return {"id": found.id, "restriction": found.restriction.value,
                "item": f"{found.item_kind.value} {found.item_id or ''}".strip(),
                "facts": found.facts, "ground": str(found.ground),
                "decided by": found.decided_by, "decided at": found.decided_at,
                "contest until": found.contest_until, "status": found.status.value}

    @on_member_conflict
    def decide(self, appeal_id: int, lift: bool, note: str, actor: str) -> Appeal:
        """Uphold or lift, once. Lifting undoes the decision's effect in the same
        transaction (unban, photo back, credits back, block gone)."""
        now = self.clock.now()
        with self.uow() as uow:
            appeal = uow.appeals.get(appeal_id)
            if appeal is None:
                raise DomainError("appeal_not_found")
            decision = decided(appeal, lift, note, actor, now)
            member = existing_member(uow, appeal.member_id)
            found = uow.decisions.get(appeal.decision_id) if appeal.decision_id else None
            if lift and found is not None:
                undo(uow, found, now)
                if not uow.decisions.lift(lifted(found, actor, now)):
                    raise DomainError("decision_lifted")
                if found.restriction is not Restriction.BAN:  # a ban's is members.unban
                    uow.audit.record(now, actor, "decisions.lift", str(member.id),
                                     {"decision": found.id,
                                      "restriction": found.restriction.value,
                                      "appeal": appeal.id})
            elif lift:  # a ban's appeal from before decisions were kept
                if member.banned_at != appeal.banned_at:
                    raise DomainError("not_banned")  # unbanned (or banned anew) meanwhile
                uow.members.save(member, member.unbanned())
                lift_decision(uow, member.id, Restriction.BAN, str(member.id), actor, now)
            if lift and (found is None or found.restriction is Restriction.BAN):
                uow.audit.record(now, actor, "members.unban", str(member.id),
                                 {"reason": decision.note or "", "appeal": appeal.id})
            if not uow.appeals.decide(decision):
                raise DomainError("appeal_decided")
            uow.audit.record(now, actor, "appeals.decide", str(member.id),
                             {"appeal": appeal.id, "decision": decision.status.value,
                              "note": decision.note or ""})
            if found is None or found.restriction is Restriction.BAN:
                uow.jobs.add("account_mail", APPEAL_MAILS[decision.status], member.id)
            else:
                uow.jobs.add("account_mail", OUTCOME_MAIL, member.id, None, str(appeal.id))
            uow.commit()
        return decision
