"""Where you're signed in (issue 33.3), in two browsers: a member signs in a second time
on a phone, sees it in the first browser's settings with its device and browser, ends it
from there, and the phone is signed out at once. The phone's sign-in was mailed ("was
this you?"). Screenshots of the section on a phone and on a desktop."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, SHOTS, new_context
from tests.e2e.test_accounts import Texts
from tests.e2e.test_chat import join
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import wait_until
from tests.mails import plain_text, read_mail

PASSWORD = "zomer aan zee 2026"  # what test_chat.join signs up with
PHONE_390: ViewportSize = {"width": 390, "height": 844}
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1")


def section_shot(page: Page, name: str) -> None:
    """The sessions section as the member sees it (its own box, not the whole page)."""
    section = page.locator("#settings-sessions")
    section.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    section.screenshot(path=str(SHOTS / f"{name}.png"))
    shots = Path("/work/notes/shots")
    if shots.is_dir():
        section.screenshot(path=str(shots / f"{name}.png"))


def new_device_mail(var: Path, to: str) -> str:
    """The plain text of the "was this you?" mail to ``to``, once the job has sent it."""
    def found() -> str | None:
        for path in (var / "mail").glob("*.eml"):
            mail = read_mail(path)
            text = plain_text(mail)
            if mail["To"] == to and "/sessions/end?token=" in text:
                return text
        return None

    return wait_until(found, f"the new-device mail to {to}")


def test_a_second_sign_in_is_listed_and_ended_from_the_first(
        browser: Browser, live_server: str, live_var: Path) -> None:
    t = Texts("en")
    laptop, _ = join(browser, live_server, live_var, "Sol", True, DESKTOP)
    address = laptop.evaluate("fetch('/api/user', {headers: {'X-Client': 'web'}})"
                              ".then(r => r.json()).then(d => d.user.email)")

    # The reverse proxy's GeoIP header (GEOIP_HEADER), as it would come with the phone.
    phone_context = new_context(browser, PHONE_390, user_agent=IPHONE,
                                extra_http_headers={"X-Geoip-Country": "DE"})
    phone = phone_context.new_page()
    phone_context.add_cookies([{"name": "i18n_redirected", "value": "en", "url": live_server}])
    phone.goto(f"{live_server}/login")
    enter_site(phone)
    phone.get_by_label(t("fields.email"), exact=True).fill(address)
    phone.get_by_label(t("fields.password"), exact=True).fill(PASSWORD)
    phone.get_by_test_id("login-submit").click()
    expect(phone).not_to_have_url(re.compile("/login"))
    assert "iPhone, iOS 17, Mobile Safari 17" in new_device_mail(live_var, address)

    phone.goto(f"{live_server}/settings#settings-sessions")
    phone_rows = phone.get_by_test_id("session")
    expect(phone_rows).to_have_count(2)
    expect(phone_rows.first.get_by_test_id("session-current")).to_have_text(
        t("settings.sessions.thisDevice"))
    expect(phone_rows.first.get_by_test_id("session-device")).to_have_text("iPhone (iOS 17)")
    section_shot(phone, "sessions-phone")

    laptop.goto(f"{live_server}/settings#settings-sessions")
    rows = laptop.get_by_test_id("session")
    expect(rows).to_have_count(2)
    expect(rows.first.get_by_test_id("session-current")).to_be_visible()
    other = rows.nth(1)
    expect(other.get_by_test_id("session-device")).to_have_text("iPhone (iOS 17)")
    expect(other.get_by_test_id("session-browser")).to_have_text("Mobile Safari 17")
    expect(other.get_by_test_id("session-place")).to_have_text("Germany")
    section_shot(laptop, "sessions-desktop")

    other.get_by_test_id("session-end").click()
    expect(laptop.get_by_test_id("sessions-result")).to_have_text(t("settings.sessions.ended"))
    expect(rows).to_have_count(1)
    # The phone's open page hears it over its socket and is signed out: the settings
    # send it to the login.
    expect(phone).to_have_url(re.compile("/login"))
    assert phone.evaluate("fetch('/api/user', {headers: {'X-Client': 'web'}})"
                          ".then(r => r.status)") == 403
    assert laptop.evaluate("fetch('/api/user', {headers: {'X-Client': 'web'}})"
                           ".then(r => r.status)") == 200
    phone_context.close()
    laptop.context.close()
