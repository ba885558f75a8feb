"""Notification settings on in-memory ports: preferences one by one, one-click
unsubscribe (that mail or all; forged and stale links refused), push subscriptions of
known services only."""

from __future__ import annotations

import pytest

from adapters.security.signing import SecretSigner
from application.notification_settings import BrowserSubscription
from domain.errors import DomainError
from domain.notifications import DEFAULTS, MARKETING, PREFERENCE_KEYS, MailOff
from tests.application.mailroom import FCM, post, subscribe


def test_preferences_change_one_by_one_and_unknown_ones_are_refused() -> None:
    p = post()
    view = p.settings.view(p.ann)
    assert view.preferences == DEFAULTS and view.mail_off is None
    changed = p.settings.update(p.ann, {"like": False, "news": True}, "de", mail_on=False)
    assert not changed.preferences["like"] and changed.preferences["news"]
    assert changed.language == "de"
    with pytest.raises(DomainError, match="invalid_request"):
        p.settings.update(p.ann, {"spam": True}, None, mail_on=False)
    with pytest.raises(DomainError, match="invalid_request"):
        p.settings.update(p.ann, None, "xx", mail_on=False)
    assert p.settings.view(p.ann).preferences["like"] is False


def test_one_click_unsubscribes_that_mail_or_all_and_mail_on_undoes_it() -> None:
    p = post()
    token = p.settings.unsubscribe_token(p.ann.id, "like")
    assert p.settings.unsubscribe(token, everything=False).preference == "like"
    assert p.settings.view(p.ann).preferences["like"] is False
    assert p.settings.unsubscribe(token, everything=True).all
    assert p.settings.view(p.ann).mail_off is MailOff.UNSUBSCRIBED
    p.settings.update(p.ann, None, None, mail_on=True)
    assert p.settings.view(p.ann).mail_off is None
    for bad in ("garbage", SecretSigner("other").sign("unsubscribe", [p.ann.id, "like"]),
                p.settings.unsubscribe_token(999, "like"),
                p.settings.unsubscribe_token(p.ann.id, "spam")):
        with pytest.raises(DomainError, match="unsubscribe_invalid"):
            p.settings.unsubscribe(bad, everything=False)


def test_push_endpoints_of_unknown_services_are_refused_and_moved_ones_follow() -> None:
    p = post()
    with pytest.raises(DomainError, match="push_endpoint_invalid"):
        p.settings.subscribe_push(p.ann, BrowserSubscription("https://evil.test/x", "k", "a"),
                                  None)
    subscribe(p, p.ann, "one")
    subscribe(p, p.bob, "one")  # the same browser, now Bob's
    assert [s.member_id for s in p.store.pushes.values()] == [p.bob.id]
    p.settings.subscribe_push(p.ann, None, FCM + "one")  # not Ann's to remove
    assert p.store.pushes
    p.settings.subscribe_push(p.bob, None, FCM + "one")
    assert not p.store.pushes


def test_marketing_is_off_at_first_and_each_yes_or_no_is_recorded_with_its_time() -> None:
    """Issue 29.7: the first marketing kind turned on is the consent, given on the
    notifications screen; turning the last one off, here by a mail's link, withdraws it."""
    p = post()
    assert not any(p.settings.view(p.ann).preferences[key] for key in MARKETING)
    assert p.store.marketing.get(p.ann.id) is None
    assert all(p.settings.view(p.ann).preferences[key] for key in PREFERENCE_KEYS
               if key not in MARKETING)
    p.settings.update(p.ann, {"news": True}, None, mail_on=False)
    given = p.store.marketing[p.ann.id]
    assert (given.given, given.via, given.at) == (True, "settings", p.clock.now())
    p.settings.update(p.ann, {"promotions": True, "like": False}, None, mail_on=False)
    assert p.store.marketing[p.ann.id] == given  # still the same consent
    p.settings.update(p.ann, {"promotions": False}, None, mail_on=False)
    assert p.store.marketing[p.ann.id] == given  # news is still on
    p.settings.unsubscribe(p.settings.unsubscribe_token(p.ann.id, "news"), everything=False)
    withdrawn = p.store.marketing[p.ann.id]
    assert (withdrawn.given, withdrawn.via) == (False, "unsubscribe")
