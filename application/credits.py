"""Credits use cases for operators: grant, revoke and read a member's ledger."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, member_channel
from application.ports.security import Secrets
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.decisions import record_decision
from application.shared.ledger import book, credits_event
from application.shared.lookups import existing_member
from domain.credits import EntryKind, LedgerEntry
from domain.decisions import OTHER_TERMS, Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError


@attrs.frozen
class Credits:
    uow: UnitFactory[ShopUnit]
    clock: Clock
    secrets: Secrets
    events: EventBus

    def grant(self, member_id: int, amount: int, reason: str, actor: str,
              key: str | None = None) -> LedgerEntry:
        return self._operator(member_id, EntryKind.GRANT, amount, reason, actor, key)

    def revoke(self, member_id: int, amount: int, reason: str, actor: str,
               key: str | None = None, *, ground: Ground = OTHER_TERMS,
               notice_id: int | None = None, facts: str | None = None) -> LedgerEntry:
        """Credits taken back are a decision the member is told of (the facts, else the
        reason) and may contest."""
        return self._operator(member_id, EntryKind.REVOKE, amount, reason, actor, key,
                              ground, notice_id, facts)

    def _operator(self, member_id: int, kind: EntryKind, amount: int, reason: str, actor: str,
                  key: str | None, ground: Ground = OTHER_TERMS,
                  notice_id: int | None = None, facts: str | None = None) -> LedgerEntry:
        if not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            key = key or f"{kind.value}:{self.secrets.token()}"
            replayed = uow.ledger.find(member_id, key) is not None
            entry = book(uow, member_id, kind, amount, key, reason.strip()[:500], now)
            if replayed:  # the same command again: booked (and audited) the first time
                return entry
            uow.audit.record(now, actor, f"credits.{kind.value}", str(member_id),
                             {"amount": amount, "reason": reason.strip(),
                              "balance_after": entry.balance_after})
            if kind is EntryKind.REVOKE:
                record_decision(uow, member, Restricting(
                    restriction=Restriction.CREDITS_REVOKED, item_kind=ItemKind.CREDITS,
                    item_id=key, facts=facts or reason, ground=ground, notice_id=notice_id,
                    undo={"credits": abs(entry.amount)}), actor, now)
            uow.commit()
        self.events.publish(member_channel(member_id), credits_event(entry.balance_after))
        return entry

    def ledger(self, member_id: int) -> tuple[int, list[LedgerEntry]]:
        with self.uow() as uow:
            existing_member(uow, member_id)
            return uow.ledger.balance(member_id), uow.ledger.entries(member_id)
