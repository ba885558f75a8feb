"""Phone layouts from the walk-through (issue 29.7), at 375 px in Chromium: a dragged
swipe card does not widen the page and the arrow-key hint stays off touch screens; a
profile's name and age are clear of the action bar; the Pay button is on the first
screen; a pending payment leads back to the conversation the member came from."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, ROOT, new_context, screenshot
from tests.e2e.test_discovery import log_in
from tests.e2e.test_shop import pay_in_sandbox

SHOP = json.loads((ROOT / "web/src/locales/en/shop.json").read_text(encoding="utf-8"))
GAMES = json.loads((ROOT / "web/src/locales/en/games.json").read_text(encoding="utf-8"))
SETTLED_MS = 30_000


def page_width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def a_member_id(page: Page) -> int:
    """The first member of the man's default search (read as the web app reads it)."""
    answer = page.evaluate(
        "fetch('/api/members', {headers: {'X-Client': 'web'}}).then(r => r.json())")
    return int((answer["results"] or answer["similar"])[0]["id"])


def test_a_dragged_swipe_card_does_not_widen_a_phones_page(
        browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    log_in(page, live_server, "demo.man@example.com")
    page.goto(f"{live_server}/swipe-game")
    card = page.get_by_test_id("swipe-card")
    expect(card).to_be_visible()
    assert page_width(page) == PHONE["width"]
    box = card.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):  # 250 px to the right: the card hangs far off the screen
        page.mouse.move(x + step * 25, y + 4)
    expect(card.locator(".swipe-card__stamp--like")).not_to_have_css("opacity", "0")
    screenshot(page, "phone-swipe-dragging-en-375")
    assert page_width(page) == PHONE["width"]
    assert page.evaluate("window.scrollX") == 0
    page.mouse.move(x, y)  # back where it started: it snaps back, nothing is swiped
    page.mouse.up()
    expect(card).to_be_visible()
    context.close()


def test_a_touch_phone_is_not_told_to_press_the_arrow_keys(
        browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    log_in(page, live_server, "demo.man@example.com")
    page.goto(f"{live_server}/swipe-game")
    hint = page.locator(".swipe-game__hint")
    expect(hint).to_contain_text(GAMES["swipe"]["hint"])
    expect(hint).not_to_contain_text(GAMES["swipe"]["hintKeys"])
    context.close()


def test_a_profiles_name_is_clear_of_the_action_bar(browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    log_in(page, live_server, "demo.man@example.com")
    page.goto(f"{live_server}/members/{a_member_id(page)}")
    name = page.get_by_test_id("member-name")
    bar = page.get_by_test_id("member-action-bar")
    expect(name).to_be_visible()
    expect(bar).to_be_visible()
    named, barred = name.bounding_box(), bar.bounding_box()
    assert named is not None and barred is not None
    assert named["y"] + named["height"] <= barred["y"], (named, barred)
    context.close()


def test_a_pending_payment_leads_back_to_the_conversation(
        browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    log_in(page, live_server, "demo.man@example.com")
    member = a_member_id(page)
    page.goto(f"{live_server}/members/{member}/chat")
    expect(page).to_have_url(re.compile(rf"/members/{member}/chat$"))
    page.wait_for_load_state("networkidle")

    # From the conversation to the shop; on the phone the Pay button is on the first screen.
    page.goto(f"{live_server}/credits")
    page.get_by_test_id("bundle-list").get_by_test_id("bundle-choose").first.click()
    page.get_by_test_id("method-creditcard").click()
    pay = page.get_by_test_id("checkout-pay")
    expect(pay).to_be_in_viewport()
    box = pay.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    chosen = re.search(r"/credits/(\d+)", page.url)
    assert chosen, page.url
    bundle = chosen.group(1)
    screenshot(page, "phone-checkout-pay-en-375")
    page.get_by_test_id("delivery-consent").check()  # the order's tick (issue 34.1)
    pay.click()

    # The payment is still pending when the member comes back: no need to wait there.
    pay_in_sandbox(page, "pending")
    expect(page.get_by_test_id("payment-pending")).to_be_visible(timeout=SETTLED_MS)
    back = page.get_by_test_id("payment-way-back")
    expect(back).to_have_text(SHOP["wayBack"]["chat"])
    expect(page.get_by_test_id("payment-other-method")).to_have_attribute(
        "href", f"/credits/{bundle}")
    screenshot(page, "phone-payment-pending-en-375")
    back.click()
    expect(page).to_have_url(re.compile(rf"/members/{member}/chat$"))
    context.close()
