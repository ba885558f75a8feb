"""The members' privacy controls (issue 21), as a member uses them, on a phone and on a
desktop: quiet mode and "Download my data" in the settings, the appeal on the ban page,
and a report that takes messages of the conversation along."""

from __future__ import annotations

import io
import json
import re
import uuid
import zipfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    ROOT,
    choose_radio,
    new_context,
    reload_until_banned,
    screenshot,
)
from tests.e2e.test_chat import amora, join
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import wait_until
from tests.mails import plain_text, read_mail

SIZES = [pytest.param(PHONE, id="375"), pytest.param(DESKTOP, id="1280")]
PASSWORD = "zomer aan zee 2026"  # what test_chat.join signs up with


def _texts(namespace: str) -> dict[str, Any]:
    path = ROOT / "web" / "src" / "locales" / "en" / f"{namespace}.json"
    answer: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return answer


ACCOUNT, LEGAL, COMPLAINTS = _texts("account"), _texts("legal"), _texts("complaints")


def _export_link(var: Path, to: str) -> str:
    """The link in the newest data-export mail to ``to``, once the job has sent it."""
    def newest_link() -> str | None:
        for path in sorted((var / "mail").glob("*.eml"), key=lambda p: p.stat().st_mtime_ns,
                           reverse=True):
            mail = read_mail(path)
            link = re.search(r"https?://\S+/my-data\?token=[\w-]+", plain_text(mail))
            if mail["To"] == to and link:
                return link.group(0)
        return None

    return wait_until(newest_link, f"an export link mailed to {to}")


def _me(page: Page) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate(
        "fetch('/api/user', {headers: {'X-Client': 'web'}}).then(r => r.json()).then(d => d.user)")
    return answer


@pytest.mark.parametrize("viewport", SIZES)
def test_quiet_mode_and_download_my_data(browser: Browser, live_server: str, live_var: Path,
                                         viewport: ViewportSize) -> None:
    width = viewport["width"]
    page, _ = join(browser, live_server, live_var, "Quinn", True, viewport)
    page.goto(f"{live_server}/settings")
    quiet = ACCOUNT["settings"]["quiet"]
    receipts = page.get_by_role("switch", name=quiet["share_read_receipts"])
    expect(receipts).to_be_checked()
    receipts.click()
    expect(receipts).not_to_be_checked()
    page.get_by_role("switch", name=quiet["show_online"]).click()
    expect(page.get_by_role("switch", name=quiet["show_online"])).not_to_be_checked()
    page.reload()  # kept on the account, not just on screen
    expect(page.get_by_role("switch", name=quiet["share_read_receipts"])).not_to_be_checked()
    expect(page.get_by_role("switch", name=quiet["share_typing"])).to_be_checked()
    assert (_me(page)["share_read_receipts"], _me(page)["show_online"]) == (False, False)
    page.locator("#settings-quiet").scroll_into_view_if_needed()
    screenshot(page, f"privacy-settings-quiet-{width}")

    export = ACCOUNT["settings"]["export"]
    page.get_by_test_id("settings-export-start").click()
    # A step-up change (issue 33.5): "Confirm it's you" asks for the password.
    dialog = page.get_by_test_id("confirm-its-you")
    dialog.get_by_test_id("confirm-its-you-submit").click()  # no password yet: asked for it
    expect(page.locator("#confirm-its-you-password")).to_have_attribute("aria-invalid", "true")
    page.locator("#confirm-its-you-password").fill(PASSWORD)
    dialog.get_by_test_id("confirm-its-you-submit").click()
    expect(page.get_by_test_id("settings-export-result")).to_have_text(export["mailed"])
    page.locator("#settings-export").scroll_into_view_if_needed()
    screenshot(page, f"privacy-settings-export-{width}")

    page.goto(_export_link(live_var, _me(page)["email"]))  # a job built it and mailed the link
    with page.expect_download() as download:
        page.get_by_test_id("my-data-download").click()
    copy = zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes()))
    assert re.fullmatch(r"my-data-\d{4}-\d\d-\d\d\.zip", download.value.suggested_filename)
    assert {"account.json", "profile.json", "messages.json", "consents.json"} <= set(
        copy.namelist())
    assert json.loads(copy.read("account.json"))[0]["share_read_receipts"] is False
    expect(page.get_by_test_id("my-data-result")).to_have_text(export["downloaded"])
    screenshot(page, f"privacy-my-data-downloaded-{width}")
    page.context.close()


