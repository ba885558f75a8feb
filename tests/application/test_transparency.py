"""The transparency report and statements (issue 30.6), on SQLite and PostgreSQL: two
months of notices, decisions and appeals counted, members active by their messages and likes
too, and each statement fits the schema of the EU Transparency Database's current rules."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import insert

from adapters.container import Container
from adapters.sql import tables as t
from adapters.sql.unit_of_work import SqlUnitOfWork
from adapters.texts.dsa_schema import problems
from application.ports.complaints import NewComplaint
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from domain.appeals import Appeal, AppealStatus
from domain.decisions import (
    LEGAL_PROVISIONS,
    TERMS_CLAUSES,
    DecisionStatus,
    Ground,
    GroundKind,
    ItemKind,
    Restricting,
    Restriction,
    decision,
)
from domain.transparency import CATEGORIES, median_hours, monthly_average, months_between, statement
from tests.conftest import Seeded
from tests.lookups import found

OCT, NOV = datetime(2026, 10, 10, 9, tzinfo=UTC), datetime(2026, 11, 5, 9, tzinfo=UTC)


def _member(container: Container, email: str) -> int:
    login = container.signup().sign_up(
        "amora.test", SignupForm(email=email, name="Eve", date_of_birth="1980-01-01",
                                 password="long enough words", gender="female"),
        Visitor(ip="192.0.2.1", user_agent=None, language="en"))
    return int(login.member.id)


def _decide(work: SqlUnitOfWork, member_id: int, restriction: Restriction, ground: str,
            at: datetime,
            *, automated: bool = False, notice: int | None = None,
            item: tuple[ItemKind, str] | None = None) -> int:
    kind, item_id = item or (ItemKind.ACCOUNT, str(member_id))
    what = Restricting(restriction=restriction, item_kind=kind,
                       item_id=item_id, facts="Eve asked Bob for 300 euros",
                       ground=Ground.parse(ground), detected_automatically=automated,
                       notice_id=notice)
    return int(work.decisions.add(decision(what, 1, member_id, "anna", at)))


@pytest.fixture
def history(container: Container, seeded: Seeded) -> int:
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


def test_the_report_counts_two_months(container: Container, history: int) -> None:
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


def test_statements_fit_the_schema_and_name_no_one(container: Container,
                                                    history: int) -> None:
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


def _posted(container: Container, eve: int, bob: int, at: datetime) -> tuple[int, int]:
    """A photo of Eve's and a message from her to Bob, made at `at`: (photo, message)."""
    with container.engine().begin() as connection:
        photo = found(connection.execute(insert(t.photos).values(
            member_id=eve, filename="a.jpg", thumb_filename="a_t.jpg", status="rejected",
            is_main=False, created_at=at)).inserted_primary_key)[0]
        chat = found(connection.execute(insert(t.conversations).values(
            member_low=min(eve, bob), member_high=max(eve, bob), started_by=eve,
            created_at=at, last_message_at=at)).inserted_primary_key)[0]
        message = found(connection.execute(insert(t.messages).values(
            conversation_id=chat, sender_id=eve, text="Send me 300 euros", created_at=at,
            cost=0, free=True)).inserted_primary_key)[0]
        return int(photo), int(message)


