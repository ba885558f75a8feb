"""The live socket's limits (issue 28.3): a token bucket per socket, and one typing notice
per member and conversation every TYPING_EVERY."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from domain.live_limits import (
    MESSAGES_BURST,
    MESSAGES_PER_SECOND,
    TYPING_EVERY,
    Allowance,
    typing_passes,
)

NOW = datetime(2026, 11, 21, 12, tzinfo=UTC)


def _spent(allowance: Allowance | None, times: int, now: datetime) -> Allowance | None:
    for _ in range(times):
        assert allowance is not None
        allowance = allowance.spend(now)
    return allowance


def test_a_burst_passes_and_one_more_does_not() -> None:
    left = _spent(Allowance.full(NOW), MESSAGES_BURST, NOW)
    assert left is not None and left.spend(NOW) is None


def test_time_refills_the_allowance_up_to_the_burst() -> None:
    empty = _spent(Allowance.full(NOW), MESSAGES_BURST, NOW)
    assert empty is not None
    later = NOW + timedelta(seconds=1 / MESSAGES_PER_SECOND)
    assert empty.spend(later) is not None
    long_after = NOW + timedelta(hours=1)
    assert _spent(empty, MESSAGES_BURST, long_after) is not None
    assert _spent(empty, MESSAGES_BURST + 1, long_after) is None


def test_a_clock_set_back_refills_nothing() -> None:
    empty = _spent(Allowance.full(NOW), MESSAGES_BURST, NOW)
    assert empty is not None and empty.spend(NOW - timedelta(hours=1)) is None


@given(st.lists(st.integers(min_value=0, max_value=5_000), min_size=1, max_size=200))
def test_no_client_sends_more_than_the_burst_plus_the_rate(gaps_ms: list[int]) -> None:
    """Whatever the timing, what passes in a span never exceeds burst + rate x span."""
    allowance: Allowance | None = Allowance.full(NOW)
    now, passed = NOW, 0
    for gap in gaps_ms:
        now += timedelta(milliseconds=gap)
        assert allowance is not None
        spent = allowance.spend(now)
        if spent is not None:
            allowance, passed = spent, passed + 1
    span = (now - NOW).total_seconds()
    assert passed <= MESSAGES_BURST + span * MESSAGES_PER_SECOND


def test_one_typing_notice_per_interval() -> None:
    assert typing_passes(None, NOW)
    assert not typing_passes(NOW, NOW)
    assert not typing_passes(NOW, NOW + TYPING_EVERY - timedelta(microseconds=1))
    assert typing_passes(NOW, NOW + TYPING_EVERY)
    assert typing_passes(NOW, NOW - timedelta(seconds=1))  # a clock set back: not stuck


def test_the_web_apps_pace_passes() -> None:
    """The web app sends a notice at most every 3 s: each one passes."""
    assert typing_passes(NOW, NOW + timedelta(seconds=3))
    assert timedelta(seconds=3) > TYPING_EVERY
