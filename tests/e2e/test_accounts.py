"""A new visitor signs up, activates from the captured mail, logs out, fails a login,
resets the password and logs in again — in Dutch and in English (issue 3)."""

from __future__ import annotations

import email
import email.policy
import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, new_context, reload_until_banned, screenshot
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import wait_until
from tests.mails import plain_text, read_mail


class Texts:
    """The UI's own words, read from the catalogs, so the test clicks what a member sees."""

    def __init__(self, language: str) -> None:
        folder = ROOT / "web" / "src" / "locales" / language
        self.account = json.loads((folder / "account.json").read_text(encoding="utf-8"))
        self.common = json.loads((folder / "common.json").read_text(encoding="utf-8"))

    def __call__(self, key: str, namespace: str = "account") -> str:
        value: Any = self.account if namespace == "account" else self.common
        for part in key.split("."):
            value = value[part]
        return str(value)


def mail_link(var: Path, to: str, count: int) -> str:
    """The link in the ``count``-th mail to ``to``, as the member would click it."""
    def the_mail() -> email.message.EmailMessage | None:
        mails = [read_mail(p) for p in
                 sorted((var / "mail").glob("*.eml"), key=lambda p: p.stat().st_mtime_ns)]
        mine = [m for m in mails if m["To"] == to]
        return mine[count - 1] if len(mine) >= count else None

    text = plain_text(wait_until(the_mail, f"mail {count} to {to}"))
    # The action's link, not the unsubscribe link at the bottom.
    match = re.search(r"https?://\S+(?:done|do)\?token=[\w-]+", text)
    assert match, text
    return match.group(0)


def sign_up(page: Page, t: Texts, address: str, password: str) -> None:
    for choice in (t("signup.steps.who.woman"), t("signup.steps.who.men")):
        page.locator("label.choice-card").filter(
            has_text=re.compile(rf"^\s*{re.escape(choice)}\s*$")).click()
    page.get_by_test_id("signup-next").click()
    page.get_by_label(t("signup.steps.name.label")).fill("Lotte")
    page.get_by_test_id("signup-next").click()
    page.get_by_label(t("signup.birth.day")).select_option("14")
    page.get_by_label(t("signup.birth.month")).select_option("3")
    page.get_by_label(t("signup.birth.year")).select_option("1991")
    page.get_by_test_id("signup-next").click()
    # Where the member lives is asked (issue 19.2).
    page.get_by_test_id("signup-country").select_option("NL")
    page.get_by_test_id("signup-next").click()
    page.get_by_label(t("signup.steps.email.label")).fill(address)
    page.get_by_test_id("signup-next").click()
    page.get_by_label(t("signup.steps.password.label"), exact=True).fill(password)
    page.locator(".signup-terms input[type=checkbox]").check()
    page.get_by_test_id("signup-submit").click()


@pytest.mark.parametrize(("language", "locale", "viewport"), [
    ("nl", "nl-NL", PHONE), ("en", "en-GB", DESKTOP)])
