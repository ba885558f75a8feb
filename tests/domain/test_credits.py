"""Properties of the credits ledger."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.credits import (
    ADDING,
    EntryKind,
    LedgerEntry,
    balance_after,
    check_key,
    replay,
    signed_amount,
)
from domain.errors import DomainError

AT = datetime(2026, 11, 21, tzinfo=UTC)
operations = st.lists(st.tuples(st.sampled_from(list(EntryKind)), st.integers(1, 500)),
                      max_size=60)


@given(operations=operations)
def test_balance_never_negative_and_equals_the_sum(operations: list[tuple[EntryKind, int]]
                                                   ) -> None:
    balance, ledger = 0, []
    for n, (kind, amount) in enumerate(operations):
        change = signed_amount(kind, amount)
        try:
            balance = balance_after(balance, change)
        except DomainError as refused:
            assert refused.code == "not_enough_credits" and balance + change < 0
            continue
        ledger.append(LedgerEntry(member_id=1, kind=kind, amount=change, balance_after=balance,
                                  key=f"k{n}", at=AT))
        assert balance >= 0
    assert sum(entry.amount for entry in ledger) == balance == replay(ledger)


def test_kinds_go_the_right_way() -> None:
    assert {kind for kind in EntryKind if signed_amount(kind, 5) > 0} == ADDING
    assert signed_amount(EntryKind.MESSAGE, 5) == -5
    for bad in (0, -1, 1_000_001):
        with pytest.raises(DomainError):
            signed_amount(EntryKind.GRANT, bad)


def test_keys_are_required() -> None:
    for bad in ("", "x" * 101):
        with pytest.raises(DomainError):
            check_key(bad)


def test_a_tampered_ledger_is_found() -> None:
    entries = [LedgerEntry(member_id=1, kind=EntryKind.GRANT, amount=10, balance_after=11,
                           key="a", at=AT)]
    with pytest.raises(DomainError):
        replay(entries)
