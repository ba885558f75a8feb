"""The transparency report and statements (issue 30.6), on SQLite and PostgreSQL: two
months of notices, decisions and appeals counted, and each statement fits the schema."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import insert

from adapters.sql import tables as t
from adapters.texts.dsa_schema import problems
from application.accounts import SignupForm, Visitor
from application.ports.complaints import NewComplaint
from domain.appeals import Appeal, AppealStatus
from domain.decisions import Ground, ItemKind, Restricting, Restriction, decision
from domain.transparency import median_hours, monthly_average, months_between

OCT, NOV = datetime(2026, 10, 10, 9, tzinfo=UTC), datetime(2026, 11, 5, 9, tzinfo=UTC)


def _member(container, email: str) -> int:  # type: ignore[no-untyped-def]
    login = container.accounts().sign_up(
        "amora.test", SignupForm(email=email, name="Eve", date_of_birth="1980-01-01",
                                 password="long enough words", gender="female"),
        Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


def _decide(work, member_id: int, restriction: Restriction, ground: str, at: datetime,  # type: ignore[no-untyped-def]
            *, automated: bool = False, notice: int | None = None) -> int:
    what = Restricting(restriction=restriction, item_kind=ItemKind.ACCOUNT,
                       item_id=str(member_id), facts="Eve asked Bob for 300 euros",
                       ground=Ground.parse(ground), detected_automatically=automated,
                       notice_id=notice)
    return int(work.decisions.add(decision(what, 1, member_id, "anna", at)))


@pytest.fixture
def history(container, seeded):  # type: ignore[no-untyped-def]
    eve, bob = _member(container, "eve@example.com"), _member(container, "bob@example.com")
    with container.unit_of_work() as work:
        notice = work.complaints.add(NewComplaint(
            site_id=1, reporter_id=bob, email="bob@example.com", category="spam",
            text="She asks everyone for money", member_id=eve, message_id=None,
            status="open", created_at=OCT))
        work.complaints.add(NewComplaint(
            site_id=1, reporter_id=None, email="v@example.com", category="harassment",
            text="Rude messages all day", member_id=eve, message_id=None, status="open",
            created_at=NOV))
        ban = _decide(work, eve, Restriction.BAN, "terms:scam", OCT + timedelta(hours=6),
                      notice=notice)
        _decide(work, eve, Restriction.CREDITS_REVOKED, "law:fraud", NOV, automated=True)
        _decide(work, eve, Restriction.BAN, "terms:spam", datetime(2026, 12, 2, tzinfo=UTC))
        work.appeals.add(Appeal(id=0, member_id=eve, banned_at=None, ban_reason=None,
                                text="It was not me at all", status=AppealStatus.OPEN,
                                created_at=NOV, decision_id=ban))
        work.commit()
    with container.engine().begin() as connection:
        connection.execute(insert(t.sessions), [
            {"member_id": eve, "token_hash": "a" * 64, "created_at": OCT, "expires_at": NOV},
            {"member_id": bob, "token_hash": "b" * 64, "created_at": NOV,
             "expires_at": NOV + timedelta(days=1)}])
    return eve


def test_the_report_counts_two_months(container, history) -> None:  # type: ignore[no-untyped-def]
    report = container.transparency().report(date(2026, 10, 1), date(2026, 11, 30))
    assert report.notices == {"harassment": {"open": 1}, "spam": {"open": 1}}
    assert report.median_hours_to_action == 6.0  # notice to the ban it led to
    assert report.decisions_by_kind == {"ban": 1, "credits_revoked": 1}  # not December's
    assert report.decisions_by_ground == {"terms:scam": 1, "law:fraud": 1}
    assert report.decisions_by_automation == {"none": 1, "detected": 1}
    assert report.appeals == {"ban": {"open": 1}}
    # Eve signed up (sessions) and signed in in October, Bob in November, both signed up
    # in November's test run: averages count members per month, not sign-ins.
    assert report.average_monthly_active_members >= 1.0


def test_statements_fit_the_schema_and_name_no_one(container, history) -> None:  # type: ignore[no-untyped-def]
    written = container.transparency().statements(date(2026, 10, 1), date(2026, 11, 30))
    assert len(written) == 2
    for item in written:
        assert problems(item) == []
        text = json.dumps(item)
        assert "Eve" not in text and "300" not in text and "eve@" not in text
    ban = next(item for item in written if "decision_account" in item)
    assert ban["source_type"] == "SOURCE_ARTICLE_16"  # it came from a notice
    fraud = next(item for item in written if "decision_monetary" in item)
    assert fraud["decision_ground"] == "DECISION_GROUND_ILLEGAL_CONTENT"
    assert fraud["automated_decision"] == "AUTOMATED_DECISION_PARTIALLY"


def test_a_statement_that_does_not_fit_is_named() -> None:
    good = {"puid": "amora-1", "decision_ground": "DECISION_GROUND_INCOMPATIBLE_CONTENT",
            "incompatible_content_ground": "spam", "incompatible_content_explanation": "x",
            "category": "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
            "content_type": ["CONTENT_TYPE_TEXT"], "application_date": "2026-11-01",
            "decision_facts": "Message removed under the terms: Spam.",
            "automated_detection": "No", "automated_decision": "AUTOMATED_DECISION_NOT_AUTOMATED",
            "source_type": "SOURCE_VOLUNTARY", "territorial_scope": ["NL"],
            "decision_visibility": ["DECISION_VISIBILITY_CONTENT_REMOVED"]}
    assert problems(good) == []
    assert problems({**good, "puid": "has spaces"})
    assert problems({**good, "member_email": "eve@example.com"})  # no such field
    without_effect = {key: value for key, value in good.items() if key != "decision_visibility"}
    assert problems(without_effect)


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=50))
def test_the_median_lies_between_the_shortest_and_the_longest(minutes: list[int]) -> None:
    found = median_hours(timedelta(minutes=m) for m in minutes)
    assert found is not None and min(minutes) / 60 - 0.01 <= found <= max(minutes) / 60 + 0.01


@given(st.dates(min_value=date(2020, 1, 1), max_value=date(2030, 12, 31)),
       st.integers(min_value=0, max_value=800),
       st.integers(min_value=0, max_value=1000))
def test_months_cover_the_period_and_the_average_is_bounded(start: date, days: int,
                                                           active: int) -> None:
    end = start + timedelta(days=days)
    months = months_between(start, end)
    assert months[0] == f"{start:%Y-%m}" and months[-1] == f"{end:%Y-%m}"
    assert len(months) == len(set(months))
    assert monthly_average({month: active for month in months}, months) == active
    assert 0 <= monthly_average({months[0]: active}, months) <= active
