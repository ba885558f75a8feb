"""In-memory decisions (statements of reasons), as adapters/sql/decisions.py keeps them."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.decisions import DecisionFilter
from domain.decisions import Decision, DecisionStatus, Restriction
from tests.application.memory_store import MemoryStore


class MemoryDecisions:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def add(self, decision: Decision) -> int:
        number = max(self.store.decisions, default=0) + 1
        self.store.decisions[number] = attrs.evolve(decision, id=number)
        return number

    def get(self, decision_id: int) -> Decision | None:
        return self.store.decisions.get(decision_id)

    def of_member(self, member_id: int) -> Sequence[Decision]:
        return self.find(DecisionFilter(member_id=member_id, limit=1000))

    def find(self, where: DecisionFilter) -> Sequence[Decision]:
        found = [d for d in self.store.decisions.values()
                 if where.member_id in (None, d.member_id)
                 and where.restriction in (None, d.restriction)
                 and (where.since is None or d.decided_at >= where.since)
                 and (where.until is None or d.decided_at < where.until)
                 and where.site_id in (None, d.site_id)
                 and (not where.in_force_only or d.status is DecisionStatus.IN_FORCE)]
        return sorted(found, key=lambda d: (d.decided_at, d.id), reverse=True)[:where.limit]

    def lift(self, decision: Decision) -> bool:
        current = self.store.decisions.get(decision.id)
        if current is None or current.status is not DecisionStatus.IN_FORCE:
            return False
        self.store.decisions[decision.id] = attrs.evolve(
            current, status=decision.status, lifted_at=decision.lifted_at,
            lifted_by=decision.lifted_by)
        return True

    def in_force(self, member_id: int, restriction: Restriction,
                 item_id: str | None) -> Decision | None:
        return max((d for d in self.store.decisions.values()
                    if d.member_id == member_id and d.restriction is restriction
                    and d.item_id == item_id and d.status is DecisionStatus.IN_FORCE),
                   key=lambda d: d.id, default=None)

    def anonymise(self, member_id: int) -> int:
        theirs = [d for d in self.store.decisions.values() if d.member_id == member_id]
        for found in theirs:
            self.store.decisions[found.id] = attrs.evolve(
                found, member_id=None, item_id=None, facts="", undo={})
        return len(theirs)
