"""Properties of likes and of the swipe game's daily allowance."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.likes import SwipeAllowance, check_like, is_match, swipe_day
from domain.members import AccountStatus
from tests.domain.test_discovery import member

ZONES = ["Europe/Amsterdam", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago",
         "Asia/Kathmandu", "Australia/Lord_Howe", "America/Santiago", "UTC"]
instants = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2060, 1, 1),
                        timezones=st.just(UTC))


@given(liked_by_me=st.booleans(), likes_me=st.booleans())
def test_a_match_is_exactly_two_likes(liked_by_me: bool, likes_me: bool) -> None:
    assert is_match(liked_by_me, likes_me) == (liked_by_me and likes_me)


@given(now=instants, zone=st.sampled_from(ZONES))
def test_the_swipe_day_is_the_local_calendar_day(now: datetime, zone: str) -> None:
    day = swipe_day(now, zone)
    local = ZoneInfo(zone)
    assert now in day
    assert day.start.astimezone(local).date() == now.astimezone(local).date()
    assert day.reset_at.astimezone(local).date() == now.astimezone(local).date() + timedelta(1)
    assert timedelta(hours=22) <= day.reset_at - day.start <= timedelta(hours=26)
    # The next day starts where this one resets: no gap, no overlap.
    assert swipe_day(day.reset_at, zone).start == day.reset_at


@given(start=instants, steps=st.lists(st.integers(1, 7 * 3600), min_size=1, max_size=60),
       zone=st.sampled_from(ZONES), limit=st.integers(0, 6))
def test_the_allowance_never_passes_the_daily_limit(start: datetime, steps: list[int],
                                                    zone: str, limit: int) -> None:
    """Swipe likes tried at random moments over several days: per local calendar day at
    most ``limit`` are accepted, and a fresh day accepts again."""
    accepted: list[datetime] = []
    moment = start
    for step in steps:
        moment += timedelta(seconds=step)
        day = swipe_day(moment, zone)
        used = sum(1 for at in accepted if at in day)
        try:
            SwipeAllowance(limit=limit, used=used, reset_at=day.reset_at).check()
        except DomainError as refused:
            assert refused.code == "swipe_out_of_likes" and used >= limit
            assert refused.params["resets_at"] == day.reset_at.isoformat()
            continue
        accepted.append(moment)
    per_day = Counter(at.astimezone(ZoneInfo(zone)).date() for at in accepted)
    assert all(count <= limit for count in per_day.values())
    if limit:
        first_days = Counter(swipe_day(at, zone).start for at in accepted)
        assert sum(first_days.values()) == len(accepted)


def test_four_likes_then_wait_until_tomorrow() -> None:
    reset = datetime(2026, 11, 22, 23, tzinfo=UTC)
    assert SwipeAllowance(limit=4, used=3, reset_at=reset).remaining == 1
    with pytest.raises(DomainError) as refused:
        SwipeAllowance(limit=4, used=4, reset_at=reset).check()
    assert refused.value.code == "swipe_out_of_likes"


def test_whom_a_member_may_like() -> None:
    me, other = member(id=1), member(id=2)
    check_like(me, other, blocked_either_way=False, target_liked_liker=False)
    for target, blocked, back, code in [
        (member(id=1), False, False, "cannot_like_self"),
        (other, True, False, "member_not_found"),
        (member(id=2, invisible=True), False, False, "member_not_found"),
        (member(id=2, status=AccountStatus.BANNED), False, True, "member_not_found"),
        (member(id=2, status=AccountStatus.BANNED, invisible=True), False, True,
         "member_not_found"),
    ]:
        with pytest.raises(DomainError) as refused:
            check_like(me, target, blocked, back)
        assert refused.value.code == code
    # An invisible member made first contact: liking them back is allowed.
    check_like(me, member(id=2, invisible=True), False, target_liked_liker=True)
