"""How every use case moves credits (messages, gifts, purchases, the signup bonus,
operators): ``book`` runs inside the caller's unit of work, so a charge and what it
pays for commit together or not at all."""

from __future__ import annotations

from datetime import datetime

from application.ports.events import CreditsChanged
from application.ports.shared_units import LedgerUnit
from domain.credits import EntryKind, LedgerEntry, balance_after, check_key, signed_amount
from domain.errors import DomainError


def book(uow: LedgerUnit, member_id: int, kind: EntryKind, amount: int, key: str,
         reason: str, now: datetime, fresh: bool = False) -> LedgerEntry:
    """One ledger entry. A key seen before returns that entry (a retry charges nothing);
    a change the balance cannot carry raises not_enough_credits and books nothing.
    ``fresh``: the key names what this unit of work just made (a message's new id), so no
    entry can have it yet and none is looked for (the ledger's unique key still holds)."""
    check_key(key)
    change = signed_amount(kind, amount)
    earlier = None if fresh else uow.ledger.find(member_id, key)
    if earlier is not None:
        if earlier.kind is not kind or earlier.amount != change:
            raise DomainError("idempotency_conflict")
        return earlier
    entry = uow.ledger.apply(member_id, kind, change, key, reason, now)
    if entry is None:
        balance_after(uow.ledger.balance(member_id), change)  # raises not_enough_credits
        raise AssertionError("the ledger refused a change the domain allows")
    return entry


def credits_event(balance: int) -> CreditsChanged:
    return CreditsChanged(balance)
