"""How many new conversations a member may start a day (issue 31.2), by how far the site
can trust them.

A romance scammer's business is volume: many first messages from a fresh account before
the reports come in. A member looking for a partner starts a few conversations a day and
answers the ones that reply. So the daily number of NEW conversations (replies and
existing conversations are never limited) follows trust:

- an unconfirmed e-mail address: 3 (nobody knows who is behind it; the chat asks for the
  confirmation before any message anyway, so this is the figure shown until then);
- the first week of an account: 10; a scammer's account rarely lives longer, a newcomer
  exploring the site rarely needs more;
- an established account (a week or older): 25;
- a paying member: one step up (25 in the first week, 50 later): a payment is a name and a
  bank behind the account and costs a scammer money per account, while the first week still
  keeps a stolen card's account small;
- reports: from the second member whose report against this member is open or was upheld,
  each such member halves the figure, down to 1. One report alone may be a misunderstanding
  or spite, and waits for an operator like any notice; two members independently reporting
  someone who writes to many is what a scam looks like, so until an operator has looked the
  member may still write (reports can be wrong), but to far fewer new people. This lowering
  is a decision about the member (a restriction of the service, DSA Art. 17): it applies
  only while the decision that says so is in force, which the application keeps
  (application/opener_guard.py);
- held by the scam shield: at most 3 (as unconfirmed); their messages wait undelivered
  anyway, and an operator's release would deliver a whole day's openers at once.

More trust never lowers the figure (tests/domain/test_trust.py holds that as a property).
"Today" is the calendar day in the site's time zone: the member sees how many are left
today, and that resets at midnight where the site is, not 24 hours after some send."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import attrs

UNCONFIRMED = 3
FIRST_WEEK = 10
ESTABLISHED = 25
PAYING_FIRST_WEEK = 25
PAYING = 50
HELD = 3
FLOOR = 1  # however many reports: one new conversation a day is never taken
REPORTERS_TO_LIMIT = 2  # distinct reporting members from whom reports lower the figure
NEW_ACCOUNT = timedelta(days=7)


@attrs.frozen(kw_only=True)
class TrustFacts:
    email_confirmed: bool
    account_age: timedelta
    paying: bool
    # Distinct members whose report against this member is open or upheld, counted only
    # while a decision limits the member for them (0 otherwise).
    reports: int = 0
    held: bool = False  # held by the scam shield (a decision in force)


def baseline(facts: TrustFacts) -> int:
    """The rule for everyone: confirmation, the account's age, a payment."""
    if not facts.email_confirmed:
        return UNCONFIRMED
    if facts.account_age < NEW_ACCOUNT:
        return PAYING_FIRST_WEEK if facts.paying else FIRST_WEEK
    return PAYING if facts.paying else ESTABLISHED


def daily_conversations(facts: TrustFacts) -> int:
    """New conversations the member may start a day."""
    cap = baseline(facts)
    for _ in range(max(0, facts.reports - REPORTERS_TO_LIMIT + 1)):
        cap = max(FLOOR, cap // 2)
    if facts.held:
        cap = min(cap, HELD)
    return cap


def lowered_by_reports(facts: TrustFacts) -> bool:
    """Whether reports lower the member's figure below the rule for everyone (a hold
    aside, which is a decision of its own): what makes it a decision about the member."""
    return daily_conversations(attrs.evolve(facts, held=False)) < baseline(facts)


def day_start(now: datetime, time_zone: str) -> datetime:
    """The start of `now`'s calendar day in `time_zone`, as an aware datetime."""
    zone = ZoneInfo(time_zone)
    local = now.astimezone(zone)
    return datetime.combine(local.date(), time(0), tzinfo=zone)


def conversations_left(cap: int, started_today: int) -> int:
    return max(0, cap - started_today)