def test_each_kind_of_decision_makes_a_statement_that_fits(container: Container,
                                                           seeded: Seeded) -> None:
    eve, bob = _member(container, "eve@example.com"), _member(container, "bob@example.com")
    posted = datetime(2026, 9, 20, 8, tzinfo=UTC)
    photo, message = _posted(container, eve, bob, posted)
    at = datetime(2026, 10, 1, 12, tzinfo=UTC)
    with container.unit_of_work() as work:
        _decide(work, eve, Restriction.BAN, "terms:fake_profile", at)
        _decide(work, eve, Restriction.PHOTO_REJECTED, "terms:photo_rules", at,
                item=(ItemKind.PHOTO, str(photo)))
        _decide(work, eve, Restriction.CREDITS_REVOKED, "terms:spam", at,
                item=(ItemKind.CREDITS, "order-1"))
        _decide(work, eve, Restriction.MESSAGE_REMOVED, "law:non_consensual_images", at,
                item=(ItemKind.MESSAGE, str(message)))
        _decide(work, eve, Restriction.ACCOUNT_HELD, "terms:scam", at, automated=True)
        work.commit()
    written = container.transparency().statements(date(2026, 10, 1), date(2026, 10, 31))
    made: dict[str, Any] = {}
    for item in written:
        assert problems(item) == [], item
        assert "incompatible_content_illegal" not in item
        assert "Eve" not in json.dumps(item) and "300" not in json.dumps(item)
        made[next(key for key in ("decision_account", "decision_visibility",
                                  "decision_monetary") if key in item)
             + ("_held" if item.get("automated_detection") == "Yes" else "")
             + ("_photo" if item["content_type"] == ["CONTENT_TYPE_IMAGE"] else "")] = item
    assert len(written) == 5
    ban, held = made["decision_account"], made["decision_account_held"]
    assert ban["category"] == "STATEMENT_CATEGORY_SCAMS_AND_FRAUD"
    assert ban["category_specification"] == ["KEYWORD_INAUTHENTIC_ACCOUNTS"]
    assert ban["content_type"] == ["CONTENT_TYPE_OTHER"] and ban["content_type_other"]
    assert held["decision_account"] == "DECISION_ACCOUNT_SUSPENDED"
    photo_made = made["decision_visibility_photo"]
    assert photo_made["category"] == "STATEMENT_CATEGORY_OTHER_VIOLATION_TC"
    assert photo_made["content_date"] == "2026-09-20"  # the day the photo was posted
    credits = made["decision_monetary"]
    assert credits["decision_monetary"] == "DECISION_MONETARY_OTHER"
    assert credits["decision_monetary_other"] and credits["content_type_other"]
    removed = made["decision_visibility"]
    assert removed["decision_ground"] == "DECISION_GROUND_ILLEGAL_CONTENT"
    assert removed["category"] == "STATEMENT_CATEGORY_CYBER_VIOLENCE"
    assert removed["content_date"] == "2026-09-20"  # the day the message was sent
    assert removed["illegal_content_legal_ground"] == "Images shared without consent"
    for item in written:  # NL is the seeded site's country, or all of the EU and EEA
        scope = item["territorial_scope"]
        assert isinstance(scope, list)
        assert set(scope) <= {
            "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR",
            "HU", "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MT", "NL", "NO", "PL", "PT",
            "RO", "SE", "SI", "SK"}


def test_messages_and_likes_count_members_active_before_their_last_visit(
        container: Container, seeded: Seeded) -> None:
    eve, bob = _member(container, "eve@example.com"), _member(container, "bob@example.com")
    carol = _member(container, "carol@example.com")
    _posted(container, eve, bob, datetime(2024, 3, 3, tzinfo=UTC))  # Eve writes in March
    with container.engine().begin() as connection:
        connection.execute(insert(t.likes), [  # Bob likes in February and March
            {"liker_id": bob, "liked_id": eve, "created_at": datetime(2024, 2, 9, tzinfo=UTC)},
            {"liker_id": bob, "liked_id": carol,
             "created_at": datetime(2024, 3, 30, 23, tzinfo=UTC)}])
        # Bob and Carol were last seen in April: that alone says nothing about March.
        connection.execute(t.last_seen.delete().where(t.last_seen.c.member_id.in_([bob, carol])))
        connection.execute(insert(t.last_seen), [
            {"member_id": bob, "seen_at": datetime(2024, 4, 2, tzinfo=UTC)},
            {"member_id": carol, "seen_at": datetime(2024, 4, 2, tzinfo=UTC)}])
    with container.unit_of_work() as work:
        active = work.transparency.active_members(None, datetime(2024, 2, 1, tzinfo=UTC),
                                                  datetime(2024, 5, 1, tzinfo=UTC))
    assert dict(active) == {"2024-02": 1, "2024-03": 2, "2024-04": 2}
    report = container.transparency().report(date(2024, 2, 1), date(2024, 4, 30))
    assert report.average_monthly_active_members == round(5 / 3, 1)
    with container.unit_of_work() as work:  # another site's members do not count
        assert work.transparency.active_members(999, datetime(2024, 2, 1, tzinfo=UTC),
                                                datetime(2024, 5, 1, tzinfo=UTC)) == {}


GOOD: dict[str, object] = {
    "puid": "amora-1", "decision_ground": "DECISION_GROUND_INCOMPATIBLE_CONTENT",
    "incompatible_content_ground": "Spam", "incompatible_content_explanation": "Spam: x",
    "category": "STATEMENT_CATEGORY_OTHER_VIOLATION_TC",
    "content_type": ["CONTENT_TYPE_TEXT"], "application_date": "2026-11-01",
    "content_date": "2026-10-30", "decision_facts": "Message removed under the terms: Spam.",
    "automated_detection": "No", "automated_decision": "AUTOMATED_DECISION_NOT_AUTOMATED",
    "source_type": "SOURCE_VOLUNTARY", "territorial_scope": ["NL"],
    "decision_visibility": ["DECISION_VISIBILITY_CONTENT_REMOVED"]}


def _without(key: str) -> dict[str, object]:
    return {name: value for name, value in GOOD.items() if name != key}


