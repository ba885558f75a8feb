from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.members import AccountStatus, Member, Profile, ProfileStatus, age_on, is_adult

dates = st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 12, 31))


@given(born=dates, today=dates)
def test_age_counts_completed_years(born: date, today: date) -> None:
    age = age_on(born, today)
    if today >= born:
        assert age >= 0
        assert (born.replace(year=born.year + age) if not (born.month == 2 and born.day == 29)
                else date(born.year + age, 3, 1)) <= today or age == 0


def test_leap_day_birthdays() -> None:
    born = date(2008, 2, 29)
    assert age_on(born, date(2026, 2, 28)) == 17
    assert age_on(born, date(2026, 3, 1)) == 18


@given(born=dates, today=dates, min_age=st.integers(0, 30))
def test_never_adult_below_eighteen(born: date, today: date, min_age: int) -> None:
    if is_adult(born, today, min_age):
        assert age_on(born, today) >= 18


# --- the life cycle -----------------------------------------------------------------------

START = datetime(2026, 1, 1, tzinfo=UTC)
TRANSITIONS = ("activate", "ban", "unban", "delete", "reactivate", "premium")


def _new_member() -> Member:
    profile = Profile(name="Ann", gender="female", birth_date=date(1990, 5, 1), country="NL",
                      status=ProfileStatus.DISABLED)
    return Member(id=1, site_id=1, email="ann@example.com", status=AccountStatus.NOT_CONFIRMED,
                  language="nl", created_at=START, profile=profile)


def _apply(member: Member, step: str, now: datetime) -> Member:
    return {
        "activate": lambda: member.activated(now),
        "ban": lambda: member.banned(now, "spam"),
        "unban": member.unbanned,
        "delete": lambda: member.deleted(now, "bye"),
        "reactivate": lambda: member.reactivated(now),
        "premium": member.became_premium,
    }[step]()


@given(steps=st.lists(st.tuples(st.sampled_from(TRANSITIONS), st.integers(0, 30)), max_size=12))
def test_the_life_cycle_keeps_its_invariants(steps: list[tuple[str, int]]) -> None:
    """Whatever operators and members do in whatever order: a refused step changes
    nothing, a banned account cannot be deleted, deleting keeps a ban's absence, premium
    is for good, and an account never goes back to unconfirmed once activated."""
    member, now = _new_member(), START
    for step, days in steps:
        now += timedelta(days=days)
        try:
            after = _apply(member, step, now)
        except DomainError:
            continue
        if step == "delete":
            assert member.status is not AccountStatus.BANNED
        if member.paid_user:
            assert after.paid_user
        if member.activated_at is not None:
            assert after.status is not AccountStatus.NOT_CONFIRMED
        assert (after.status is AccountStatus.BANNED) == (after.banned_at is not None)
        assert (after.status is AccountStatus.DELETED) == (after.deleted_at is not None)
        member = after


def test_reactivation_only_within_fourteen_days() -> None:
    deleted = _new_member().activated(START).deleted(START, "bye")
    assert deleted.reactivated(START + timedelta(days=14)).status is AccountStatus.ACTIVE
    with pytest.raises(DomainError):
        deleted.reactivated(START + timedelta(days=14, seconds=1))
    with pytest.raises(DomainError):
        _new_member().activated(START).banned(START, "   ")
