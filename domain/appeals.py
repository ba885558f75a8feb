"""Appeals against a ban (issue 21.3): a banned member appeals once per ban; an operator
upholds the ban or lifts it, once, with a note."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

import attrs

from domain.accounts import FieldError, InvalidFields
from domain.decisions import Decision, DecisionStatus
from domain.errors import DomainError
from domain.members import AccountStatus, Member

TEXT_MIN, TEXT_MAX = 10, 5000


class AppealStatus(StrEnum):
    OPEN = "open"
    UPHELD = "upheld"  # the ban stays
    LIFTED = "lifted"  # the member is unbanned


@attrs.frozen(kw_only=True)
class Appeal:
    id: int
    member_id: int
    banned_at: datetime | None  # which ban: a member banned again may appeal again
    ban_reason: str | None  # a ban's appeal only
    text: str
    status: AppealStatus
    created_at: datetime
    decided_at: datetime | None = None
    decided_by: str | None = None
    note: str | None = None  # the operator's reason for the decision
    decision_id: int | None = None  # the decision appealed against (issue 30.3)


def appeal_text(text: str) -> str:
    """The member's words as stored."""
    text = text.strip()
    if len(text) < TEXT_MIN:
        raise InvalidFields([FieldError("text", "too_short", {"min": TEXT_MIN})])
    if len(text) > TEXT_MAX:
        raise InvalidFields([FieldError("text", "too_long", {"max": TEXT_MAX})])
    return text


def check_may_appeal(member: Member, earlier: Appeal | None) -> datetime:
    """The ban the member may appeal now: theirs, if not appealed before."""
    if member.status is not AccountStatus.BANNED or member.banned_at is None:
        raise DomainError("not_banned")
    if earlier is not None:
        raise DomainError("appeal_exists")
    return member.banned_at


def decided(appeal: Appeal, lift: bool, note: str, actor: str, now: datetime) -> Appeal:
    if appeal.status is not AppealStatus.OPEN:
        raise DomainError("appeal_decided")
    if not note.strip():
        raise DomainError("reason_required")
    return attrs.evolve(appeal, status=AppealStatus.LIFTED if lift else AppealStatus.UPHELD,
                        decided_at=now, decided_by=actor, note=note.strip()[:2000])


def check_may_contest(found: Decision | None, member_id: int, open_appeal: bool,
                      now: datetime) -> Decision:
    """A member contests their own decision while it is in force, for six months, with
    one appeal open at a time (issue 30.3); someone else's is as if it did not exist."""
    if found is None or found.member_id != member_id:
        raise DomainError("decision_not_found")
    if found.status is not DecisionStatus.IN_FORCE:
        raise DomainError("decision_lifted")
    if now > found.contest_until:
        raise DomainError("appeal_too_late")
    if open_appeal:
        raise DomainError("appeal_exists")
    return found
