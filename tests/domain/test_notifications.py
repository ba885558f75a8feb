"""Who is told what: preferences, mail-off reasons, delivery keys and login links."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.notifications import (
    MAILED,
    MARKETING,
    PREFERENCE_KEYS,
    PREFERENCE_OF,
    PUSHED,
    Kind,
    LoginLink,
    MailOff,
    Preferences,
    check_login_link,
    delivery_key,
    marketing_choice,
    may_mail,
    may_mail_account,
    may_push,
    safe_target,
)

preferences = st.dictionaries(st.sampled_from(PREFERENCE_KEYS), st.booleans()).map(
    lambda changes: Preferences().changed(changes))
mail_off = st.one_of(st.none(), st.sampled_from(list(MailOff)))


@given(kind=st.sampled_from(list(Kind)), chosen=preferences, off=mail_off)
def test_a_notification_follows_its_preference_and_mail_off(kind: Kind, chosen: Preferences,
                                                            off: MailOff | None) -> None:
    key = PREFERENCE_OF[kind]
    allowed = key is None or chosen.allows(key)
    assert may_mail(kind, chosen, off) == (kind in MAILED and off is None and allowed)
    assert may_push(kind, chosen) == (kind in PUSHED and allowed)


def test_account_mails_stop_only_for_a_bounce() -> None:
    assert may_mail_account(None) and may_mail_account(MailOff.FBL)
    assert may_mail_account(MailOff.UNSUBSCRIBED) and not may_mail_account(MailOff.BOUNCE)


def test_marketing_is_off_until_the_member_opts_in() -> None:
    """Issue 29.7: offers, news, visit reminders and the weekly update only by opt-in;
    what happened to the member themselves is on from the start."""
    fresh = Preferences()
    assert {"weekly_updates", "promotions", "news", "reminders"} == MARKETING
    assert not fresh.marketing and not any(fresh.allows(key) for key in MARKETING)
    assert all(fresh.allows(key) for key in PREFERENCE_KEYS if key not in MARKETING)
    assert not may_mail(Kind.WEEKLY_UPDATE, fresh, None)
    assert may_mail(Kind.WEEKLY_UPDATE, fresh.changed({"weekly_updates": True}), None)
    assert not Preferences({}).allows("promotions")  # stored without the key: still off


@given(before=preferences, after=preferences)
def test_a_marketing_choice_is_the_consent_given_or_withdrawn(before: Preferences,
                                                              after: Preferences) -> None:
    choice = marketing_choice(before, after)
    if before.marketing == after.marketing:
        assert choice is None
    else:
        assert choice is after.marketing


def test_unknown_preferences_are_refused() -> None:
    with pytest.raises(DomainError):
        Preferences().changed({"spam": True})


@given(minutes=st.integers(0, 59))
def test_message_mails_share_a_key_per_conversation_and_hour(minutes: int) -> None:
    start = datetime(2026, 11, 21, 10, tzinfo=UTC)
    later = start + timedelta(minutes=minutes)
    assert delivery_key(Kind.NEW_MESSAGE, 1, 9, start) == delivery_key(Kind.NEW_MESSAGE, 1, 9,
                                                                       later)
    assert delivery_key(Kind.NEW_MESSAGE, 1, 9, start) != delivery_key(
        Kind.NEW_MESSAGE, 1, 9, start + timedelta(hours=1))
    assert delivery_key(Kind.NEW_MESSAGE, 1, 9, start) != delivery_key(Kind.NEW_MESSAGE, 1,
                                                                       10, start)


def test_weekly_updates_have_one_key_per_iso_week() -> None:
    monday = datetime(2026, 11, 16, 8, tzinfo=UTC)
    keys = {delivery_key(Kind.WEEKLY_UPDATE, 1, 0, monday + timedelta(days=d))
            for d in range(7)}
    assert len(keys) == 1
    assert delivery_key(Kind.WEEKLY_UPDATE, 1, 0, monday + timedelta(days=7)) not in keys


NOW = datetime(2026, 11, 21, 12, tzinfo=UTC)
LINK = LoginLink(member_id=1, site_id=1, target="/chats/3", expires_at=NOW + timedelta(hours=1),
                 used_at=None)


@pytest.mark.parametrize(("link", "site", "enabled", "code"), [
    (None, 1, True, "login_link_invalid"),
    (LINK, 2, True, "login_link_invalid"),  # another site
    (LoginLink(1, 1, "/", NOW, None), 1, True, "login_link_invalid"),  # expired
    (LoginLink(1, 1, "/", NOW + timedelta(hours=1), NOW), 1, True, "login_link_invalid"),
    (LINK, 1, False, "login_links_disabled"),
])
def test_login_links_are_refused(link: LoginLink | None, site: int, enabled: bool,
                                 code: str) -> None:
    with pytest.raises(DomainError) as refused:
        check_login_link(link, site, enabled, NOW)
    assert refused.value.code == code


def test_a_login_link_only_leads_into_the_site() -> None:
    assert check_login_link(LINK, 1, True, NOW) == LINK
    assert safe_target("/chats/3") == "/chats/3"
    for elsewhere in ("https://evil.test", "//evil.test", "/\\evil.test", "chats"):
        assert safe_target(elsewhere) == "/members"
