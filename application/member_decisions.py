"""What a member reads about the decisions that restricted them (issue 30.2): the
Decisions section of the web app, the ban page and a rejected photo's reason. The
statement of reasons without who decided (operators keep that), the ground in the
member's language and the site's words, and the state of the latest appeal."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.grounds import GroundTexts
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.lookups import site_of_member
from application.shared.password_checks import PasswordChecks
from application.shared.sign_ins import Visitor, verified
from application.shared.site_lookup import resolve_site
from domain.appeals import Appeal, AppealStatus
from domain.decisions import Decision, DecisionStatus, ItemKind, Restriction
from domain.errors import DomainError
from domain.members import AccountStatus, Member
from domain.sites import Site


@attrs.frozen(kw_only=True)
class GroundView:
    kind: str
    code: str
    title: str
    text: str


@attrs.frozen(kw_only=True)
class AppealView:
    id: int
    status: AppealStatus
    created_at: datetime
    decided_at: datetime | None
    note: str | None  # the operator's reason for the outcome


@attrs.frozen(kw_only=True)
class DecisionView:
    id: int
    restriction: Restriction
    item_kind: ItemKind
    item_id: str | None
    facts: str
    ground: GroundView
    detected_automatically: bool
    decided_automatically: bool
    decided_at: datetime
    contest_until: datetime
    status: DecisionStatus
    contestable: bool  # in force, within six months and no appeal open
    appeal: AppealView | None


@attrs.frozen
class MemberDecisions:
    uow: UnitFactory[SafetyUnit]
    clock: Clock
    grounds: GroundTexts
    # The password under the lockout (a banned member signs in no more, but appeals).
    password_checks: PasswordChecks

    def of(self, member: Member, language: str) -> list[DecisionView]:
        """The member's own decisions, newest first."""
        with self.uow() as uow:
            site = site_of_member(uow, member)
            found = uow.decisions.of_member(member.id)
            appeals = uow.appeals.of_member(member.id) if found else []
        return self._views(found, appeals, site, language)

    def of_ban(self, host: str | None, email: str, password: str, language: str,
               visitor: Visitor) -> DecisionView | None:
        """The ban page: a banned member has no session, so the address and password (under
        the login lockout) show the decision of the ban in force."""
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            member = verified(uow, self.password_checks, site, email, password, visitor, now)
            if member.status is not AccountStatus.BANNED:
                raise DomainError("not_banned")
            ban = next((decision for decision in uow.decisions.of_member(member.id)
                        if decision.restriction is Restriction.BAN
                        and decision.status is DecisionStatus.IN_FORCE), None)
            appeals = uow.appeals.of_member(member.id) if ban else []
        return self._views([ban], appeals, site, language)[0] if ban else None

    def _views(self, found: Iterable[Decision], appeals: Sequence[Appeal], site: Site,
               language: str) -> list[DecisionView]:
        now = self.clock.now()
        latest: dict[int, Appeal] = {}
        for appeal in appeals:  # newest first: the first one per decision is its latest
            if appeal.decision_id is not None:
                latest.setdefault(appeal.decision_id, appeal)
        return [self._view(decision, latest.get(decision.id), site, language, now)
                for decision in found]

    def _view(self, decision: Decision, appeal: Appeal | None, site: Site, language: str,
              now: datetime) -> DecisionView:
        title, text = self.grounds.describe(site, decision.ground, language)
        is_open = appeal is not None and appeal.status is AppealStatus.OPEN
        return DecisionView(
            id=decision.id, restriction=decision.restriction, item_kind=decision.item_kind,
            item_id=decision.item_id, facts=decision.facts,
            ground=GroundView(kind=decision.ground.kind.value, code=decision.ground.code,
                              title=title, text=text),
            detected_automatically=decision.detected_automatically,
            decided_automatically=decision.decided_automatically,
            decided_at=decision.decided_at, contest_until=decision.contest_until,
            status=decision.status, contestable=decision.contestable(now) and not is_open,
            appeal=None if appeal is None else AppealView(
                id=appeal.id, status=appeal.status, created_at=appeal.created_at,
                decided_at=appeal.decided_at, note=appeal.note))
