"""The daily cap of new conversations and the mass-opener finding where the chat acts
(issue 31.2). The chat's send calls these inside its unit of work: how many new
conversations the member may still start today (domain/trust.py), whether this opener is
one script sent to many members (domain/mass_openers.py), and, once sent, its fingerprint.

The cap for everyone (confirmation, the account's age, a payment) is a rule and no decision
about anyone. Reports lower it, and that is a decision about the member: the report of a
member by another member that makes reports lower it makes one (Restriction.SENDING_LIMITED,
automated, naming the report), readable in /decisions and contestable like any; the reports
lower the cap only while that decision is in force. When dismissals leave too few counting
reports to lower it the decision is lifted; an appeal that succeeds lifts it too, and the
cap is the rule's again."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.shared_units import OpenerGuardUnit
from application.ports.shield import ShieldTexts
from application.shared.decisions import is_held, lift_decision, record_decision
from application.shared.lookups import existing_member, site_of_member
from domain.decisions import (
    TERMS_CLAUSES,
    Decision,
    Ground,
    GroundKind,
    ItemKind,
    Restricting,
    Restriction,
)
from domain.mass_openers import KEEP, MASS_OPENER, WINDOW, canonical, is_mass_opener, signature_of
from domain.mass_openers import MIN_CHARS as OPENER_MIN_CHARS
from domain.members import AccountStatus, Member
from domain.shield import SHIELD_ACTOR
from domain.sites import Site
from domain.trust import (
    TrustFacts,
    baseline,
    conversations_left,
    daily_conversations,
    day_start,
    lowered_by_reports,
)


@attrs.frozen
class Allowance:
    cap: int  # new conversations a day
    left: int  # of them, still to start today


def _limited(uow: OpenerGuardUnit, member_id: int) -> Decision | None:
    return uow.decisions.in_force(member_id, Restriction.SENDING_LIMITED, str(member_id))


def trust_facts(uow: OpenerGuardUnit, member: Member, now: datetime,
                reports: int | None = None, held: bool | None = None) -> TrustFacts:
    """What the member's cap follows from; reports count only under the decision that
    says so (or as given, when that decision is being made). ``held``: whether the
    shield holds the member, when the caller read it already."""
    if reports is None:
        reports = uow.trust.reporters_against(member.id) if _limited(uow, member.id) else 0
    return TrustFacts(email_confirmed=member.status is AccountStatus.ACTIVE,
                      account_age=now - member.created_at, paying=member.paid_user,
                      reports=reports,
                      held=is_held(uow, member.id) if held is None else held)


def allowance(uow: OpenerGuardUnit, member: Member, now: datetime, held: bool | None = None,
              site: Site | None = None) -> Allowance | None:
    """The member's daily cap and what is left of it today; None for a fictional profile,
    which the site's team runs and no cap applies to. ``held`` and ``site``: as the
    caller read them already (the chat's send reads them with its other facts)."""
    if member.is_fictional:
        return None
    cap = daily_conversations(trust_facts(uow, member, now, held=held))
    site = site or site_of_member(uow, member)
    started = uow.trust.started_since(member.id, day_start(now, site.time_zone))
    return Allowance(cap=cap, left=conversations_left(cap, started))


def left_today(uow: OpenerGuardUnit, member: Member, now: datetime) -> int | None:
    """New conversations the member may still start today (None: no cap applies)."""
    found = allowance(uow, member, now)
    return None if found is None else found.left


def opener_findings(uow: OpenerGuardUnit, member: Member, recipient: Member, text: str,
                    now: datetime) -> list[tuple[int, int, str]]:
    """The mass-opener finding of a first message, as the screening gives its findings:
    (start, end, reason), the span the whole text; empty when it is none."""
    earlier = uow.trust.openers_since(member.id, now - WINDOW)
    if is_mass_opener(text, recipient.id, [recipient.profile.name], earlier, now):
        return [(0, len(text), MASS_OPENER)]
    return []


def record_opener(uow: OpenerGuardUnit, member: Member, recipient: Member, text: str,
                  now: datetime) -> None:
    """Keeps the fingerprint of an opener just sent (when it is long enough to be a
    script), and lets the member's old ones go."""
    words = canonical(text, [recipient.profile.name])
    if len(words) >= OPENER_MIN_CHARS:
        uow.trust.add_opener(member.id, recipient.id, signature_of(words), now)
    uow.trust.prune_openers(now - KEEP, member.id)


def _ground(category: str) -> Ground:
    """The clause the reports say was broken, as far as the notice's category names one."""
    code = {"payment": "payment_abuse"}.get(category, category)
    return Ground(kind=GroundKind.TERMS, code=code if code in TERMS_CLAUSES else "other_terms")


def limit_for_reports(uow: OpenerGuardUnit, member_id: int, notice_id: int, category: str,
                      texts: ShieldTexts, now: datetime) -> Decision | None:
    """A member reported `member_id` (the notice `notice_id`): if reports now lower their
    daily cap and no decision says so yet, the shield's decision does, naming the notice.
    None when nothing changes (no counting report, or limited already)."""
    if _limited(uow, member_id) is not None:
        return None
    member = existing_member(uow, member_id)
    facts = trust_facts(uow, member, now, reports=uow.trust.reporters_against(member_id))
    if not lowered_by_reports(facts):
        return None
    site = site_of_member(uow, member)
    return record_decision(uow, member, Restricting(
        restriction=Restriction.SENDING_LIMITED, item_kind=ItemKind.ACCOUNT,
        item_id=str(member_id), ground=_ground(category), notice_id=notice_id,
        facts=texts.facts("reports_limit", member.language, site=site.name,
                          reports=facts.reports,
                          cap=daily_conversations(attrs.evolve(facts, held=False)),
                          usual=baseline(facts)),
        detected_automatically=False, decided_automatically=True), SHIELD_ACTOR, now)


def lift_when_cleared(uow: OpenerGuardUnit, member_id: int, actor: str,
                      now: datetime) -> Decision | None:
    """A notice about the member was resolved: once the reports still counting (open or
    upheld) no longer lower the cap (dismissed ones do not count), the limit ends and its
    decision is lifted."""
    if _limited(uow, member_id) is None:
        return None
    member = existing_member(uow, member_id)
    if lowered_by_reports(trust_facts(uow, member, now,
                                      reports=uow.trust.reporters_against(member_id))):
        return None
    return lift_decision(uow, member_id, Restriction.SENDING_LIMITED, str(member_id),
                         actor, now)