@pytest.mark.parametrize("viewport", SIZES)
def test_a_banned_member_appeals_once_from_the_ban_page(
        browser: Browser, live_server: str, live_var: Path, viewport: ViewportSize) -> None:
    width = viewport["width"]
    page, member = join(browser, live_server, live_var, "Bram", False, viewport)
    address = _me(page)["email"]
    amora(live_var, "members", "ban", str(member), "--reason", "spam", "--ground", "terms:spam",
          "--actor", "e2e")
    reload_until_banned(page)
    form = LEGAL["appealForm"]

    def appeal(text: str) -> None:
        page.get_by_label(form["email"]).fill(address)
        page.get_by_label(form["password"], exact=True).fill(PASSWORD)
        page.get_by_label(form["text"]).fill(text)
        page.get_by_test_id("appeal-submit").click()

    appeal("Too short")
    expect(page.get_by_text(form["tooShort"].replace("{{min}}", "10"))).to_be_visible()
    page.get_by_test_id("appeal-form").scroll_into_view_if_needed()
    screenshot(page, f"privacy-ban-appeal-form-{width}")
    appeal("My brother used my phone that evening; it will not happen again.")
    expect(page.get_by_test_id("appeal-sent")).to_contain_text(form["sent"])
    screenshot(page, f"privacy-ban-appeal-sent-{width}")

    page.reload()  # a second appeal against the same ban is refused, in words
    appeal("Please look at it once more, I really did nothing wrong.")
    errors = _texts("common")["errors"]
    expect(page.get_by_test_id("appeal-error")).to_have_text(errors["appeal_exists"])
    page.context.close()


@pytest.mark.parametrize("viewport", SIZES)
def test_a_report_takes_selected_messages_along(browser: Browser, live_server: str,
                                                live_var: Path, viewport: ViewportSize) -> None:
    width = viewport["width"]
    ann, ann_id = join(browser, live_server, live_var, "Anouk", True, viewport)
    rob, _ = join(browser, live_server, live_var, "Rob", False, viewport)
    sent = rob.evaluate(
        """async ([to, texts]) => {
             let last;
             for (const text of texts) {
               last = await fetch(`/api/members/${to}/messages`, {method: 'POST',
                 headers: {'Content-Type': 'application/json'},
                 body: JSON.stringify({text})}).then(r => r.json());
             }
             return last.message.conversation_id;
           }""",
        [ann_id, ["Hi there", "Why do you not answer me?", "You will regret ignoring me"]])
    rob.context.close()

    ann.goto(f"{live_server}/chats/{sent}")
    ann.get_by_test_id("chat-menu").click()
    ann.get_by_test_id("chat-menu-report").click()
    expect(ann).to_have_url(re.compile(rf"/complaints\?member=\d+&conversation={sent}$"))
    evidence = ann.get_by_test_id("complaint-evidence")
    expect(evidence.get_by_test_id("complaint-evidence-message")).to_have_count(3)
    evidence.get_by_label(re.compile("You will regret ignoring me")).check()
    evidence.get_by_label(re.compile("Why do you not answer me")).check()
    expect(ann.get_by_test_id("complaint-evidence-count")).to_have_text(
        COMPLAINTS["form"]["messagesSelected"].replace("{{count}}", "2").replace("{{max}}", "20"))
    choose_radio(ann.get_by_test_id("complaint-category-harassment"))
    ann.get_by_test_id("complaint-text").fill("He keeps writing and now he threatens me.")
    ann.get_by_test_id("complaint-good-faith").check()  # a notice in good faith (issue 30.4)
    evidence.scroll_into_view_if_needed()
    screenshot(ann, f"privacy-report-messages-{width}")
    ann.get_by_test_id("complaint-submit").click()
    expect(ann.get_by_test_id("complaint-done")).to_be_visible()
    screenshot(ann, f"privacy-report-filed-{width}")
    ann.context.close()


def test_a_spent_download_link_says_so_in_words(browser: Browser, live_server: str) -> None:
    """The mailed link of a large copy opens a page, not the API: a link that no longer
    works (used, expired or never issued: the server answers them alike) gets the
    translated reason and a way to ask again, never the raw JSON error."""
    context = new_context(browser, PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(f"{live_server}/my-data?token=spent-{uuid.uuid4().hex}")
    enter_site(page)
    german = json.loads((ROOT / "web/src/locales/de/account.json").read_text(encoding="utf-8"))
    expect(page.get_by_role("heading", name=german["myData"]["title"])).to_be_visible()
    page.get_by_role("button", name=german["settings"]["export"]["start"]).click()
    errors = json.loads((ROOT / "web/src/locales/de/common.json").read_text(encoding="utf-8"))
    expect(page.get_by_test_id("my-data-result")).to_have_text(
        errors["errors"]["export_link_invalid"])
    expect(page.get_by_role("link", name=german["myData"]["requestNew"])).to_be_visible()
    expect(page.get_by_role("button", name=german["settings"]["export"]["start"])).to_have_count(0)
    screenshot(page, "privacy-my-data-spent-375")
    context.close()
