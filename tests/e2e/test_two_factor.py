"""Two-step login in Chromium (issue 33.2): a new member turns it on in the settings
(confirming it is them, reading the key under the QR code as someone without a camera
would, and typing the code pyotp computes from it), sees the ten recovery codes once,
logs out, and logs in with the password and a code; then with a recovery code, which the
next time is refused.

The live server keeps the real time: a code of the step after now is accepted
(valid_window 1) and is newer than the set-up's, so no test waits for the next 30
seconds."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import pyotp
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, new_context
from tests.e2e.test_accounts import Texts, sign_up
from tests.e2e.test_foundation import enter_site

SHOTS = Path("/work/notes/shots")
PHONE: ViewportSize = {"width": 390, "height": 844}
PASSWORD = "zomer aan zee 2026"


def _shot(page: Page, name: str, locator: str | None = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = str(SHOTS / f"totp-{name}.png")
    if locator:
        page.locator(locator).screenshot(path=path)
    else:
        page.screenshot(path=path, full_page=True)


def _both(page: Page, name: str, locator: str | None = None) -> None:
    _shot(page, f"{name}-desktop", locator)
    page.set_viewport_size(PHONE)
    _shot(page, f"{name}-phone", locator)
    page.set_viewport_size(DESKTOP)


def _log_out(page: Page, t: Texts) -> None:
    account = re.compile("^" + re.escape(t("nav.account", "common")))
    page.get_by_role("button", name=account).click()
    page.get_by_test_id("logout").click()
    expect(page.get_by_role("button", name=account)).to_have_count(0)


def _password_step(page: Page, site: str, t: Texts, address: str) -> None:
    page.goto(f"{site}/login")
    page.get_by_label(t("fields.email"), exact=True).fill(address)
    page.get_by_label(t("fields.password"), exact=True).fill(PASSWORD)
    page.get_by_test_id("login-submit").click()
    expect(page.get_by_role("heading", name=t("login.secondStep.title"))).to_be_visible()


def _signed_in_as(page: Page) -> str:
    return str(page.evaluate(
        "fetch('/api/user').then(r => r.json()).then(d => d.user ? d.user.email : null)"))


def test_turn_on_two_step_login_then_log_in_with_a_code_and_a_recovery_code(
        browser: Browser, live_server: str) -> None:
    t = Texts("en")
    site = live_server
    address = f"tess.{uuid.uuid4().hex[:8]}@example.com"
    context = new_context(browser, DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(f"{site}/signup")
    enter_site(page)
    sign_up(page, t, address, PASSWORD)
    expect(page).to_have_url(re.compile("/(signup-matches|complete-signup)"))

    page.goto(f"{site}/settings")
    section = page.locator("#settings-two-factor")
    expect(section.get_by_test_id("settings-two-factor-state")).to_have_text(
        t("settings.twoFactor.off"))
    section.get_by_test_id("settings-two-factor-on").click()
    # A step-up change: the password again first.
    dialog = page.get_by_test_id("confirm-its-you")
    dialog.get_by_label(t("fields.currentPassword"), exact=True).fill(PASSWORD)
    dialog.get_by_test_id("confirm-its-you-submit").click()
    expect(dialog).to_be_hidden()
    expect(section.get_by_test_id("settings-two-factor-qr")).to_be_visible()
    secret = section.get_by_test_id("settings-two-factor-secret").inner_text().replace(" ", "")
    assert re.fullmatch(r"[A-Z2-7]{32}", secret), secret
    section.scroll_into_view_if_needed()
    _both(page, "settings-setup", "#settings-two-factor")

    app = pyotp.TOTP(secret)
    code = section.get_by_test_id("settings-two-factor-code")
    expect(code).to_have_attribute("autocomplete", "one-time-code")
    code.fill("000000")
    section.get_by_test_id("settings-two-factor-confirm").click()
    expect(section).to_contain_text(t("errors.two_factor_code_wrong", "common"))
    code.fill(app.now())
    section.get_by_test_id("settings-two-factor-confirm").click()
    codes = section.get_by_test_id("settings-two-factor-code-item")
    expect(codes).to_have_count(10)
    recovery = codes.all_inner_texts()
    assert all(re.fullmatch(r"[a-z2-9]{5}-[a-z2-9]{5}", item) for item in recovery), recovery
    _both(page, "settings-codes", "#settings-two-factor")
    with page.expect_download() as download:
        section.get_by_test_id("settings-two-factor-download").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert all(item in saved for item in recovery) and address in saved
    section.get_by_test_id("settings-two-factor-saved").click()
    expect(section.get_by_test_id("settings-two-factor-result")).to_have_text(
        t("settings.twoFactor.turnedOn"))
    expect(section.get_by_test_id("settings-two-factor-state")).to_have_text(
        t("settings.twoFactor.on"))
    expect(section.get_by_test_id("settings-two-factor-codes")).to_have_count(0)  # once
    _both(page, "settings-on", "#settings-two-factor")

    # The password alone no longer logs in: the second step asks for the app's code.
    _log_out(page, t)
    _password_step(page, site, t, address)
    field = page.get_by_test_id("login-second-step-code")
    expect(field).to_have_attribute("autocomplete", "one-time-code")
    expect(field).to_have_attribute("inputmode", "numeric")
    assert _signed_in_as(page) == "None"
    _both(page, "login-second-step")
    field.fill(app.at(time.time() + 30))  # the next step's: newer than the set-up's
    page.get_by_test_id("login-second-step-submit").click()
    expect(page).to_have_url(re.compile("/members"))
    assert _signed_in_as(page) == address

    # A recovery code instead, typed in capitals: once.
    _log_out(page, t)
    _password_step(page, site, t, address)
    page.get_by_test_id("login-second-step-switch").click()
    page.get_by_label(t("login.secondStep.recoveryCode"), exact=True).fill(recovery[0].upper())
    _both(page, "login-recovery")
    page.get_by_test_id("login-second-step-submit").click()
    expect(page).to_have_url(re.compile("/members"))
    assert _signed_in_as(page) == address

    _log_out(page, t)
    _password_step(page, site, t, address)
    page.get_by_test_id("login-second-step-switch").click()
    page.get_by_label(t("login.secondStep.recoveryCode"), exact=True).fill(recovery[0])
    page.get_by_test_id("login-second-step-submit").click()
    expect(page.get_by_text(t("errors.two_factor_code_wrong", "common"))).to_be_visible()
    assert _signed_in_as(page) == "None"
    context.close()
