"""The operator's day at a glance (issue 32.6, `amora today`): which instants "today",
"yesterday" and "yesterday by this time" are on a site, and how a site's figures add up.

A site's day is its calendar day in its time zone (a day is 23 or 25 hours long when
the clocks change: the local date decides). "Yesterday by this time" ends at the same
local time of day yesterday, so that a morning's figures are compared with yesterday's
morning, not with a whole day."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import attrs


@attrs.frozen
class Window:
    """From ``start`` (included) to ``end`` (excluded), UTC."""

    start: datetime
    end: datetime


@attrs.frozen
class SiteDay:
    """A site's today, yesterday and yesterday up to the same local time."""

    date: date
    today: Window
    yesterday: Window
    yesterday_by_now: Window


def _midnight(day: date, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(), tzinfo=zone).astimezone(UTC)


def site_day(now: datetime, time_zone: str) -> SiteDay:
    """The windows around ``now`` (aware) in ``time_zone``."""
    zone = ZoneInfo(time_zone)
    local = now.astimezone(zone)
    today, yesterday = local.date(), local.date() - timedelta(days=1)
    start, yesterday_start = _midnight(today, zone), _midnight(yesterday, zone)
    # The same wall-clock time yesterday (in a skipped hour, as the zone resolves it).
    same_time = datetime.combine(yesterday, local.timetz().replace(tzinfo=None),
                                 tzinfo=zone).astimezone(UTC)
    return SiteDay(date=today, today=Window(start, now.astimezone(UTC)),
                   yesterday=Window(yesterday_start, start),
                   yesterday_by_now=Window(yesterday_start, min(max(same_time, yesterday_start),
                                                                start)))


@attrs.frozen
class Activity:
    """What happened on a site in one window (amounts in cents, per currency)."""

    signups: int = 0
    activations: int = 0  # e-mail addresses confirmed
    first_purchases: int = 0  # members whose first paid order falls in the window
    paid_orders: int = 0
    revenue: Mapping[str, int] = attrs.field(factory=dict)  # paid, per currency
    refunded: Mapping[str, int] = attrs.field(factory=dict)  # refunds and chargebacks made
    failed_payments: int = 0  # orders begun in the window whose payment failed

    def __add__(self, other: Activity) -> Activity:
        return Activity(
            signups=self.signups + other.signups,
            activations=self.activations + other.activations,
            first_purchases=self.first_purchases + other.first_purchases,
            paid_orders=self.paid_orders + other.paid_orders,
            revenue=_summed((self.revenue, other.revenue)),
            refunded=_summed((self.refunded, other.refunded)),
            failed_payments=self.failed_payments + other.failed_payments)


def _summed(amounts: Iterable[Mapping[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for each in amounts:
        for currency, cents in each.items():
            total[currency] = total.get(currency, 0) + cents
    return dict(sorted(total.items()))


@attrs.frozen
class Queue:
    """Items waiting for someone, and when the one waiting longest came."""

    count: int = 0
    oldest: datetime | None = None

    def __add__(self, other: Queue) -> Queue:
        olds = [moment for moment in (self.oldest, other.oldest) if moment is not None]
        return Queue(self.count + other.count, min(olds) if olds else None)

    def age(self, now: datetime) -> timedelta | None:
        return None if self.oldest is None else max(now - self.oldest, timedelta(0))


@attrs.frozen
class Queues:
    """What waits on a site right now."""

    photos: Queue = Queue()  # the review queue: new photos and those the block lists hold
    held_photos: int = 0  # of which held by the block lists
    complaints: Queue = Queue()  # open complaints and notices
    appeals: Queue = Queue()  # open appeals
    held_members: Queue = Queue()  # held by the scam shield; oldest: the longest hold
    paying_members: int = 0  # members (not deleted, not fictional) who ever paid
    # Withdrawals whose refund the payment provider has not taken yet (issue 34.2: the
    # member was told it is on its way; the outbox retries, an operator should know).
    refunds_waiting: Queue = Queue()

    def __add__(self, other: Queues) -> Queues:
        return Queues(photos=self.photos + other.photos,
                      held_photos=self.held_photos + other.held_photos,
                      complaints=self.complaints + other.complaints,
                      appeals=self.appeals + other.appeals,
                      held_members=self.held_members + other.held_members,
                      paying_members=self.paying_members + other.paying_members,
                      refunds_waiting=self.refunds_waiting + other.refunds_waiting)


@attrs.frozen
class Outbox:
    """The background jobs (the outbox table): waiting, being retried, given up."""

    waiting: Queue = Queue()  # not given up, the oldest by when it was written
    retrying: int = 0  # waiting, but failed at least once
    failed: int = 0  # given up (kept for operators, never run again)
    failed_today: int = 0  # given up in the last 24 hours


@attrs.frozen
class SiteToday:
    domain: str
    time_zone: str
    day: SiteDay
    today: Activity
    yesterday: Activity
    yesterday_by_now: Activity
    queues: Queues


@attrs.frozen
class Today:
    """Every site's day (or the one asked for), the deployment's jobs and server errors."""

    now: datetime
    sites: tuple[SiteToday, ...]
    outbox: Outbox
    server_errors: Mapping[int, int]  # 5xx responses in the last hour, per status
    server_errors_since: datetime

    @property
    def total_today(self) -> Activity:
        return sum((site.today for site in self.sites), Activity())

    @property
    def total_yesterday(self) -> Activity:
        return sum((site.yesterday for site in self.sites), Activity())

    @property
    def total_yesterday_by_now(self) -> Activity:
        return sum((site.yesterday_by_now for site in self.sites), Activity())

    @property
    def total_queues(self) -> Queues:
        return sum((site.queues for site in self.sites), Queues())
