"""Decisions (issue 30): every use case that restricts a member or their content calls
`record_decision` inside its own transaction, so the restriction and its statement of
reasons are kept together or not at all, and the member is told by mail once it commits
(the job is in the same transaction's outbox)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs

from application.ports.jobs import AccountMail
from application.ports.shared_units import DecidingUnit, DecisionsUnit
from domain.decisions import (
    Decision,
    Restricting,
    Restriction,
    decision,
    lifted,
)
from domain.errors import DomainError
from domain.members import Member

DECISION_MAIL = "decision"  # the account_mail kind that sends the statement of reasons
OUTCOME_MAIL = "appeal_outcome"  # the outcome of an appeal against a decision (not a ban)


def record_decision(uow: DecidingUnit, member: Member, what: Restricting, actor: str,
                    now: datetime) -> Decision:
    """Keeps the statement of reasons for `what` and queues its mail to the member."""
    if what.notice_id is not None:
        _check_notice(uow, what.notice_id, member)
    made = decision(what, member.site_id, member.id, actor, now)
    decision_id = uow.decisions.add(made)
    # The decision travels as the mail's target (AccountMails.send).
    uow.jobs.add(AccountMail(DECISION_MAIL, member.id, None, str(decision_id)))
    return attrs.evolve(made, id=decision_id)


def _check_notice(uow: DecidingUnit, notice_id: int, member: Member) -> None:
    """The notice (complaint) that led to a decision exists and is about this member
    (or about no one in particular), so the decision never points at another's case."""
    notice = uow.complaints.get(notice_id)
    if notice is None:
        raise DomainError("notice_not_found", id=notice_id)
    if notice.member_id is not None and notice.member_id != member.id:
        raise DomainError("notice_of_another_member", id=notice_id, member=notice.member_id)


def decisions_of(uow: DecisionsUnit, member_id: int) -> Sequence[Decision]:
    return uow.decisions.of_member(member_id)


def lift_decision(uow: DecisionsUnit, member_id: int, restriction: Restriction,
                  item_id: str | None, actor: str, now: datetime) -> Decision | None:
    """The restriction ended (unban, approval, unblock): its decision in force, if any,
    is lifted in the same transaction, so none stays in force for what no longer is."""
    found = uow.decisions.in_force(member_id, restriction, item_id)
    if found is None:
        return None
    done = lifted(found, actor, now)
    uow.decisions.lift(done)
    return done


def held_since(uow: DecisionsUnit, member_id: int) -> Decision | None:
    """The hold in force on the member, if any."""
    return uow.decisions.in_force(member_id, Restriction.ACCOUNT_HELD, str(member_id))


def is_held(uow: DecisionsUnit, member_id: int) -> bool:
    return held_since(uow, member_id) is not None
