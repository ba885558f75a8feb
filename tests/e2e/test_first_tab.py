"""A first tab that never runs dry (issue 29.6, 29.7), in Chromium: on a phone the first
tab is Discover (the member search), the tab bar is opaque and the first tap after typing
reaches its tab; the swipe game says its 4 likes a day before the first swipe and, when
they are used, offers Discover instead of a dead end, to a member who just paid too."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import PHONE, ROOT, new_context, screenshot
from tests.e2e.test_discovery import log_in
from tests.e2e.test_shop import fresh_member, pay_in_sandbox, user

COMMON = json.loads((ROOT / "web/src/locales/en/common.json").read_text(encoding="utf-8"))
GAMES = json.loads((ROOT / "web/src/locales/en/games.json").read_text(encoding="utf-8"))
SETTLED_MS = 30_000


def test_the_first_tab_is_discover_and_the_first_tap_after_typing_navigates(
        browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    log_in(page, live_server, "demo.man@example.com")
    bar = page.get_by_test_id("tab-bar")
    tabs = bar.get_by_role("link")
    expect(tabs.first).to_have_text(COMMON["nav"]["discover"])
    expect(tabs.first).to_have_attribute("href", "/members")
    expect(tabs.nth(1)).to_have_attribute("href", "/swipe-game")
    # Opaque: nothing of the page shows through the bar.
    background = bar.evaluate("bar => getComputedStyle(bar).backgroundColor")
    assert background == "rgb(255, 255, 255)", background
    page.wait_for_load_state("networkidle")
    screenshot(page, "first-tab-members-en-375")

    # Type into a field, then tap a tab once: it navigates (the bar used to vanish while
    # a field had the focus, and the tap only took the focus away).
    page.goto(f"{live_server}/profile")
    about = page.locator("#profile-about-me")
    likes = page.get_by_test_id("tab-likes")
    box = likes.bounding_box()
    assert box
    about.tap()
    about.press_sequentially("Hello there")
    expect(bar).to_be_visible()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page).to_have_url(re.compile("/likes"))
    context.close()


def test_the_swipe_game_says_its_limit_and_offers_discover_to_a_member_who_just_paid(
        browser: Browser, live_server: str, live_var: Path) -> None:
    context, page = fresh_member(browser, live_server, live_var)
    page.goto(f"{live_server}/credits")
    page.get_by_test_id("bundle-list").get_by_test_id("bundle-choose").first.click()
    page.get_by_test_id("method-ideal").click()
    page.get_by_test_id("bank-select").select_option(label="ING")
    page.get_by_test_id("delivery-consent").check()
    page.get_by_test_id("checkout-pay").click()
    pay_in_sandbox(page, "paid")
    expect(page.get_by_test_id("payment-completed")).to_be_visible(timeout=SETTLED_MS)
    assert user(page)["paid_user"] is True

    # Before the first swipe: the rule and what is left of it today.
    page.goto(f"{live_server}/swipe-game")
    meter = page.get_by_test_id("swipe-likes-left")
    expect(meter).to_have_text("4 likes a day; 4 left today")
    for left in (3, 2, 1, 0):
        before = page.get_by_test_id("swipe-card").get_attribute("data-member-id")
        page.get_by_test_id("swipe-like").click()
        expect(meter).to_have_text(f"4 likes a day; {left} left today")
        if left:
            expect(page.get_by_test_id("swipe-card")).not_to_have_attribute(
                "data-member-id", before or "")

    # Used up, premium or not: the way on to Discover, not a dead end.
    out = page.get_by_test_id("swipe-out-of-likes")
    expect(out).to_be_visible()
    expect(out).to_contain_text(GAMES["swipe"]["out"]["more"].replace("{{limit}}", "4"))
    page.wait_for_load_state("networkidle")
    screenshot(page, "first-tab-swipe-out-paid-en-1280")
    phone = new_context(browser, PHONE, storage_state=context.storage_state())
    small = phone.new_page()
    small.goto(f"{live_server}/swipe-game")
    expect(small.get_by_test_id("swipe-out-discover")).to_be_visible()
    small.wait_for_load_state("networkidle")
    screenshot(small, "first-tab-swipe-out-paid-en-375")
    small.get_by_test_id("swipe-out-discover").click()
    expect(small).to_have_url(re.compile("/members$"))
    phone.close()

    page.get_by_test_id("swipe-out-discover").click()
    expect(page).to_have_url(re.compile("/members$"))
    context.close()
