"""Decisions (issue 30.1): every restriction of a member or of their content is a
statement of reasons the member can read in their language and contest.

The Digital Services Act (Art. 17) asks a host to tell whoever it restricts what was
restricted, the facts, the ground (a clause of the terms or a legal provision), whether it
was detected or decided by automated means, and how to contest it. A `Decision` holds
exactly that, written in the same transaction as the restriction itself."""

from __future__ import annotations

import calendar
from datetime import datetime
from enum import StrEnum

import attrs

from domain.accounts import FieldError, InvalidFields
from domain.errors import DomainError

CONTEST_MONTHS = 6  # DSA Art. 20: at least six months after the member was told
FACTS_MAX = 2000


class Restriction(StrEnum):
    BAN = "ban"
    PHOTO_REJECTED = "photo_rejected"
    PHOTO_REMOVED = "photo_removed"
    PHOTO_HELD = "photo_held"  # issue 31.3: matches a block list or another member's photo
    TEXT_REMOVED = "text_removed"
    MESSAGE_HELD = "message_held"
    MESSAGE_REMOVED = "message_removed"
    CREDITS_REVOKED = "credits_revoked"
    DIRECT_DEBIT_BLOCKED = "direct_debit_blocked"
    ACCOUNT_HELD = "account_held"
    SENDING_LIMITED = "sending_limited"


class ItemKind(StrEnum):
    """What the restriction applies to; `item_id` names which one."""

    ACCOUNT = "account"
    PHOTO = "photo"
    PROFILE_TEXT = "profile_text"
    MESSAGE = "message"
    CREDITS = "credits"
    PAYMENT_METHOD = "payment_method"


class GroundKind(StrEnum):
    TERMS = "terms"  # a clause of the site's terms (adapters/texts/grounds)
    LAW = "law"  # a legal provision: the content is illegal, not only against the terms


class DecisionStatus(StrEnum):
    IN_FORCE = "in_force"
    LIFTED = "lifted"  # undone after an appeal or by an operator


# The catalogue's codes; each site words them per language (adapters/texts/grounds).
TERMS_CLAUSES = (
    "fake_profile", "impersonation", "underage", "harassment", "hate", "photo_rules",
    "sexual_content", "spam", "scam", "off_platform_contact", "commercial",
    "payment_abuse", "ban_evasion", "other_terms",
)
LEGAL_PROVISIONS = ("illegal_content", "child_protection", "fraud", "non_consensual_images")


@attrs.frozen(kw_only=True)
class Ground:
    kind: GroundKind
    code: str  # the clause's code in the catalogue, e.g. "fake_profile"

    @classmethod
    def parse(cls, value: str) -> Ground:
        """`terms:spam` or `law:fraud` as an operator types it; a bare code is a clause of
        the terms."""
        kind, _, code = value.strip().rpartition(":")
        try:
            ground = cls(kind=GroundKind(kind or "terms"), code=code)
        except ValueError:
            raise DomainError("invalid_ground", value=value) from None
        known = TERMS_CLAUSES if ground.kind is GroundKind.TERMS else LEGAL_PROVISIONS
        if code not in known:
            raise DomainError("invalid_ground", value=value)
        return ground

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.code}"


# The clause a use case falls back on when its caller names none (tests, old callers);
# operators always name one (`amora ... --ground`).
OTHER_TERMS = Ground(kind=GroundKind.TERMS, code="other_terms")


@attrs.frozen(kw_only=True)
class Decision:
    id: int
    site_id: int
    member_id: int | None  # None once the member's data was erased (only counts remain)
    restriction: Restriction
    item_kind: ItemKind
    item_id: str | None
    facts: str  # in plain words, as the operator (or the detector) wrote them
    ground: Ground
    detected_automatically: bool
    decided_automatically: bool
    decided_by: str  # the operator's identity, or the detector's name when automated
    decided_at: datetime
    contest_until: datetime
    status: DecisionStatus = DecisionStatus.IN_FORCE
    notice_id: int | None = None  # the notice (complaint) that led to it, if any
    lifted_at: datetime | None = None
    lifted_by: str | None = None
    # What undoing it needs (e.g. the credits revoked, the photo's status before).
    undo: dict[str, str | int | bool | None] = attrs.field(factory=dict)

    def contestable(self, now: datetime) -> bool:
        return self.status is DecisionStatus.IN_FORCE and now <= self.contest_until


def months_later(moment: datetime, months: int) -> datetime:
    """The same day `months` later, or the month's last day when it has no such day."""
    month_index = moment.month - 1 + months
    year, month = moment.year + month_index // 12, month_index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def facts_text(facts: str) -> str:
    """The facts as stored: required, plain, bounded."""
    facts = " ".join(facts.split())
    if not facts:
        raise InvalidFields([FieldError("facts", "required")])
    if len(facts) > FACTS_MAX:
        raise InvalidFields([FieldError("facts", "too_long", {"max": FACTS_MAX})])
    return facts


@attrs.frozen(kw_only=True)
class Restricting:
    """What a use case that restricts a member says about it; `decision` completes it."""

    restriction: Restriction
    item_kind: ItemKind
    item_id: str | None
    facts: str
    ground: Ground
    detected_automatically: bool = False
    decided_automatically: bool = False
    notice_id: int | None = None
    undo: dict[str, str | int | bool | None] = attrs.field(factory=dict)


def decision(what: Restricting, site_id: int, member_id: int, decided_by: str,
             now: datetime) -> Decision:
    """The statement of reasons for `what`, contestable for six months from now."""
    if not decided_by.strip():
        raise DomainError("actor_required")
    return Decision(
        id=0, site_id=site_id, member_id=member_id, restriction=what.restriction,
        item_kind=what.item_kind, item_id=what.item_id, facts=facts_text(what.facts),
        ground=what.ground, detected_automatically=what.detected_automatically,
        decided_automatically=what.decided_automatically, decided_by=decided_by.strip(),
        decided_at=now, contest_until=months_later(now, CONTEST_MONTHS),
        notice_id=what.notice_id, undo=dict(what.undo))


def lifted(found: Decision, actor: str, now: datetime) -> Decision:
    if found.status is not DecisionStatus.IN_FORCE:
        raise DomainError("decision_lifted")
    return attrs.evolve(found, status=DecisionStatus.LIFTED, lifted_at=now, lifted_by=actor)
