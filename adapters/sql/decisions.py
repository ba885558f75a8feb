"""Decisions (statements of reasons) in SQL."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from sqlalchemy import Connection, insert, select, update

from adapters.sql import tables as t
from adapters.sql.engine import inserted_id
from application.ports.decisions import DecisionFilter
from domain.decisions import (
    Decision,
    DecisionStatus,
    Ground,
    GroundKind,
    ItemKind,
    Restriction,
)

d = t.decisions


def _decision(row: Any) -> Decision:
    values = dict(row)
    ground = Ground(kind=GroundKind(values.pop("ground_kind")), code=values.pop("ground_code"))
    return Decision(**{
        **values, "ground": ground, "restriction": Restriction(values["restriction"]),
        "item_kind": ItemKind(values["item_kind"]), "status": DecisionStatus(values["status"]),
        "undo": dict(values["undo"] or {})})


def _values(decision: Decision) -> dict[str, Any]:
    values = attrs.asdict(decision, recurse=False)
    del values["id"]
    ground = values.pop("ground")
    return {**values, "ground_kind": ground.kind.value, "ground_code": ground.code,
            "restriction": decision.restriction.value, "item_kind": decision.item_kind.value,
            "status": decision.status.value}


@attrs.define
class SqlDecisions:
    connection: Connection

    def add(self, decision: Decision) -> int:
        return inserted_id(self.connection.execute(insert(d).values(**_values(decision))))

    def get(self, decision_id: int) -> Decision | None:
        row = self.connection.execute(select(d).where(d.c.id == decision_id)).mappings().first()
        return _decision(row) if row else None

    def of_member(self, member_id: int) -> Sequence[Decision]:
        return self.find(DecisionFilter(member_id=member_id, limit=1000))

    def find(self, where: DecisionFilter) -> Sequence[Decision]:
        query = select(d).order_by(d.c.decided_at.desc(), d.c.id.desc()).limit(where.limit)
        if where.member_id is not None:
            query = query.where(d.c.member_id == where.member_id)
        if where.restriction is not None:
            query = query.where(d.c.restriction == where.restriction.value)
        if where.since is not None:
            query = query.where(d.c.decided_at >= where.since)
        if where.until is not None:
            query = query.where(d.c.decided_at < where.until)
        if where.site_id is not None:
            query = query.where(d.c.site_id == where.site_id)
        if where.in_force_only:
            query = query.where(d.c.status == DecisionStatus.IN_FORCE.value)
        return [_decision(row) for row in self.connection.execute(query).mappings()]

    def lift(self, decision: Decision) -> bool:
        done = self.connection.execute(
            update(d).where(d.c.id == decision.id,
                            d.c.status == DecisionStatus.IN_FORCE.value)
            .values(status=decision.status.value, lifted_at=decision.lifted_at,
                    lifted_by=decision.lifted_by))
        return done.rowcount == 1

    def in_force(self, member_id: int, restriction: Restriction,
                 item_id: str | None) -> Decision | None:
        row = self.connection.execute(
            select(d).where(d.c.member_id == member_id,
                            d.c.restriction == restriction.value,
                            d.c.item_id == item_id if item_id is not None
                            else d.c.item_id.is_(None),
                            d.c.status == DecisionStatus.IN_FORCE.value)
            .order_by(d.c.id.desc()).limit(1)).mappings().first()
        return _decision(row) if row else None

    def anonymise(self, member_id: int) -> int:
        done = self.connection.execute(
            update(d).where(d.c.member_id == member_id)
            .values(member_id=None, item_id=None, facts="", undo={}))
        return done.rowcount