def test_signup_activation_logout_failed_login_reset_and_login(
        browser: Browser, live_server: str, live_var: Path, language: str, locale: str,
        viewport: ViewportSize) -> None:
    t = Texts(language)
    address = f"lotte.{uuid.uuid4().hex[:8]}@example.com"
    password, new_password = "zomer aan zee 2026", "herfst in het bos 2027"
    context = new_context(browser, viewport, locale=locale)
    page = context.new_page()

    page.goto(f"{live_server}/signup")
    enter_site(page)
    sign_up(page, t, address, password)
    # Members that fit the new profile come first (issue 5), then the complete step.
    expect(page).to_have_url(re.compile("/(signup-matches|complete-signup)"))
    if "/signup-matches" in page.url:
        page.get_by_test_id("signup-matches-continue").click()
    expect(page).to_have_url(re.compile("/complete-signup"))
    expect(page.locator("main")).to_contain_text(address)
    screenshot(page, f"accounts-{language}-complete")

    page.goto(mail_link(live_var, address, 1))
    expect(page.get_by_test_id("activation-continue")).to_be_visible()
    screenshot(page, f"accounts-{language}-activated")

    # The toggle's name is "<My account> <the member's name>".
    account = re.compile("^" + re.escape(t("nav.account", "common")))
    page.get_by_role("button", name=account).click()
    page.get_by_test_id("logout").click()
    expect(page.get_by_role("button", name=account)).to_have_count(0)

    page.goto(f"{live_server}/login")
    page.get_by_label(t("fields.email"), exact=True).fill(address)
    page.get_by_label(t("fields.password"), exact=True).fill("not my password")
    page.get_by_test_id("login-submit").click()
    expect(page.get_by_test_id("login-error")).to_contain_text(t("errors.login_failed", "common"))
    screenshot(page, f"accounts-{language}-login-failed")

    page.get_by_role("link", name=t("login.forgot")).click()
    expect(page).to_have_url(re.compile("/reset-password$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(t("reset.title"))
    page.get_by_label(t("fields.email"), exact=True).fill(address)
    page.get_by_test_id("reset-submit").click()
    expect(page.get_by_test_id("reset-sent")).to_be_visible()

    page.goto(mail_link(live_var, address, 2))
    expect(page.get_by_role("heading", level=1)).to_have_text(t("resetDo.title"))
    page.get_by_label(t("fields.newPassword"), exact=True).fill(new_password)
    page.get_by_label(t("fields.repeatPassword"), exact=True).fill(new_password)
    page.get_by_test_id("reset-submit").click()
    # The reset checks the password's strength (zxcvbn), hashes it, ends every session and
    # queues the undo mail: once on a box running the whole suite it took over 15 s.
    expect(page).to_have_url(re.compile(r"/login\?password_reset=1"), timeout=60_000)

    page.get_by_label(t("fields.email"), exact=True).fill(address)
    page.get_by_label(t("fields.password"), exact=True).fill(new_password)
    page.get_by_test_id("login-submit").click()
    expect(page.get_by_role("button", name=account)).to_be_visible()
    screenshot(page, f"accounts-{language}-logged-in")
    context.close()


def test_demo_member_logs_in_and_sees_settings(page: Page, live_server: str) -> None:
    # This browser chose English: Sanne's saved Dutch would follow her here (issue 19.7).
    page.context.add_cookies([{"name": "i18n_redirected", "value": "en", "url": live_server}])
    page.goto(f"{live_server}/login")
    enter_site(page)
    page.get_by_label("E-mail address", exact=True).fill("demo@example.com")
    page.get_by_label("Password", exact=True).fill("amora-demo-2026")
    page.get_by_test_id("login-submit").click()
    page.get_by_role("button", name=re.compile(r"^My account")).click()
    page.get_by_test_id("nav-settings").click()
    expect(page.get_by_test_id("settings-email-current")).to_have_text("demo@example.com")
    screenshot(page, "settings-en-1280")


def test_a_ban_ends_the_session_and_shows_the_ban_page(browser: Browser, live_server: str,
                                                      live_var: Path) -> None:
    import os
    import subprocess
    import sys

    context = new_context(browser, DESKTOP)
    page = context.new_page()
    page.goto(f"{live_server}/pages/faq")
    enter_site(page)
    # A member of this test's own: a banned demo account would be banned for the tests after.
    status = page.evaluate(
        "body => fetch('/api/signup', {method: 'POST', headers: {'Content-Type':"
        " 'application/json'}, body: JSON.stringify(body)}).then(r => r.status)",
        {"email": f"banned.{uuid.uuid4().hex[:8]}@example.com", "name": "Banned",
         "date_of_birth": "1988-06-02", "password": "zomer aan zee 2026", "gender": "male",
         "seeking": "female", "country": "NL", "language": "en"})
    assert status in (200, 201), status
    page.goto(f"{live_server}/members")
    expect(page.get_by_role("button", name=re.compile(r"^My account"))).to_be_visible()
    member = page.evaluate("fetch('/api/user').then(r => r.json()).then(d => d.user.id)")
    env = {**os.environ, "VAR_DIR": str(live_var)}
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "-m", "cli.main", "members", "ban", str(member),
                    "--reason", "e2e", "--ground", "terms:spam", "--actor", "e2e"],
                   cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    reload_until_banned(page)
    expect(page.get_by_role("button", name=re.compile(r"^My account"))).to_have_count(0)
    screenshot(page, "banned-en-1280")
    context.close()
