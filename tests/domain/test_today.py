"""A site's day for `amora today` (issue 32.6): today from local midnight, yesterday the
whole local day before (23 or 25 hours when the clocks change), yesterday by this time up
to the same local time; and how sites' figures add up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from domain.today import Activity, Queue, Queues, Window, site_day

AMS = "Europe/Amsterdam"


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_a_winter_day_in_amsterdam() -> None:
    day = site_day(utc(2026, 11, 21, 14, 30), AMS)
    assert str(day.date) == "2026-11-21"
    assert day.today == Window(utc(2026, 11, 20, 23), utc(2026, 11, 21, 14, 30))
    assert day.yesterday == Window(utc(2026, 11, 19, 23), utc(2026, 11, 20, 23))
    assert day.yesterday_by_now == Window(utc(2026, 11, 19, 23), utc(2026, 11, 20, 14, 30))


def test_just_after_midnight_the_local_date_decides() -> None:
    day = site_day(utc(2026, 11, 20, 23, 5), AMS)  # 00:05 on the 21st in Amsterdam
    assert str(day.date) == "2026-11-21"
    assert day.today.start == utc(2026, 11, 20, 23)
    ny = site_day(utc(2026, 11, 21, 4, 59), "America/New_York")  # 23:59 on the 20th
    assert str(ny.date) == "2026-11-20"
    assert ny.today == Window(utc(2026, 11, 20, 5), utc(2026, 11, 21, 4, 59))


def test_the_day_after_the_clocks_went_forward_follows_a_23_hour_yesterday() -> None:
    day = site_day(utc(2026, 3, 30, 10), AMS)  # 12:00 summer time
    assert day.today.start == utc(2026, 3, 29, 22)
    assert day.yesterday == Window(utc(2026, 3, 28, 23), utc(2026, 3, 29, 22))
    # 12:00 local yesterday was already summer time too.
    assert day.yesterday_by_now.end == utc(2026, 3, 29, 10)


def test_the_day_after_the_clocks_went_back_follows_a_25_hour_yesterday() -> None:
    day = site_day(utc(2026, 10, 26, 11), AMS)  # 12:00 winter time
    assert day.yesterday == Window(utc(2026, 10, 24, 22), utc(2026, 10, 25, 23))
    assert day.yesterday_by_now.end == utc(2026, 10, 25, 11)  # 12:00 winter time


ZONES = ("Europe/Amsterdam", "America/New_York", "Europe/Helsinki", "Australia/Sydney",
         "Asia/Kolkata", "UTC", "America/St_Johns")


@given(st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1),
                    timezones=st.just(UTC)), st.sampled_from(ZONES))
def test_the_windows_follow_each_other(now: datetime, zone: str) -> None:
    day = site_day(now, zone)
    local = now.astimezone(ZoneInfo(zone))
    assert day.date == local.date()
    start = day.today.start.astimezone(ZoneInfo(zone))
    assert (start.date(), start.hour, start.minute) == (local.date(), 0, 0)
    assert day.today.start <= day.today.end == now
    assert day.yesterday.end == day.today.start
    assert day.yesterday.end - day.yesterday.start in (
        timedelta(hours=23), timedelta(hours=24), timedelta(hours=25))
    assert day.yesterday.start == day.yesterday_by_now.start
    assert day.yesterday_by_now.start <= day.yesterday_by_now.end <= day.yesterday.end
    # By this time yesterday is as long as today so far, but for a change of the clocks.
    assert abs((day.yesterday_by_now.end - day.yesterday_by_now.start)
               - (day.today.end - day.today.start)) <= timedelta(hours=1)


def test_sites_add_up() -> None:
    one = Activity(signups=2, activations=1, first_purchases=1, paid_orders=2,
                   revenue={"EUR": 1999, "USD": 100}, refunded={"EUR": 5}, failed_payments=1)
    other = Activity(signups=1, paid_orders=1, revenue={"EUR": 1}, failed_payments=2)
    assert one + other == Activity(signups=3, activations=1, first_purchases=1,
                                   paid_orders=3, revenue={"EUR": 2000, "USD": 100},
                                   refunded={"EUR": 5}, failed_payments=3)
    early, late = utc(2026, 1, 1), utc(2026, 1, 2)
    assert Queue(1, late) + Queue(2, early) == Queue(3, early)
    assert Queue() + Queue(1, late) == Queue(1, late)
    assert Queue().age(late) is None and Queue(1, early).age(late) == timedelta(days=1)
    assert (Queues(photos=Queue(1, late), held_photos=1, paying_members=3)
            + Queues(photos=Queue(2, early), paying_members=1)) == Queues(
        photos=Queue(3, early), held_photos=1, paying_members=4)
