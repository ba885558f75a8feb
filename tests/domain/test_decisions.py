"""The decision record: contestable for six months, grounds from the catalogue."""

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.decisions import (
    Decision,
    DecisionStatus,
    Ground,
    GroundKind,
    ItemKind,
    Restricting,
    Restriction,
    decision,
    lifted,
    months_later,
)
from domain.errors import DomainError

NOW = datetime(2026, 8, 31, 12, tzinfo=UTC)
BAN = Restricting(restriction=Restriction.BAN, item_kind=ItemKind.ACCOUNT, item_id="7",
                  facts="  Asked three members\n for money. ",
                  ground=Ground(kind=GroundKind.TERMS, code="scam"))


def test_a_decision_is_contestable_for_six_months() -> None:
    made = decision(BAN, site_id=1, member_id=7, decided_by="anna", now=NOW)
    assert made.facts == "Asked three members for money."
    assert made.contest_until == datetime(2027, 2, 28, 12, tzinfo=UTC)  # no 31 February
    assert made.contestable(made.contest_until)
    assert not made.contestable(datetime(2027, 3, 1, tzinfo=UTC))


def test_a_lifted_decision_is_no_longer_contestable_and_lifts_once() -> None:
    made = decision(BAN, site_id=1, member_id=7, decided_by="anna", now=NOW)
    done = lifted(made, "ben", NOW)
    assert done.status is DecisionStatus.LIFTED and not done.contestable(NOW)
    with pytest.raises(DomainError):
        lifted(done, "ben", NOW)


def test_a_decision_needs_facts_and_someone_who_decided() -> None:
    with pytest.raises(DomainError):
        decision(BAN, site_id=1, member_id=7, decided_by=" ", now=NOW)
    with pytest.raises(DomainError):
        decision(Restricting(restriction=Restriction.BAN, item_kind=ItemKind.ACCOUNT,
                             item_id="7", facts=" ", ground=BAN.ground),
                 site_id=1, member_id=7, decided_by="anna", now=NOW)


@pytest.mark.parametrize("typed,expected", [
    ("spam", Ground(kind=GroundKind.TERMS, code="spam")),
    ("terms:scam", Ground(kind=GroundKind.TERMS, code="scam")),
    ("law:fraud", Ground(kind=GroundKind.LAW, code="fraud")),
])
def test_grounds_parse_as_operators_type_them(typed: str, expected: Ground) -> None:
    assert Ground.parse(typed) == expected
    assert Ground.parse(str(expected)) == expected


@pytest.mark.parametrize("typed", ["", "law:spam", "terms:fraud", "rules:spam", "nonsense"])
def test_unknown_grounds_are_refused(typed: str) -> None:
    with pytest.raises(DomainError):
        Ground.parse(typed)


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)),
       st.integers(min_value=0, max_value=48))
def test_months_later_is_never_earlier_and_keeps_the_time(moment: datetime, months: int) -> None:
    later = months_later(moment, months)
    assert later >= moment
    assert later.time() == moment.time()
    assert (later.year - moment.year) * 12 + later.month - moment.month == months
    assert isinstance(later, datetime) and not isinstance(later, Decision)
