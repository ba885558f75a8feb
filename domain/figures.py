"""Operators' figures (issue 20, `amora stats`): revenue, signups and member activity.
Counting happens in the database; what the counts mean (net revenue, rates, per day)
is defined here."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

REVENUE_GROUPS = ("day", "source", "bundle", "method")
NO_SOURCE = "-"  # members who came without a traffic source, or from no lander


@attrs.frozen
class Tally:
    """One group's count and sum, as the database answers it (amounts in cents)."""

    key: str
    currency: str
    count: int
    amount: int


@attrs.frozen
class RevenueFigures:
    key: str  # the day, source, bundle (credits) or method; "all" when not grouped
    currency: str
    paid_orders: int
    paid: int  # cents
    refunds: int
    refunded: int  # cents: refunds and chargebacks made in the period

    @property
    def net(self) -> int:
        return self.paid - self.refunded


def revenue(paid: Iterable[Tally], refunded: Iterable[Tally]) -> list[RevenueFigures]:
    """Money in and money back in the period, side by side per group and currency (a
    refund counts when it was made, whenever the order was paid)."""
    groups: dict[tuple[str, str], list[int]] = {}
    for offset, tallies in ((0, paid), (2, refunded)):
        for tally in tallies:
            row = groups.setdefault((tally.key, tally.currency), [0, 0, 0, 0])
            row[offset] += tally.count
            row[offset + 1] += tally.amount
    return [RevenueFigures(key, currency, *row)
            for (key, currency), row in sorted(groups.items(), key=_sort_key)]


def _sort_key(item: tuple[tuple[str, str], list[int]]) -> tuple[int, str, str]:
    (key, currency), _ = item
    # bundles sort by their number of credits, everything else as text
    return (int(key), "", currency) if key.isdigit() else (0, key, currency)


@attrs.frozen
class SignupFigures:
    site: str
    lander: str
    source: str
    signups: int
    activated: int  # confirmed their e-mail
    paying: int  # bought credits since

    @property
    def activation_rate(self) -> float:
        return self.activated / self.signups if self.signups else 0.0


@attrs.frozen
class MemberFigures:
    site: str
    members: int  # accounts not deleted
    confirmed: int  # e-mail confirmed and not banned
    premium: int  # bought credits at least once
    active: int  # logged in or wrote in the period
    messages: int  # sent in the period
    days: int

    @property
    def messages_per_day(self) -> float:
        return self.messages / self.days if self.days else 0.0
