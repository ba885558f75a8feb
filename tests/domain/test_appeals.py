"""Appeals (issue 21.3, issue 30.3): a member contests their own decision while it is in
force, for six months, one open appeal at a time; an operator decides it once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import InvalidFields
from domain.appeals import (
    TEXT_MAX,
    TEXT_MIN,
    Appeal,
    AppealStatus,
    appeal_text,
    check_may_contest,
    decided,
)
from domain.decisions import (
    Decision,
    DecisionStatus,
    Ground,
    ItemKind,
    Restricting,
    Restriction,
    decision,
    lifted,
)
from domain.errors import DomainError

DECIDED = datetime(2026, 11, 21, 12, tzinfo=UTC)


def _decision(member_id: int, restriction: Restriction, at: datetime = DECIDED) -> Decision:
    return attrs.evolve(decision(Restricting(
        restriction=restriction, item_kind=ItemKind.ACCOUNT, item_id=str(member_id),
        facts="Asked three members for money.", ground=Ground.parse("terms:scam")),
        site_id=1, member_id=member_id, decided_by="anna", now=at), id=11)


@given(owner=st.integers(1, 3), member=st.integers(1, 3),
       restriction=st.sampled_from(Restriction), is_lifted=st.booleans(),
       open_appeal=st.booleans(), known=st.booleans(),
       after=st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=400)))
def test_who_may_contest_what_and_until_when(owner: int, member: int,
                                             restriction: Restriction, is_lifted: bool,
                                             open_appeal: bool, known: bool,
                                             after: timedelta) -> None:
    """Someone else's decision is as if it did not exist (404, not 403: no one learns
    that it does); then lifted, late and already appealed, in that order."""
    made = _decision(owner, restriction)
    if is_lifted:
        made = lifted(made, "ben", DECIDED + timedelta(days=1))
    now = DECIDED + after
    expected = ("decision_not_found" if not known or owner != member else
                "decision_lifted" if is_lifted else
                "appeal_too_late" if now > made.contest_until else
                "appeal_exists" if open_appeal else None)
    try:
        found = check_may_contest(made if known else None, member, open_appeal, now)
    except DomainError as refused:
        assert refused.code == expected
    else:
        assert expected is None and found == made
        assert made.contestable(now)  # what the Decisions section offers


def test_six_months_to_the_second() -> None:
    made = _decision(1, Restriction.PHOTO_REJECTED)
    assert made.contest_until == datetime(2027, 5, 21, 12, tzinfo=UTC)
    assert check_may_contest(made, 1, False, made.contest_until) == made
    with pytest.raises(DomainError, match="appeal_too_late"):
        check_may_contest(made, 1, False, made.contest_until + timedelta(microseconds=1))


@given(text=st.text(max_size=TEXT_MAX + 20))
def test_the_members_words_are_stored_trimmed_within_bounds(text: str) -> None:
    trimmed = text.strip()
    if TEXT_MIN <= len(trimmed) <= TEXT_MAX:
        assert appeal_text(text) == trimmed
    else:
        with pytest.raises(InvalidFields) as refused:
            appeal_text(text)
        [problem] = refused.value.errors
        assert problem.field == "text"
        assert problem.code == ("too_short" if len(trimmed) < TEXT_MIN else "too_long")


OPEN = Appeal(id=5, member_id=1, banned_at=None, ban_reason=None,
              text="Please look again.", status=AppealStatus.OPEN, created_at=DECIDED,
              decision_id=11)


@given(lift=st.booleans(), note=st.text(max_size=2100))
def test_an_appeal_is_decided_once_with_a_reason(lift: bool, note: str) -> None:
    now = DECIDED + timedelta(days=3)
    if not note.strip():
        with pytest.raises(DomainError, match="reason_required"):
            decided(OPEN, lift, note, "ops", now)
        return
    done = decided(OPEN, lift, note, "ops", now)
    assert done.status is (AppealStatus.LIFTED if lift else AppealStatus.UPHELD)
    assert (done.decided_at, done.decided_by, done.note) == (now, "ops", note.strip()[:2000])
    assert done.decision_id == OPEN.decision_id and done.text == OPEN.text
    for again in (True, False):
        with pytest.raises(DomainError, match="appeal_decided"):
            decided(done, again, "once more", "ops", now)


def test_a_lifted_decision_lifts_once() -> None:
    made = lifted(_decision(1, Restriction.CREDITS_REVOKED), "ops", DECIDED)
    assert made.status is DecisionStatus.LIFTED
    with pytest.raises(DomainError, match="decision_lifted"):
        lifted(made, "ops", DECIDED)
