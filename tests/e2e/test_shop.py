"""Buying credits (issue 7): a new member sees the time bonus counting down, buys a
bundle with iDEAL through the sandbox checkout, comes back to a completed payment and is
premium; a failed card payment is offered PayPal — at phone and desktop widths."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, browser_of, new_context, screenshot
from tests.e2e.test_accounts import Texts, mail_link, sign_up
from tests.e2e.test_foundation import enter_site

SHOP = json.loads((ROOT / "web/src/locales/en/shop.json").read_text(encoding="utf-8"))
COUNTDOWN = re.compile(r"^\d\d:\d\d:\d\d$")
# The sandbox calls the webhook from a job in the live server: the return page polls.
SETTLED_MS = 30_000


def fresh_member(browser: Browser, live_server: str, live_var: Path) -> tuple[BrowserContext, Page]:
    """A member from the Netherlands (euros, iDEAL) who signed up a moment ago, with the
    activation link from the mail clicked."""
    context = new_context(browser, DESKTOP, extra_http_headers={"X-Geoip-Country": "NL"})
    page = context.new_page()
    page.goto(f"{live_server}/signup")
    enter_site(page)
    address = f"buyer.{uuid.uuid4().hex[:8]}@example.com"
    sign_up(page, Texts("en"), address, "zomer aan zee 2026")
    expect(page).to_have_url(re.compile("/(signup-matches|complete-signup)"))
    page.goto(mail_link(live_var, address, 1))
    expect(page.get_by_test_id("activation-continue")).to_be_visible()
    return context, page


def user(page: Page) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate(
        "fetch('/api/user', {headers: {'X-Client': 'web'}}).then(r => r.json()).then(d => d.user)")
    return answer


def shots(context: BrowserContext, page: Page, name: str, ready: str) -> None:
    """The screen as it is now at 1280, and the same address at phone width."""
    page.wait_for_load_state("networkidle")
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, f"shop-{name}-en-1280")
    phone = new_context(browser_of(context), PHONE,
                        storage_state=context.storage_state())
    small = phone.new_page()
    small.goto(page.url)
    expect(small.get_by_test_id(ready)).to_be_visible(timeout=SETTLED_MS)
    small.wait_for_load_state("networkidle")
    screenshot(small, f"shop-{name}-en-375")
    phone.close()


def pay_in_sandbox(page: Page, outcome: str) -> None:
    expect(page).to_have_url(re.compile(r"/sandbox/checkout/tr_sandbox_"))
    page.get_by_test_id(f"sandbox-{outcome}").click()
    expect(page).to_have_url(re.compile(r"/credits/\d+/\w+\?order=\d+"))


def test_time_bonus_then_ideal_purchase_makes_premium_and_failed_card_offers_paypal(
        browser: Browser, live_server: str, live_var: Path) -> None:
    context, page = fresh_member(browser, live_server, live_var)
    before = user(page)
    assert before["paid_user"] is False
    nav = page.get_by_role("navigation").first
    expect(nav.locator("a[href='/premium']")).to_be_visible()

    # Premium explained, with the bundles and a way to buy.
    page.goto(f"{live_server}/premium")
    expect(page.get_by_test_id("pricing-table").get_by_test_id("bundle-card")).to_have_count(4)
    expect(page.get_by_test_id("premium-page")).to_contain_text(SHOP["premium"]["private"]["title"])
    shots(context, page, "premium", "pricing-table")

    # The time bonus: 25 % off, counting down every second, old prices struck through.
    page.goto(f"{live_server}/credits")
    banner = page.get_by_test_id("discount-banner")
    expect(banner).to_have_attribute("data-code", "TIMEBONUS25")
    countdown = page.get_by_test_id("time-bonus-countdown")
    expect(countdown).to_have_text(COUNTDOWN)
    first = countdown.inner_text()
    assert "03:5" in first, first  # just signed up: a little under four hours left
    expect(countdown).not_to_have_text(first, timeout=3_000)
    cards = page.get_by_test_id("bundle-list").get_by_test_id("bundle-card")
    expect(cards).to_have_count(4)
    expect(cards.nth(1)).to_contain_text(SHOP["bundle"]["popular"])
    expect(cards.nth(1).get_by_test_id("bundle-old-price")).to_contain_text("€29.99")
    expect(cards.nth(1).get_by_test_id("bundle-price")).to_contain_text("€22.49")
    shots(context, page, "credits", "time-bonus-countdown")

    # A code that does not exist is refused in words.
    page.get_by_test_id("code-input").fill("NOSUCHCODE")
    page.get_by_test_id("code-apply").click()
    expect(page.get_by_test_id("code-error")).to_have_text(SHOP["errors"]["code_not_found"])

    # The popular bundle, paid with iDEAL at ING.
    cards.nth(1).get_by_test_id("bundle-choose").click()
    expect(page).to_have_url(re.compile(r"/credits/\d+$"))
    expect(page.get_by_test_id("method-list")).to_be_visible()
    expect(page.get_by_test_id("checkout-pay")).to_be_disabled()
    shots(context, page, "checkout", "method-list")
    page.get_by_test_id("method-ideal").click()
    page.get_by_test_id("bank-select").select_option(label="ING")
    pay = page.get_by_test_id("checkout-pay")
    expect(pay).to_have_text("Pay €22.49")
    page.get_by_test_id("delivery-consent").check()  # the order's tick (issue 34.1)
    pay.click()
    pay_in_sandbox(page, "paid")

    completed = page.get_by_test_id("payment-completed")
    expect(completed).to_be_visible(timeout=SETTLED_MS)
    expect(completed).to_contain_text("250 credits have been added")
    expect(page.get_by_test_id("payment-toast")).to_be_visible()
    # Premium now: the navigation offers credits instead of premium.
    expect(nav.locator("a[href='/credits']")).to_be_visible()
    expect(nav.locator("a[href='/premium']")).to_have_count(0)
    after = user(page)
    assert after["paid_user"] is True
    assert after["credits"] == int(before["credits"]) + 250
    shots(context, page, "completed", "payment-completed")

    # No time bonus for a paying member; the last order can be repeated.
    page.goto(f"{live_server}/credits")
    expect(page.get_by_test_id("credits-balance")).to_contain_text(str(after["credits"]))
    expect(page.get_by_test_id("bundle-list")).to_be_visible()
    expect(page.get_by_test_id("discount-banner")).to_have_count(0)
    page.get_by_test_id("repeat-order-link").click()
    expect(page.get_by_test_id("repeat-card")).to_contain_text("250 credits")
    # The price before the tap (issue 19.5): the bundle today, no time bonus any more.
    expect(page.get_by_test_id("repeat-confirm")).to_have_text("Pay €29.99 again with iDEAL")
    page.wait_for_load_state("networkidle")
    screenshot(page, "shop-repeat-en-1280")

    # A card payment that fails: PayPal is offered first.
    page.goto(f"{live_server}/credits")
    page.get_by_test_id("bundle-list").get_by_test_id("bundle-choose").first.click()
    page.get_by_test_id("method-creditcard").click()
    page.get_by_test_id("delivery-consent").check()
    page.get_by_test_id("checkout-pay").click()
    pay_in_sandbox(page, "failed")
    failed = page.get_by_test_id("payment-failed")
    expect(failed).to_be_visible(timeout=SETTLED_MS)
    expect(failed).to_contain_text(SHOP["result"]["failedTitle"])
    expect(page.get_by_test_id("paypal-offer")).to_be_visible()
    shots(context, page, "failed", "payment-failed")
    page.get_by_test_id("pay-with-paypal").click()
    expect(page).to_have_url(re.compile(r"/credits/\d+/paypal$"))
    expect(page.get_by_test_id("method-paypal")).to_have_class(re.compile("is-checked"))
    expect(page.get_by_test_id("checkout-pay")).to_be_enabled()

    # Both orders are listed; one opens in detail.
    page.goto(f"{live_server}/transactions")
    rows = page.get_by_test_id("order-row")
    expect(rows).to_have_count(2)
    expect(rows.first.get_by_test_id("order-status")).to_have_attribute("data-status", "failed")
    expect(rows.nth(1).get_by_test_id("order-status")).to_have_attribute("data-status", "paid")
    shots(context, page, "transactions", "transactions-list")
    rows.nth(1).click()
    expect(page.get_by_test_id("transaction-detail")).to_contain_text("TIMEBONUS25")
    context.close()


def test_pricing_for_visitors(browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/pricing")
    enter_site(page)
    expect(page.get_by_test_id("pricing-table").get_by_test_id("bundle-card")).to_have_count(4)
    expect(page.get_by_test_id("discount-banner")).to_have_count(0)
    expect(page.get_by_test_id("premium-signup").first).to_have_attribute("href", "/signup")
    page.wait_for_load_state("networkidle")
    screenshot(page, "shop-pricing-visitor-en-375")
    context.close()


def newest_sms_code(live_var: Path) -> str:
    """The code in the newest text message the live server 'sent' (var/sms/*.txt)."""
    texts = sorted((live_var / "sms").glob("*.txt"), key=lambda path: path.stat().st_mtime)
    assert texts, "no SMS was written"
    found = re.search(r"\b(\d{6})\b", texts[-1].read_text(encoding="utf-8"))
    assert found, texts[-1].read_text(encoding="utf-8")
    return found.group(1)


def test_direct_debit_mandate_with_sms_code_leaves_the_order_pending(
        browser: Browser, live_server: str, live_var: Path) -> None:
    context, page = fresh_member(browser, live_server, live_var)
    before = user(page)

    # The popular bundle, paid by SEPA direct debit: the method leads to the mandate form.
    page.goto(f"{live_server}/credits")
    cards = page.get_by_test_id("bundle-list").get_by_test_id("bundle-card")
    expect(cards).to_have_count(4)
    cards.nth(1).get_by_test_id("bundle-choose").click()
    expect(page).to_have_url(re.compile(r"/credits/\d+$"))
    page.get_by_test_id("method-directdebit").click()
    go_on = page.get_by_test_id("checkout-pay")
    expect(go_on).to_have_text(SHOP["checkout"]["continue"])
    go_on.click()
    expect(page).to_have_url(re.compile(r"/directdebit\?bundle=\d+$"))
    expect(page.get_by_test_id("dd-form")).to_be_visible()
    expect(page.get_by_test_id("bundle-price")).to_contain_text("€22.49")
    expect(page.get_by_test_id("dd-submit")).to_have_text("Confirm and pay €22.49")
    shots(context, page, "directdebit", "dd-form")

    # Nothing filled in: every field says so.
    page.get_by_test_id("dd-submit").click()
    required = SHOP["directDebit"]["fieldErrors"]["required"]
    expect(page.get_by_test_id("dd-account_holder-error")).to_have_text(required)
    expect(page.get_by_test_id("dd-iban-error")).to_have_text(required)
    expect(page.get_by_test_id("dd-consent-error")).to_have_text(
        SHOP["directDebit"]["fieldErrors"]["consent_required"])
    expect(page.get_by_test_id("delivery-consent-error")).to_have_text(
        SHOP["errors"]["delivery_consent_required"])

    page.get_by_test_id("dd-account_holder").fill("Jan de Vries")
    iban = page.get_by_test_id("dd-iban")
    iban.press_sequentially("nl91abna0417164300")
    expect(iban).to_have_value("NL91 ABNA 0417 1643 00")
    page.get_by_test_id("dd-street").fill("Keizersgracht")
    page.get_by_test_id("dd-house_number").fill("12")
    page.get_by_test_id("dd-postcode").fill("1015 AA")
    page.get_by_test_id("dd-city").fill("Amsterdam")
    page.get_by_test_id("dd-phone").fill("0612345678")

    # The code by SMS (a file in var/sms on the live server); resending waits 30 s.
    page.get_by_test_id("dd-send-code").click()
    # The mandate is a step-up change (issue 33.5): "Confirm it's you" first.
    dialog = page.get_by_test_id("confirm-its-you")
    dialog.locator("#confirm-its-you-password").fill("zomer aan zee 2026")
    dialog.get_by_test_id("confirm-its-you-submit").click()
    expect(page.get_by_test_id("dd-code-sent")).to_contain_text("+31612345678")
    expect(page.get_by_test_id("dd-resend-code")).to_be_disabled()
    code = newest_sms_code(live_var)
    page.get_by_test_id("dd-consent").check()
    page.get_by_test_id("delivery-consent").check()  # the order's tick (issue 34.1)

    # A wrong code is refused in words.
    page.get_by_test_id("dd-sms_code").fill("000000" if code != "000000" else "111111")
    page.get_by_test_id("dd-submit").click()
    expect(page.get_by_test_id("dd-sms_code-error")).to_have_text(SHOP["errors"]["sms_code_invalid"])
    page.wait_for_load_state("networkidle")
    screenshot(page, "shop-directdebit-code-en-1280")

    # The right code signs the mandate; the order waits for the collection.
    page.get_by_test_id("dd-sms_code").fill(code)
    page.get_by_test_id("dd-submit").click()
    expect(page).to_have_url(re.compile(r"/credits/\d+/directdebit\?order=\d+$"))
    pending = page.get_by_test_id("payment-pending")
    expect(pending).to_be_visible(timeout=SETTLED_MS)
    expect(pending).to_contain_text(SHOP["result"]["pendingTitle"])
    expect(pending).to_contain_text(SHOP["result"]["pendingDirectDebit"])
    page.wait_for_load_state("networkidle")
    screenshot(page, "shop-directdebit-pending-en-1280")
    after = user(page)
    assert after["credits"] == before["credits"]
    assert after["paid_user"] is False
    context.close()
