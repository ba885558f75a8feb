"""Undo for the owner (issue 33.4) with the step-up (issue 33.5), in Chromium on a phone and
a desktop: Lotte, signed in on two devices, changes her address in the settings ("Confirm
it's you" asks for the password once); the old address's mail has an undo link; opened
without a login it gives the address back, signs both devices out and asks for a new
password, with which she signs in. The old password no longer works."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, new_context
from tests.e2e.test_accounts import Texts, mail_link, sign_up
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import wait_until
from tests.mails import plain_text, read_mail

SHOTS = Path("/work/notes/shots")
UNDO_LINK = re.compile(r"https?://\S+/undo\?token=[\w-]+")


def undo_link(var: Path, to: str) -> str:
    """The undo link mailed to ``to`` (the address the account had)."""
    def link() -> str | None:
        for path in sorted((var / "mail").glob("*.eml"), key=lambda p: p.stat().st_mtime_ns):
            mail = read_mail(path)
            if mail["To"] == to:
                found = UNDO_LINK.search(plain_text(mail))
                if found:
                    return found.group(0)
        return None

    return wait_until(link, f"an undo link mailed to {to}")


def shot(page: Page, name: str) -> None:
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / f"undo-{name}.png"), full_page=False)


def log_in(page: Page, t: Texts, live_server: str, address: str, password: str) -> None:
    page.goto(f"{live_server}/login")
    page.get_by_label(t("fields.email"), exact=True).fill(address)
    page.get_by_label(t("fields.password"), exact=True).fill(password)
    page.get_by_test_id("login-submit").click()


@pytest.mark.parametrize(("device", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_owner_undoes_an_address_change_and_sets_a_new_password(
        browser: Browser, live_server: str, live_var: Path, device: str,
        viewport: ViewportSize) -> None:
    t = Texts("en")
    address = f"lotte.{uuid.uuid4().hex[:8]}@example.com"
    moved = f"someone.{uuid.uuid4().hex[:8]}@example.net"
    password, new_password = "summer by the sea 2026", "autumn in the woods 2027"
    account = re.compile("^" + re.escape(t("nav.account", "common")))

    here = new_context(browser, viewport).new_page()
    here.goto(f"{live_server}/signup")
    enter_site(here)
    sign_up(here, t, address, password)
    expect(here).to_have_url(re.compile("/(signup-matches|complete-signup)"))
    here.goto(mail_link(live_var, address, 1))  # activated
    expect(here.get_by_test_id("activation-continue")).to_be_visible()
    there = new_context(browser, DESKTOP).new_page()  # her other device
    there.goto(f"{live_server}/login")
    enter_site(there)
    log_in(there, t, live_server, address, password)
    expect(there.get_by_role("button", name=account)).to_be_visible()

    # The new address: one password prompt, in "Confirm it's you".
    here.goto(f"{live_server}/settings")
    here.get_by_test_id("settings-email-change").click()
    here.get_by_label(t("fields.newEmail"), exact=True).fill(moved)
    here.get_by_test_id("settings-email-submit").click()
    dialog = here.get_by_test_id("confirm-its-you")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(t("stepUp.title"))
    here.wait_for_function(  # faded in: the screenshot shows it as the member does
        "() => getComputedStyle(document.querySelector('.confirm-its-you')).opacity === '1'")
    shot(here, f"confirm-dialog-{device}")
    dialog.get_by_label(t("fields.currentPassword"), exact=True).fill("not my password")
    dialog.get_by_test_id("confirm-its-you-submit").click()
    expect(dialog).to_contain_text(t("errors.password_wrong", "common"))
    dialog.get_by_label(t("fields.currentPassword"), exact=True).fill(password)
    dialog.get_by_test_id("confirm-its-you-submit").click()
    expect(here.get_by_test_id("settings-email-result")).to_contain_text(moved)
    expect(dialog).to_have_count(0)
    here.goto(mail_link(live_var, moved, 1))  # the new address confirmed
    expect(here.get_by_test_id("mail-change-done")).to_be_visible()

    # The old address's mail, opened where nobody is signed in.
    owner = new_context(browser, viewport).new_page()
    owner.goto(undo_link(live_var, address))
    enter_site(owner)
    expect(owner.get_by_test_id("undo-page")).to_contain_text(t("undo.stepSignOut"))
    shot(owner, f"page-{device}")
    owner.get_by_test_id("undo-submit").click()
    expect(owner.get_by_test_id("undo-done-alert")).to_contain_text(address)
    owner.get_by_label(t("fields.newPassword"), exact=True).fill("password1234")
    owner.get_by_label(t("fields.repeatPassword"), exact=True).fill("password1234")
    owner.get_by_test_id("undo-password-submit").click()
    expect(owner.locator("#undo-password-password-error")).to_be_visible()
    shot(owner, f"new-password-{device}")
    owner.get_by_label(t("fields.newPassword"), exact=True).fill(new_password)
    owner.get_by_label(t("fields.repeatPassword"), exact=True).fill(new_password)
    owner.get_by_test_id("undo-password-submit").click()
    expect(owner).to_have_url(re.compile(r"/login\?password_reset=1"))

    # Signed out everywhere; the old password is void; the new one signs her in.
    for page in (here, there):
        page.goto(f"{live_server}/settings")
        expect(page).to_have_url(re.compile("/login"))
    log_in(owner, t, live_server, address, password)
    expect(owner.get_by_test_id("login-error")).to_contain_text(
        t("errors.login_failed", "common"))
    log_in(owner, t, live_server, address, new_password)
    expect(owner.get_by_role("button", name=account)).to_be_visible()
    owner.goto(f"{live_server}/settings")
    expect(owner.get_by_test_id("settings-email-current")).to_have_text(address)
    # The link worked once.
    spent = new_context(browser, viewport).new_page()
    spent.goto(undo_link(live_var, address))
    enter_site(spent)
    spent.get_by_test_id("undo-submit").click()
    expect(spent.get_by_test_id("undo-error")).to_contain_text(
        t("errors.undo_link_invalid", "common"))
    if device == "phone":
        shot(spent, "spent-link-phone")
    for page in (here, there, owner, spent):
        page.context.close()
