"""What operators read about what happened (issue 30.5): decisions with who decided them,
and the audit trail of every change, filtered by member, kind, actor and time."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs

from application.ports.audit import AuditEntry, AuditFilter
from application.ports.decisions import DecisionFilter
from application.ports.transaction import UnitFactory
from application.ports.units import ReportsUnit
from domain.decisions import Decision, Restriction
from domain.errors import DomainError

LIMIT_MAX = 10_000


def _restriction(kind: str | None) -> Restriction | None:
    if kind is None:
        return None
    try:
        return Restriction(kind)
    except ValueError:
        raise DomainError("invalid_request", detail="kind") from None


@attrs.frozen
class OperatorDesk:
    uow: UnitFactory[ReportsUnit]

    def decisions(self, member_id: int | None = None, kind: str | None = None,
                  since: datetime | None = None, limit: int = 100) -> Sequence[Decision]:
        where = DecisionFilter(member_id=member_id, restriction=_restriction(kind),
                               since=since, limit=min(limit, LIMIT_MAX))
        with self.uow(reads_only=True) as uow:
            return uow.decisions.find(where)

    def decision(self, decision_id: int) -> Decision:
        with self.uow(reads_only=True) as uow:
            found = uow.decisions.get(decision_id)
        if found is None:
            raise DomainError("decision_not_found", id=decision_id)
        return found

    def audit(self, member_id: int | None = None, actor: str | None = None,
              since: datetime | None = None, limit: int = 100) -> list[AuditEntry]:
        where = AuditFilter(member_id=member_id, actor=actor, since=since,
                            limit=min(limit, LIMIT_MAX))
        with self.uow(reads_only=True) as uow:
            return uow.audit_queries.find(where)
