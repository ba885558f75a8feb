from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from domain.members import age_on, is_adult

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
