"""The daily number of new conversations by trust (issue 31.2): more trust never lowers it,
reports lower it down to a floor, and "today" is the site's calendar day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.trust import (
    ESTABLISHED,
    FIRST_WEEK,
    FLOOR,
    HELD,
    NEW_ACCOUNT,
    PAYING,
    PAYING_FIRST_WEEK,
    REPORTERS_TO_LIMIT,
    UNCONFIRMED,
    TrustFacts,
    baseline,
    conversations_left,
    daily_conversations,
    day_start,
    lowered_by_reports,
)

FACTS = st.builds(
    TrustFacts, email_confirmed=st.booleans(),
    account_age=st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=4000)),
    paying=st.booleans(), reports=st.integers(0, 12), held=st.booleans())


def more_trusted(facts: TrustFacts) -> st.SearchStrategy[TrustFacts]:
    """The same member, trusted at least as much in every respect."""
    return st.builds(
        TrustFacts,
        email_confirmed=st.just(True) if facts.email_confirmed else st.booleans(),
        account_age=st.timedeltas(min_value=facts.account_age,
                                  max_value=facts.account_age + timedelta(days=400)),
        paying=st.just(True) if facts.paying else st.booleans(),
        reports=st.integers(0, facts.reports),
        held=st.just(False) if not facts.held else st.booleans())


@given(st.data(), FACTS)
def test_more_trust_never_lowers_the_cap(data: st.DataObject, facts: TrustFacts) -> None:
    better = data.draw(more_trusted(facts))
    assert daily_conversations(better) >= daily_conversations(facts)


@given(FACTS)
def test_the_cap_is_between_the_floor_and_the_paying_members(facts: TrustFacts) -> None:
    cap = daily_conversations(facts)
    assert FLOOR <= cap <= PAYING
    assert cap <= baseline(facts)
    if facts.held:
        assert cap <= HELD


@given(FACTS)
def test_reports_lower_it_and_only_reports_make_it_a_decision(facts: TrustFacts) -> None:
    """From the second reporting member on; one report alone waits for an operator."""
    assert lowered_by_reports(facts) == (facts.reports >= REPORTERS_TO_LIMIT)
    if lowered_by_reports(facts):
        assert daily_conversations(attrs.evolve(facts, held=False)) < baseline(facts)
    else:
        assert daily_conversations(attrs.evolve(facts, held=False)) == baseline(facts)


@pytest.mark.parametrize("confirmed, days, paying, reports, held, cap", [
    (False, 0, False, 0, False, UNCONFIRMED),
    (False, 90, True, 0, False, UNCONFIRMED),
    (True, 0, False, 0, False, FIRST_WEEK),
    (True, 6, True, 0, False, PAYING_FIRST_WEEK),
    (True, 7, False, 0, False, ESTABLISHED),
    (True, 7, True, 0, False, PAYING),
    (True, 90, True, 1, False, PAYING),  # one report alone lowers nothing
    (True, 90, True, 2, False, 25),
    (True, 90, True, 3, False, 12),
    (True, 90, False, 2, False, 12),
    (True, 3, False, 4, False, 1),
    (True, 3, False, 9, False, FLOOR),
    (True, 90, True, 0, True, HELD),
])
def test_the_caps(confirmed: bool, days: int, paying: bool, reports: int, held: bool,
                  cap: int) -> None:
    facts = TrustFacts(email_confirmed=confirmed, account_age=timedelta(days=days),
                       paying=paying, reports=reports, held=held)
    assert daily_conversations(facts) == cap


def test_the_first_week_ends_after_seven_days() -> None:
    facts = TrustFacts(email_confirmed=True, account_age=NEW_ACCOUNT - timedelta(seconds=1),
                       paying=False)
    assert daily_conversations(facts) == FIRST_WEEK
    assert daily_conversations(attrs.evolve(facts, account_age=NEW_ACCOUNT)) == ESTABLISHED


ZONES = st.sampled_from(["Europe/Amsterdam", "Europe/Helsinki", "UTC", "America/New_York",
                         "Pacific/Auckland", "Australia/Lord_Howe"])


@given(st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1),
                    timezones=st.just(UTC)), ZONES)
def test_the_day_starts_at_the_sites_midnight(now: datetime, zone: str) -> None:
    start = day_start(now, zone)
    assert start <= now < start + timedelta(hours=25)
    assert start.astimezone(start.tzinfo).date() == now.astimezone(start.tzinfo).date()
    assert (start.hour, start.minute) == (0, 0)


def test_the_day_in_amsterdam_and_what_is_left() -> None:
    # 23:30 UTC on 1 December is 00:30 on 2 December in Amsterdam.
    start = day_start(datetime(2026, 12, 1, 23, 30, tzinfo=UTC), "Europe/Amsterdam")
    assert start == datetime(2026, 12, 1, 23, 0, tzinfo=UTC)
    assert conversations_left(10, 4) == 6 and conversations_left(10, 12) == 0
