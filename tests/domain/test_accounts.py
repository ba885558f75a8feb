"""Properties of the account rules (spec section 5; lockout of issue 3)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import (
    FieldError,
    InvalidFields,
    LockoutPolicy,
    birth_date_error,
    check,
    email_error,
    minutes_left,
    name_error,
    password_error,
)
from domain.members import age_on
from tests.lookups import found

TODAY = date(2026, 11, 21)
NOW = datetime(2026, 11, 21, 12, tzinfo=UTC)


@pytest.mark.parametrize("email", ["ann@example.com", "a.b+c@mail.example.co.uk", "x@d.nl"])
def test_valid_emails(email: str) -> None:
    assert email_error(email) is None


@pytest.mark.parametrize("email", ["", "ann", "ann@", "@example.com", "a b@x.nl", "a@x",
                                   "a@@x.nl", "a@-x.nl", "a@x..nl", "x" * 250 + "@e.nl"])
def test_invalid_emails(email: str) -> None:
    assert email_error(email) == FieldError("email", "invalid_email")


@given(st.text(min_size=1, max_size=40))
def test_a_name_starting_with_at_is_refused(rest: str) -> None:
    assert name_error("@" + rest, "ann@example.com") == FieldError("name", "name_starts_with_at")


@given(st.emails())
def test_the_name_must_differ_from_the_email(email: str) -> None:
    error = name_error(email.upper(), email)
    assert error is not None and error.code in ("name_equals_email", "name_length")


def test_ordinary_names_pass() -> None:
    assert name_error("Ann", "ann@example.com") is None
    assert name_error("Jean-Luc", "jl@example.com") is None
    assert name_error("A", "a@example.com") == FieldError("name", "name_length",
                                                          {"min": 2, "max": 30})


@given(born=st.dates(min_value=date(1900, 1, 1), max_value=TODAY), min_age=st.integers(18, 30))
def test_birth_date_needs_the_minimum_age(born: date, min_age: int) -> None:
    error = birth_date_error(born.isoformat(), TODAY, min_age)
    if age_on(born, TODAY) >= min_age:
        assert error is None
    else:
        assert error == FieldError("date_of_birth", "birth_date_required", {"min_age": min_age})


def test_site_minimum_can_never_go_below_eighteen() -> None:
    assert birth_date_error("2010-01-01", TODAY, 12) is not None


def test_leap_day_birthdays_turn_adult_on_first_of_march() -> None:
    assert birth_date_error("2008-02-29", date(2026, 2, 28), 18) is not None
    assert birth_date_error("2008-02-29", date(2026, 3, 1), 18) is None


@pytest.mark.parametrize("raw", ["31-12-1990", "1990-02-30", "tomorrow", "2030-01-01",
                                 "1850-01-01"])
def test_invalid_birth_dates(raw: str) -> None:
    assert birth_date_error(raw, TODAY, 18) == FieldError("date_of_birth", "invalid_birth_date")


def test_missing_birth_date() -> None:
    assert birth_date_error("", TODAY, 21) == FieldError("date_of_birth", "birth_date_required",
                                                         {"min_age": 21})


STRONG = 4


@given(st.text(min_size=10, max_size=128).filter(lambda p: p.strip()
                                                 and "ann" not in p.casefold()))
def test_passwords_of_allowed_length_pass_unless_guessable(password: str) -> None:
    assert password_error(password, STRONG, "ann@example.com", "Ann") is None
    refused = password_error(password, 1, "ann@example.com", "Ann")
    assert refused == FieldError("password", "password_too_common")


def test_password_lengths() -> None:
    assert password_error("ninechars", STRONG) == FieldError("password", "password_too_short",
                                                             {"min": 10})
    assert found(password_error("x" * 129, STRONG)).code == "password_too_long"
    assert password_error("x" * 10, STRONG) is None


def test_whitespace_only_passwords_are_refused() -> None:
    assert password_error(" \t" * 6, STRONG) == FieldError("password", "password_blank")


@pytest.mark.parametrize("password", ["ann@example.com", " ANN@Example.com ",
                                      "x-ann@example.com-x", "Annabel Lee 1849", "ANN is me!"])
def test_passwords_with_the_name_or_email_are_refused(password: str) -> None:
    refused = password_error(password, STRONG, "ann@example.com", "Ann", "new_password")
    assert refused == FieldError("new_password", "password_personal")


def test_a_two_letter_name_is_refused_only_as_the_whole_password() -> None:
    assert password_error("Jojojojojo", STRONG, "x@example.com", "Jojojojojo") is not None
    assert password_error("enjoy the rain", STRONG, "x@example.com", "Jo") is None


def test_check_collects_every_error() -> None:
    check(None, None)
    with pytest.raises(InvalidFields) as raised:
        check(email_error("nope"), None, name_error("@x", "a@b.nl"))
    assert raised.value.params["fields"] == {"email": "invalid_email",
                                             "name": "name_starts_with_at"}


policy = LockoutPolicy()
offsets = st.lists(st.integers(0, 2 * 60 * 60), max_size=80)
addresses = st.lists(st.sampled_from(["203.0.113.9", "203.0.113.10", "198.51.100.7"]),
                     min_size=80, max_size=80)


@given(times=offsets, where=addresses)
def test_failures_from_other_addresses_never_lock_the_member_out(
        times: list[int], where: list[str]) -> None:
    failures = [(NOW - timedelta(seconds=s), a) for s, a in zip(times, where, strict=False)]
    assert policy.locked_for(failures, "192.0.2.200", NOW, []) is None


def test_fifty_addresses_failing_for_ann_leave_a_new_address_in() -> None:
    failures = [(NOW - timedelta(seconds=n), f"203.0.113.{n}") for n in range(50)]
    assert policy.locked_for(failures, "192.0.2.200", NOW, []) is None


@given(times=offsets)
def test_a_lock_never_outlasts_its_length(times: list[int]) -> None:
    failures = [(NOW - timedelta(seconds=s), "192.0.2.1") for s in times]
    wait = policy.locked_for(failures, "192.0.2.1", NOW, [t for t, _ in failures])
    assert wait is None or timedelta(0) < wait <= max(policy.pair_lock, policy.address_lock)


def test_each_failure_beyond_three_doubles_the_wait_up_to_fifteen_minutes() -> None:
    failures: list[tuple[datetime, str]] = []
    now, waits = NOW, []
    for _ in range(8):
        wait = policy.locked_for(failures, "192.0.2.1", now, [])
        now += wait or timedelta(0)  # the attacker waits exactly as long as told
        waits.append(minutes_left(wait) if wait else 0)
        failures.append((now, "192.0.2.1"))
    assert waits == [0, 0, 0, 1, 2, 4, 8, 15]


def test_an_address_failing_for_many_accounts_is_refused_for_an_hour() -> None:
    failures = [NOW - timedelta(minutes=m) for m in range(30)]
    wait = policy.locked_for([], "192.0.2.1", NOW, failures)
    assert wait == timedelta(minutes=60) and minutes_left(wait) == 60
    assert policy.locked_for([], "192.0.2.1", NOW, failures[:29]) is None
