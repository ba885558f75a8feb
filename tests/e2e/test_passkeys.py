"""Passkeys in Chromium (issue 33.1), with its virtual authenticator (DevTools WebAuthn
domain: a platform authenticator that keeps discoverable credentials and verifies the
user): a new member signs up, adds a passkey in the settings after confirming it is them,
logs out, and logs in with the passkey without typing the e-mail address.

WebAuthn needs a secure context and a domain for its relying party: the live server is
reached as http://localhost (secure, and a valid relying-party id), which the server
serves as its default site."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, new_context
from tests.e2e.test_accounts import Texts, mail_link, sign_up
from tests.e2e.test_foundation import enter_site

SHOTS = Path("/work/notes/shots")
PHONE: ViewportSize = {"width": 390, "height": 844}
PASSWORD = "zomer aan zee 2026"


def _authenticator(page: Page) -> tuple[Any, str]:
    """A virtual passkey device for this page: an internal (platform) authenticator with
    resident keys that verifies its user, as a phone with a fingerprint does."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("WebAuthn.enable")
    added = devtools.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True,
        "automaticPresenceSimulation": True}})
    return devtools, added["authenticatorId"]


def _shot(page: Page, name: str, locator: str | None = None) -> None:
    """The whole page, or the screen from ``locator`` down (as the member sees it, under
    the sticky header and above the phone's tab bar)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = str(SHOTS / f"passkey-{name}.png")
    if locator:
        page.locator(locator).evaluate(
            "node => { node.scrollIntoView({block: 'start', behavior: 'instant'});"
            " window.scrollBy({top: -72, behavior: 'instant'}); }")
    page.screenshot(path=path, full_page=locator is None)


def test_sign_up_add_a_passkey_log_out_and_log_in_with_it(
        browser: Browser, live_server: str, live_var: Path) -> None:
    t = Texts("en")
    site = live_server.replace("127.0.0.1", "localhost")
    address = f"pia.{uuid.uuid4().hex[:8]}@example.com"
    context = new_context(browser, DESKTOP, locale="en-GB")
    page = context.new_page()
    devtools, authenticator = _authenticator(page)

    page.goto(f"{site}/signup")
    enter_site(page)
    sign_up(page, t, address, PASSWORD)
    expect(page).to_have_url(re.compile("/(signup-matches|complete-signup)"))
    # The activation link, opened on the host this browser uses.
    page.goto(re.sub(r"^https?://[^/]+", site, mail_link(live_var, address, 1)))
    expect(page.get_by_test_id("activation-continue")).to_be_visible()

    page.goto(f"{site}/settings")
    section = page.locator("#settings-passkeys")
    expect(section.get_by_test_id("passkeys-none")).to_have_text(t("passkeys.none"))
    section.get_by_test_id("passkeys-add").click()
    name = section.get_by_label(t("passkeys.name"), exact=True)
    expect(name).to_have_value("Passkey 1")
    name.fill("Pia's laptop")
    section.get_by_test_id("passkeys-add-submit").click()
    # Adding one needs the password again (the step-up), then it goes on by itself.
    step_up = section.get_by_test_id("passkeys-step-up")
    expect(step_up).to_be_visible()
    expect(step_up.get_by_test_id("passkeys-step-up-passkey")).to_have_count(0)  # none yet
    _shot(page, "step-up-desktop", "#settings-passkeys")
    step_up.get_by_label(t("fields.currentPassword"), exact=True).fill(PASSWORD)
    step_up.get_by_test_id("passkeys-step-up-submit").click()
    expect(section.get_by_test_id("passkeys-result")).to_contain_text(
        t("passkeys.addedNow").replace("{{name}}", "Pia's laptop"))
    expect(section.get_by_test_id("passkey-name")).to_have_text(["Pia's laptop"])
    expect(section.get_by_test_id("passkey")).to_contain_text(
        f"{t('passkeys.lastUsed').replace('{{date}}', t('passkeys.neverUsed'))}")
    stored = devtools.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    assert [(c["isResidentCredential"], c["rpId"]) for c in stored["credentials"]] == [
        (True, "localhost")]
    _shot(page, "settings-desktop", "#settings-passkeys")
    page.set_viewport_size(PHONE)
    _shot(page, "settings-phone", "#settings-passkeys")
    page.set_viewport_size(DESKTOP)

    account = re.compile("^" + re.escape(t("nav.account", "common")))

    def log_out() -> None:
        page.get_by_role("button", name=account).click()
        page.get_by_test_id("logout").click()
        expect(page.get_by_role("button", name=account)).to_have_count(0)

    # Where the browser offers passkeys among the e-mail field's suggestions (conditional
    # UI), the virtual device, which needs no one to pick, answers that offer at once.
    log_out()
    page.goto(f"{site}/login")
    expect(page.get_by_role("button", name=account)).to_be_visible()
    expect(page).to_have_url(re.compile("/members"))

    # A browser without that offer: the button, and still no address typed.
    log_out()
    page.add_init_script(
        "PublicKeyCredential.isConditionalMediationAvailable = async () => false;")
    page.goto(f"{site}/login")
    button = page.get_by_test_id("passkey-login")
    expect(button).to_have_text(t("passkeys.login.button"))
    _shot(page, "login-desktop")
    page.set_viewport_size(PHONE)
    _shot(page, "login-phone")
    page.set_viewport_size(DESKTOP)
    expect(page).to_have_url(re.compile("/login"))
    expect(page.get_by_label(t("fields.email"), exact=True)).to_have_value("")
    button.click()
    expect(page.get_by_role("button", name=account)).to_be_visible()
    assert page.evaluate("fetch('/api/user').then(r => r.json()).then(d => d.user.email)") \
        == address

    # The settings say when it was last used; renaming needs no password.
    page.goto(f"{site}/settings")
    row = page.locator("#settings-passkeys").get_by_test_id("passkey")
    expect(row).not_to_contain_text(t("passkeys.neverUsed"))
    row.get_by_test_id("passkey-rename").click()
    row.get_by_label(t("passkeys.name"), exact=True).fill("Work laptop")
    row.get_by_test_id("passkey-rename-save").click()
    expect(row.get_by_test_id("passkey-name")).to_have_text("Work laptop")
    context.close()


def test_closing_the_browsers_dialog_is_a_line_not_an_error_page(
        browser: Browser, live_server: str) -> None:
    """No passkey on this device for the site (the dialog finds none and is closed): the
    login page says so in a sentence and keeps the password form."""
    t = Texts("en")
    site = live_server.replace("127.0.0.1", "localhost")
    context = new_context(browser, DESKTOP, locale="en-GB")
    page = context.new_page()
    devtools, _ = _authenticator(page)
    page.goto(f"{site}/login")
    enter_site(page)
    page.get_by_test_id("passkey-login").click()
    expect(page.get_by_test_id("passkey-login-error")).to_have_text(
        t("errors.passkey_cancelled", "common"), timeout=90_000)
    expect(page.get_by_test_id("login-submit")).to_be_visible()
    context.close()
