"""The rules of authenticator codes and recovery codes (issue 33.2), free of pyotp:
which 30-second steps a code may belong to, how a typed code is read."""

from __future__ import annotations

from datetime import UTC, datetime

from domain.two_factor import (
    RECOVERY_ALPHABET,
    candidate_steps,
    is_app_code,
    is_recovery_shape,
    matching_step,
    normalise_code,
    shown_recovery_code,
    time_step,
)

AT = datetime(2026, 11, 21, 12, 0, 29, tzinfo=UTC)  # the last second of a step


def test_a_step_is_thirty_seconds_from_the_epoch() -> None:
    assert time_step(datetime(1970, 1, 1, 0, 0, 59, tzinfo=UTC)) == 1
    assert time_step(AT) == time_step(AT.replace(second=0)) == \
        time_step(AT.replace(second=30)) - 1


def test_now_and_one_step_either_side_are_accepted() -> None:
    now = time_step(AT)
    assert candidate_steps(AT) == [now, now - 1, now + 1]


def test_typed_codes_are_read_without_spaces_dashes_and_case() -> None:
    assert normalise_code(" 123 456\n") == "123456"
    assert normalise_code("K7M2P-X9QWD") == "k7m2px9qwd"
    assert is_app_code("123456") and not is_app_code("12345") and not is_app_code("１２３４５６")
    assert is_recovery_shape("k7m2px9qwd") and not is_recovery_shape("k7m2px9qw0")  # no 0
    assert not set("01ilo") & set(RECOVERY_ALPHABET)
    assert shown_recovery_code("k7m2px9qwd") == "k7m2p-x9qwd"


def test_the_matching_step_is_the_one_whose_code_it_is() -> None:
    now = time_step(AT)
    codes = {now - 1: "111111", now: "222222", now + 1: "333333", now + 2: "444444"}
    asked: list[int] = []

    def code_at(step: int) -> str:
        asked.append(step)
        return codes.get(step, "000000")

    assert matching_step("111111", AT, code_at) == now - 1
    assert sorted(asked) == [now - 1, now, now + 1]  # every candidate compared
    assert matching_step("333333", AT, code_at) == now + 1
    assert matching_step("444444", AT, code_at) is None  # two steps ahead
    assert matching_step("22222", AT, code_at) is None
