"""The checkout's tick (issue 34.1) in Chromium: without it the Pay button sends nothing
and the box says why; ticked, the order goes to the sandbox and is paid; a repeat asks
again. At phone and desktop widths."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, new_context, screenshot
from tests.e2e.test_shop import SETTLED_MS, SHOP, fresh_member, pay_in_sandbox, user


def orders(page: Page) -> list[dict[str, object]]:
    answer: list[dict[str, object]] = page.evaluate(
        "fetch('/api/transactions').then(r => r.json()).then(d => d.transactions)")
    return answer


def test_no_order_without_the_tick_then_one_with_it(browser: Browser, live_server: str,
                                                     live_var: Path) -> None:
    context, page = fresh_member(browser, live_server, live_var)
    page.goto(f"{live_server}/credits")
    cards = page.get_by_test_id("bundle-list").get_by_test_id("bundle-card")
    cards.nth(1).get_by_test_id("bundle-choose").click()
    expect(page).to_have_url(re.compile(r"/credits/\d+$"))
    page.get_by_test_id("method-ideal").click()
    page.get_by_test_id("bank-select").select_option(label="ING")
    tick = page.get_by_test_id("delivery-consent")
    expect(page.get_by_test_id("delivery-consent-text")).to_have_text(SHOP["checkout"]["consent"])
    expect(tick).not_to_be_checked()

    # Pay without the tick: nothing is sent, the box says why and has the focus.
    pay = page.get_by_test_id("checkout-pay")
    pay.click()
    error = page.get_by_test_id("delivery-consent-error")
    expect(error).to_have_text(SHOP["checkout"]["consentRequired"])
    expect(tick).to_be_focused()
    expect(tick).to_have_attribute("aria-invalid", "true")
    expect(page).to_have_url(re.compile(r"/credits/\d+$"))
    assert orders(page) == []
    page.wait_for_load_state("networkidle")
    screenshot(page, "vat-checkout-tick-missing-en-1280")

    # The same screen on a phone: the tick above the Pay bar, its text readable.
    phone = new_context(browser, PHONE, storage_state=context.storage_state(),
                        extra_http_headers={"X-Geoip-Country": "NL"})
    small = phone.new_page()
    small.goto(page.url)
    small.get_by_test_id("method-ideal").click()
    small.get_by_test_id("bank-select").select_option(label="ING")
    small.get_by_test_id("delivery-consent").check()
    box = small.get_by_test_id("delivery-consent-text").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    small.wait_for_load_state("networkidle")
    screenshot(small, "vat-checkout-tick-en-375")
    phone.close()

    # Ticked: the order is made, paid in the sandbox and its credits arrive.
    tick.check()
    expect(error).to_have_count(0)
    page.wait_for_load_state("networkidle")
    screenshot(page, "vat-checkout-tick-en-1280")
    before = user(page)
    pay.click()
    pay_in_sandbox(page, "paid")
    completed = page.get_by_test_id("payment-completed")
    expect(completed).to_be_visible(timeout=SETTLED_MS)
    assert user(page)["credits"] == int(before["credits"]) + 250
    assert [order["status"] for order in orders(page)] == ["paid"]

    # The one-step repeat asks for the tick again.
    page.goto(f"{live_server}/credits/repeat-order")
    confirm = page.get_by_test_id("repeat-confirm")
    expect(confirm).to_have_text("Pay €29.99 again with iDEAL")
    confirm.click()
    expect(page.get_by_test_id("delivery-consent-error")).to_have_text(
        SHOP["checkout"]["consentRequired"])
    assert len(orders(page)) == 1
    page.get_by_test_id("delivery-consent").check()
    page.wait_for_load_state("networkidle")
    screenshot(page, "vat-repeat-tick-en-1280")
    confirm.click()
    expect(page).to_have_url(re.compile(r"/sandbox/checkout/tr_sandbox_"))
    assert len(orders(page)) == 2
    context.close()
