"""Appeals (issue 21.3, issue 30.3). Any decision can be contested by its member for six
months, one open appeal at a time: from the Decisions section of the web app, or, for a
ban (the ban ended every session), from the ban page with address and password under the
login lockout. Operators decide with `amora appeals`: lifting a decision undoes its effect
in the same transaction (application/undoing.py); either way the member is told the outcome
by e-mail in their language.

"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import attrs

from application.ports.appeals import ListedAppeal
from application.ports.clock import Clock
from application.ports.jobs import AccountMail
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.concurrency import on_member_conflict
from application.shared.decisions import OUTCOME_MAIL, lift_decision
from application.shared.lookups import existing_member
from application.shared.password_checks import PasswordChecks
from application.shared.sign_ins import Visitor, verified
from application.shared.site_lookup import resolve_site
from domain.appeals import (
    Appeal,
    AppealStatus,
    appeal_text,
    check_may_appeal,
    check_may_contest,
    decided,
)
from domain.decisions import Decision, DecisionStatus, Restriction, lifted
from domain.errors import DomainError
from domain.members import Member

# A ban's outcome has mails of its own: the member cannot open the Decisions section, so
# a lifted ban says "log in again" and an upheld one points to the ban page.
APPEAL_MAILS = {AppealStatus.UPHELD: "appeal_upheld", AppealStatus.LIFTED: "appeal_lifted"}


# What a lifted decision restricted, undone in the lift's transaction.
Undo = Callable[[SafetyUnit, Decision, datetime], None]

@attrs.frozen
class AppealFiled:
    id: int
    status: AppealStatus


@attrs.frozen
class Appeals:
    uow: UnitFactory[SafetyUnit]
    clock: Clock
    # The password under the lockout (a banned member signs in no more, but appeals).
    password_checks: PasswordChecks
    # Undoes what a lifted decision restricted (application.undoing.undo).
    undo: Undo

    def file(self, host: str | None, email: str, password: str, text: str,
             visitor: Visitor) -> AppealFiled:
        """A ban's appeal from the ban page: once per ban, against the ban's decision in
        force while it can be contested."""
        text = appeal_text(text)
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            member = verified(uow, self.password_checks, site, email, password, visitor, now)
            earlier = (uow.appeals.for_ban(member.id, member.banned_at)
                       if member.banned_at else None)
            banned_at = check_may_appeal(member, earlier)
            ban = uow.decisions.in_force(member.id, Restriction.BAN, str(member.id))
            if ban is not None:  # (a ban from before decisions were kept has none)
                check_may_contest(ban, member.id, uow.appeals.open_for(ban.id), now)
            appeal_id = uow.appeals.add(Appeal(
                id=0, member_id=member.id, banned_at=banned_at,
                ban_reason=member.ban_reason or "", text=text, status=AppealStatus.OPEN,
                created_at=now, decision_id=ban.id if ban else None))
            uow.commit()
        return AppealFiled(appeal_id, AppealStatus.OPEN)

    def contest(self, member: Member, decision_id: int, text: str) -> AppealFiled:
        """The member's appeal against one of their decisions, from the web app. Two at
        once: the open-appeal index lets one in, the other is appeal_exists."""
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

    def list(self, status: str | None, limit: int = 50,
             kind: str | None = None) -> list[ListedAppeal]:
        """The newest appeals; `kind`: against that kind of decision only (ban, ...)."""
        if status is not None and status not in {s.value for s in AppealStatus}:
            raise DomainError("invalid_request", detail="status")
        if kind is not None and kind not in {r.value for r in Restriction}:
            raise DomainError("invalid_request", detail="kind")
        with self.uow() as uow:
            return uow.appeals.recent(AppealStatus(status) if status else None, limit,
                                      Restriction(kind) if kind else None)

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
                "detected automatically": found.detected_automatically,
                "decided automatically": found.decided_automatically,
                "decided by": found.decided_by, "decided at": found.decided_at,
                "contest until": found.contest_until, "status": found.status.value,
                "lifted by": found.lifted_by, "lifted at": found.lifted_at}

    @on_member_conflict
    def decide(self, appeal_id: int, lift: bool, note: str, actor: str) -> Appeal:
        """Uphold or lift, once. Lifting lifts the decision and undoes its effect (unban,
        photo back, credits back, block gone, ...) in the same transaction as the
        appeal's outcome and its mail: all of it, or on any failure none of it."""
        now = self.clock.now()
        with self.uow() as uow:
            appeal = uow.appeals.get(appeal_id)
            if appeal is None:
                raise DomainError("appeal_not_found")
            outcome = decided(appeal, lift, note, actor, now)
            member = existing_member(uow, appeal.member_id)
            found = uow.decisions.get(appeal.decision_id) if appeal.decision_id else None
            if found is None:  # a ban's appeal from before decisions were kept
                if lift:
                    _unban(uow, appeal, member, outcome, actor, now)
                mail = (APPEAL_MAILS[outcome.status], str(appeal.id))
            else:
                in_force = found.status is DecisionStatus.IN_FORCE
                if lift:
                    in_force = _lift(uow, self.undo, found, appeal, outcome, actor, now)
                # Lifted meanwhile (unbanned, approved, unblocked): the outcome still
                # names the decision, but a ban's own mails would say what is not so.
                mail = (APPEAL_MAILS[outcome.status]
                        if found.restriction is Restriction.BAN and in_force
                        else OUTCOME_MAIL, str(appeal.id))
            if not uow.appeals.decide(outcome):
                raise DomainError("appeal_decided")
            uow.audit.record(now, actor, "appeals.decide", str(member.id),
                             {"appeal": appeal.id, "decision": outcome.status.value,
                              "note": outcome.note or ""})
            uow.jobs.add(AccountMail(mail[0], member.id, None, mail[1]))
            uow.commit()
        return outcome


def _lift(uow: SafetyUnit, undo: Undo, found: Decision, appeal: Appeal, outcome: Appeal,
          actor: str, now: datetime) -> bool:
    """Lifts the decision and undoes what it restricted. The decision is lifted first (a
    compare-and-set on its status): when an unban, an approval or an unblock lifted it
    meanwhile, there is nothing left to undo and False says so."""
    if found.status is not DecisionStatus.IN_FORCE or not uow.decisions.lift(
            lifted(found, actor, now)):
        return False
    undo(uow, found, now)
    if found.restriction is Restriction.BAN:  # as `amora members unban` writes it
        uow.audit.record(now, actor, "members.unban", str(found.member_id),
                         {"reason": outcome.note or "", "appeal": appeal.id})
    else:
        uow.audit.record(now, actor, "decisions.lift", str(found.member_id),
                         {"decision": found.id, "restriction": found.restriction.value,
                          "appeal": appeal.id})
    return True


def _unban(uow: SafetyUnit, appeal: Appeal, member: Member, outcome: Appeal, actor: str,
           now: datetime) -> None:
    """A ban's appeal from before decisions were kept: unban, if it is still that ban."""
    if member.banned_at != appeal.banned_at:
        raise DomainError("not_banned")  # unbanned (or banned anew) meanwhile
    uow.members.save(member, member.unbanned())
    lift_decision(uow, member.id, Restriction.BAN, str(member.id), actor, now)
    uow.audit.record(now, actor, "members.unban", str(member.id),
                     {"reason": outcome.note or "", "appeal": appeal.id})
