"""Withdrawal from a purchase (issue 34.2) in Chromium: a member buys credits twice with
the sandbox, spends some by sending messages, and withdraws from each purchase with the
"Withdraw from contract here" button: a confirmation that says what comes back, then
the confirmation screen; the refund and the balance agree with the server. At desktop
and phone widths (one purchase each), with screenshots of every step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import ROOT, new_context
from tests.e2e.test_shop import SETTLED_MS, SHOP, fresh_member, pay_in_sandbox, user

SHOTS = Path("/work/notes/shots") if Path("/work/notes").is_dir() else (
    ROOT / "test-results" / "screenshots")
PHONE: ViewportSize = {"width": 390, "height": 844}
WITHDRAWAL = SHOP["withdrawal"]


def shot(page: Page, name: str, focus: str) -> None:
    """The screen as the member sees it, scrolled to what matters (a full-page picture
    would draw the fixed navigation over it)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_load_state("networkidle")
    page.get_by_test_id(focus).evaluate(  # its top just below the navigation, at once
        "e => window.scrollTo({top: e.getBoundingClientRect().top + window.scrollY - 140,"
        " behavior: 'instant'})")
    page.screenshot(path=str(SHOTS / f"withdraw-{name}.png"))


def api(page: Page, method: str, path: str, body: object = None) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate(
        """([method, path, body]) => fetch(path, {method, headers: {'Content-Type':
             'application/json', 'X-Client': 'web'}, body: body === null ? undefined :
             JSON.stringify(body)}).then(async r => ({status: r.status, body: await r.json()}))""",
        [method, path, body])
    return answer


def buy(page: Page, live_server: str) -> int:
    """The first bundle, paid with iDEAL in the sandbox; its order once it is paid."""
    started = api(page, "POST", "/api/orders", {
        "bundle": api(page, "GET", "/api/bundles")["body"]["bundles"][0]["id"],
        "method": "ideal", "delivery_consent": True})
    assert started["status"] == 201, started
    page.goto(started["body"]["checkout_url"])
    pay_in_sandbox(page, "paid")
    expect(page.get_by_test_id("payment-completed")).to_be_visible(timeout=SETTLED_MS)
    return int(started["body"]["order"])


def withdraw(page: Page, live_server: str, order: int, name: str) -> dict[str, Any]:
    """Button, confirmation step, confirmation screen; what the server previewed."""
    preview: dict[str, Any] = api(page, "GET", f"/api/orders/{order}/withdrawal")["body"]
    assert preview["withdrawable"] is True, preview
    page.goto(f"{live_server}/transactions/{order}")
    button = page.get_by_test_id("withdrawal-button")
    expect(button).to_have_text(WITHDRAWAL["button"])
    expect(page.get_by_test_id("withdrawal")).to_contain_text(
        WITHDRAWAL["until"].split("{{")[0])
    shot(page, f"button-{name}", "withdrawal")

    button.click()
    confirm = page.get_by_test_id("withdrawal-confirm")
    expect(confirm).to_contain_text(WITHDRAWAL["title"])
    refund = f"€{preview['refund'] // 100}.{preview['refund'] % 100:02d}"
    expect(confirm).to_contain_text(refund)
    expect(confirm).to_contain_text(f"{WITHDRAWAL['unused']}{preview['unused']}")
    expect(confirm).to_contain_text(f"{WITHDRAWAL['used']}{preview['used']}")
    submit = page.get_by_test_id("withdrawal-submit")
    expect(submit).to_have_text(WITHDRAWAL["confirm"])
    shot(page, f"confirm-{name}", "withdrawal-confirm")
    # Cancel leaves everything as it was; the button is back.
    page.get_by_test_id("withdrawal-cancel").click()
    expect(page.get_by_test_id("withdrawal-button")).to_be_visible()
    page.get_by_test_id("withdrawal-button").click()

    page.get_by_test_id("withdrawal-submit").click()
    done = page.get_by_test_id("withdrawal-done")
    expect(done).to_contain_text(WITHDRAWAL["doneTitle"])
    expect(done).to_contain_text(f"{refund} has been refunded to your payment method")
    expect(done).to_contain_text(WITHDRAWAL["mailed"])
    if preview["refund"] == preview["paid"]:  # all of it back: the order above says so
        expect(page.get_by_test_id("transaction-detail").get_by_test_id("order-status")
               ).to_have_attribute("data-status", "refunded")
    shot(page, f"done-{name}", "withdrawal-done")
    return preview


def test_withdrawing_from_two_purchases_refunds_the_unused_credits(
        browser: Browser, live_server: str, live_var: Path) -> None:
    context, page = fresh_member(browser, live_server, live_var)
    bonus = int(user(page)["credits"])
    first = buy(page, live_server)
    second = buy(page, live_server)
    bought = int(user(page)["credits"]) - bonus
    each = bought // 2

    # Three messages to someone: the sign-up bonus goes first, then the first purchase.
    someone = api(page, "GET", "/api/members")["body"]["results"][0]["id"]
    for text in ("Hoi!", "Hoe gaat het?", "Zin in koffie?"):
        sent = api(page, "POST", f"/api/members/{someone}/messages", {"text": text})
        assert sent["status"] in (200, 201), sent
    left = int(user(page)["credits"])
    spent = bonus + bought - left
    assert spent > bonus, (spent, bonus)  # some of the first purchase is used

    preview = withdraw(page, live_server, first, "1280")
    assert (preview["unused"], preview["used"]) == (each - (spent - bonus), spent - bonus)
    assert user(page)["credits"] == left - preview["unused"]
    expect(page.get_by_test_id("withdrawal-done")).to_contain_text(
        f"{WITHDRAWAL['balanceNow']}{left - preview['unused']}")
    # Back later: no button, what was done instead.
    page.reload()
    expect(page.get_by_test_id("withdrawal-kept")).to_contain_text(
        WITHDRAWAL["withdrawnOn"].split("{{")[0])
    expect(page.get_by_test_id("withdrawal-button")).to_have_count(0)
    refused = api(page, "POST", f"/api/orders/{first}/withdrawal")
    assert refused["status"] == 409 and refused["body"]["error"] == "already_withdrawn"

    # On a phone: the second purchase, none of it used, all of its money back.
    phone = new_context(browser, PHONE, storage_state=context.storage_state())
    small = phone.new_page()
    small.goto(f"{live_server}/transactions")
    second_preview = withdraw(small, live_server, second, "390")
    assert second_preview["unused"] == each and second_preview["used"] == 0
    assert second_preview["refund"] == second_preview["paid"]
    assert user(small)["credits"] == 0
    rows = small.get_by_test_id("order-row")
    small.goto(f"{live_server}/transactions")
    expect(rows.first.get_by_test_id("order-status")).to_have_attribute("data-status",
                                                                        "refunded")
    shot(small, "list-390", "transactions-list")
    phone.close()
    context.close()
