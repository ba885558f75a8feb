"""Credits: an append-only ledger per member (issue 6, spec sections 1 and 4).

Every change of a member's credits is one entry: what happened (its kind), how many
credits it added or took, the balance after it and an idempotency key, so a retried
request never charges twice. The balance is the sum of the entries and never drops
below zero.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

import attrs

from domain.errors import DomainError

MAX_AMOUNT = 1_000_000
MAX_KEY_LENGTH = 100


class EntryKind(StrEnum):
    GRANT = "grant"
    SIGNUP_BONUS = "signup_bonus"
    PURCHASE = "purchase"
    MESSAGE = "message"
    GIFT = "gift"
    PHOTO = "photo"
    REFUND = "refund"
    REVOKE = "revoke"


ADDING = frozenset({EntryKind.GRANT, EntryKind.SIGNUP_BONUS, EntryKind.PURCHASE,
                    EntryKind.REFUND})


@attrs.frozen
class LedgerEntry:
    member_id: int
    kind: EntryKind
    amount: int  # signed: what the entry added (+) or took (-)
    balance_after: int
    key: str
    at: datetime
    reason: str = ""


def signed_amount(kind: EntryKind, amount: int) -> int:
    """Amounts are given as positive numbers; the kind says which way they go."""
    if not 0 < amount <= MAX_AMOUNT:
        raise DomainError("invalid_amount", max=MAX_AMOUNT)
    return amount if kind in ADDING else -amount


def check_key(key: str) -> None:
    if not key or len(key) > MAX_KEY_LENGTH:
        raise DomainError("invalid_idempotency_key")


def balance_after(balance: int, change: int) -> int:
    """The balance an entry would leave; refused when it would fall below zero."""
    after = balance + change
    if after < 0:
        raise DomainError("not_enough_credits", balance=balance, needed=-change)
    return after


def replay(entries: list[LedgerEntry]) -> int:
    """The balance a ledger adds up to (each entry checked against the one before)."""
    balance = 0
    for entry in entries:
        balance = balance_after(balance, entry.amount)
        if balance != entry.balance_after:
            raise DomainError("ledger_inconsistent", member=entry.member_id)
    return balance
