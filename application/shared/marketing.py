"""Marketing mail by opt-in (issue 29.7): the weekly update, offers, news and visit
reminders reach a member only after they said yes, at signup or later, and their last
word on it is kept with its time and place, as the other consents are."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from application.ports.shared_units import MarketingUnit
from domain.notifications import MARKETING, MarketingVia, Preferences, marketing_choice


def stored_preferences(uow: MarketingUnit, member_id: int) -> Preferences:
    values, _ = uow.notifications.preferences(member_id)
    return Preferences().changed(values)


def change_preferences(uow: MarketingUnit, member_id: int, changes: Mapping[str, bool],
                       via: MarketingVia, now: datetime) -> Preferences:
    """Saves the changes; turning the first marketing kind on gives consent, turning the
    last one off withdraws it, and either is recorded."""
    before = stored_preferences(uow, member_id)
    after = before.changed(changes)
    uow.notifications.save_preferences(member_id, dict(after.values))
    choice = marketing_choice(before, after)
    if choice is not None:
        uow.notifications.record_marketing_choice(member_id, choice, via.value, now)
    return after


def answer_at_signup(uow: MarketingUnit, member_id: int, opted_in: bool, now: datetime) -> None:
    """The signup's opt-in box, ticked or not, is the member's first word on it."""
    if opted_in:
        uow.notifications.save_preferences(
            member_id, dict(Preferences().changed(dict.fromkeys(MARKETING, True)).values))
    uow.notifications.record_marketing_choice(member_id, opted_in, MarketingVia.SIGNUP.value,
                                              now)