@pytest.mark.parametrize("wrong", [
    {"puid": "has spaces"},
    {"member_email": "eve@example.com"},  # no such field
    # The categories the database dropped on 2025-02-26 (its API answers 422).
    {"category": "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE"},
    {"category": "STATEMENT_CATEGORY_PORNOGRAPHY_OR_SEXUALIZED_CONTENT"},
    {"category": "STATEMENT_CATEGORY_NON_CONSENSUAL_BEHAVIOUR"},
    {"category_specification": ["KEYWORD_DANGEROUS_TOYS"]},  # dropped too
    # "Other" without its words.
    {"decision_monetary": "DECISION_MONETARY_OTHER"},
    {"content_type": ["CONTENT_TYPE_OTHER"]},
    {"decision_visibility": ["DECISION_VISIBILITY_OTHER"]},
    {"territorial_scope": ["EL"]},  # Greece is GR
    {"territorial_scope": ["US"]},
    {"content_date": "1999-12-31"}, {"content_date": "2026-02-30"},
    {"application_date": "2019-12-31"}, {"end_date_visibility_restriction": "2038-01-02"},
    {"decision_ground": "DECISION_GROUND_ILLEGAL_CONTENT"},  # its legal ground missing
    {"incompatible_content_explanation": "x" * 2001},
    {"source_identity": "Bob"},  # never with SOURCE_VOLUNTARY
])
def test_a_statement_that_does_not_fit_is_named(wrong: dict[str, object]) -> None:
    assert problems(GOOD) == []
    assert problems({**GOOD, **wrong})


@pytest.mark.parametrize("key", ["decision_visibility", "content_date", "category",
                                 "incompatible_content_ground", "puid"])
def test_a_statement_without_a_required_field_does_not_fit(key: str) -> None:
    assert problems(_without(key))


def test_the_other_values_fit_with_their_words() -> None:
    assert problems({**_without("decision_visibility"),
                     "decision_monetary": "DECISION_MONETARY_OTHER",
                     "decision_monetary_other": "Prepaid credits were revoked",
                     "content_type": ["CONTENT_TYPE_OTHER"],
                     "content_type_other": "Prepaid credits"}) == []


_GROUNDS = [Ground(kind=GroundKind.TERMS, code=code) for code in TERMS_CLAUSES] + [
    Ground(kind=GroundKind.LAW, code=code) for code in LEGAL_PROVISIONS]
_ITEMS = {Restriction.BAN: ItemKind.ACCOUNT, Restriction.ACCOUNT_HELD: ItemKind.ACCOUNT,
          Restriction.PHOTO_REJECTED: ItemKind.PHOTO, Restriction.PHOTO_REMOVED: ItemKind.PHOTO,
          Restriction.PHOTO_HELD: ItemKind.PHOTO,
          Restriction.TEXT_REMOVED: ItemKind.PROFILE_TEXT,
          Restriction.MESSAGE_HELD: ItemKind.MESSAGE,
          Restriction.MESSAGE_REMOVED: ItemKind.MESSAGE,
          Restriction.CREDITS_REVOKED: ItemKind.CREDITS,
          Restriction.DIRECT_DEBIT_BLOCKED: ItemKind.PAYMENT_METHOD,
          Restriction.SENDING_LIMITED: ItemKind.ACCOUNT}


def test_every_ground_of_the_catalogue_has_a_current_category() -> None:
    assert set(CATEGORIES) == {str(ground) for ground in _GROUNDS}


@given(st.sampled_from(list(Restriction)), st.sampled_from(_GROUNDS), st.booleans(),
       st.booleans(), st.booleans(), st.booleans(),
       st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2037, 6, 1),
                    timezones=st.just(UTC)))
def test_every_decision_makes_a_statement_that_fits(restriction: Restriction, ground: Ground,
                                                    detected: bool, decided: bool,
                                                    noticed: bool, lifted: bool,
                                                    at: datetime) -> None:
    what = Restricting(restriction=restriction, item_kind=_ITEMS[restriction], item_id="7",
                       facts="Eve asked Bob for money", ground=ground,
                       detected_automatically=detected, decided_automatically=decided,
                       notice_id=3 if noticed else None)
    found = attrs.evolve(decision(what, 1, 2, "anna", at), id=9)
    if lifted:
        found = attrs.evolve(found, status=DecisionStatus.LIFTED,
                             lifted_at=at + timedelta(days=3))
    made = statement(found, "amora.test", ["NL", "BE"], "A message was removed.",
                     ground_title="Spam", ground_text="Do not send mass messages.",
                     content_at=datetime(2019, 5, 1, tzinfo=UTC))
    assert problems(made) == [], made
    # Amora does not know whether content against its terms is also illegal: it says nothing.
    assert "incompatible_content_illegal" not in made
    assert made["content_date"] == "2019-05-01"
    # A day the database does not take (before 2000): the decision's day instead.
    old = statement(found, "amora.test", ["NL"], "A message was removed.",
                    ground_title="Spam", ground_text="Do not send mass messages.",
                    content_at=datetime(1999, 12, 31, tzinfo=UTC))
    assert problems(old) == [] and old["content_date"] == f"{at:%Y-%m-%d}"
    assert any(key.startswith("end_date_") for key in made) is lifted


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
