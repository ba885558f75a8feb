"""A process's typing notices and socket allowances on its clock (issue 28.3)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from application import live_traffic
from application.live_traffic import LiveTraffic
from domain.live_limits import MESSAGES_BURST, TYPING_EVERY
from tests.application.memory_services import FixedClock


def test_typing_notices_pass_once_per_member_conversation_and_interval() -> None:
    clock = FixedClock()
    traffic = LiveTraffic(clock)
    assert traffic.typing_passes(1, 10)
    assert not traffic.typing_passes(1, 10)
    assert traffic.typing_passes(1, 11)  # another conversation
    assert traffic.typing_passes(2, 10)  # the other member
    clock.current += TYPING_EVERY
    assert traffic.typing_passes(1, 10)


def test_a_socket_allowance_runs_out_and_comes_back() -> None:
    clock = FixedClock()
    allowance = LiveTraffic(clock).allowance()
    assert all(allowance.take() for _ in range(MESSAGES_BURST))
    assert not allowance.take()
    clock.current += timedelta(seconds=60)
    assert allowance.take()


def test_made_up_conversations_do_not_fill_the_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_traffic, "MOST_REMEMBERED", 100)
    clock = FixedClock()
    traffic = LiveTraffic(clock)
    for conversation in range(1_000):
        assert traffic.typing_passes(1, conversation)
        clock.current += timedelta(milliseconds=10)
    assert len(traffic._passed) <= 100
    # Within its interval a notice is still held back (only what is out of date went).
    assert not traffic.typing_passes(1, 999)
