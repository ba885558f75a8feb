"""Rules of notices (issue 30.4): serial reporters, good faith and what a visitor must give."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import InvalidFields
from domain.complaints import (
    ANONYMOUS_CATEGORIES,
    SERIAL_DISMISSED_PERCENT,
    SERIAL_MIN_RESOLVED,
    Category,
    ComplaintForm,
    ReporterRecord,
    check_complaint,
    serial_reporter,
)

records = st.integers(min_value=0, max_value=500).flatmap(
    lambda resolved: st.tuples(st.just(resolved), st.integers(0, resolved)))


@pytest.mark.parametrize(("resolved", "dismissed", "serial"), [
    (5, 4, True), (5, 5, True), (10, 7, True), (5, 3, False), (10, 6, False),
    (4, 4, False), (0, 0, False), (1000, 700, True), (1000, 699, False),
])
def test_five_resolved_and_seventy_percent_dismissed_mark_a_reporter(
        resolved: int, dismissed: int, serial: bool) -> None:
    assert serial_reporter(resolved, dismissed) is serial
    assert ReporterRecord(resolved, dismissed).serial is serial


@given(records)
def test_the_mark_is_the_share_of_dismissed_notices_once_there_are_enough(
        record: tuple[int, int]) -> None:
    resolved, dismissed = record
    expected = resolved >= SERIAL_MIN_RESOLVED \
        and dismissed / resolved >= SERIAL_DISMISSED_PERCENT / 100 - 1e-12
    assert serial_reporter(resolved, dismissed) is expected


@given(records)
def test_another_dismissal_never_unmarks_and_another_action_never_marks(
        record: tuple[int, int]) -> None:
    resolved, dismissed = record
    now = serial_reporter(resolved, dismissed)
    if now:
        assert serial_reporter(resolved + 1, dismissed + 1)
    elif resolved >= SERIAL_MIN_RESOLVED:  # below it, any fifth notice may reach the mark
        assert not serial_reporter(resolved + 1, dismissed)


@given(category=st.sampled_from(list(Category)), logged_in=st.booleans(),
       name=st.sampled_from([None, "", "  ", "Vera"]), good_faith=st.booleans())
def test_good_faith_always_and_a_visitors_name_unless_a_minor_is_reported(
        category: Category, logged_in: bool, name: str | None, good_faith: bool) -> None:
    form = ComplaintForm(category.value, "Something happened here.", email="v@example.com",
                         name=name, good_faith=good_faith)
    named = bool((name or "").strip())
    needs_name = not logged_in and category not in ANONYMOUS_CATEGORIES
    try:
        checked = check_complaint(form, logged_in=logged_in)
    except InvalidFields as refused:
        fields = {error.field for error in refused.errors}
        assert fields == {f for f, missing in (("good_faith", not good_faith),
                                               ("name", needs_name and not named)) if missing}
        return
    assert good_faith and (named or not needs_name)
    assert checked.name == (None if logged_in or not named else name)
