"""The member is told (issue 30.2), in Chromium on a phone and a desktop: a rejected photo
says why on the photo, in the member's language, and leads to its decision in the
Decisions section; a ban's mail names the reason, and the ban page shows it after the
address and password."""

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
from tests.e2e.test_chat import amora
from tests.e2e.test_discovery import photo_file
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import wait_until
from tests.mails import plain_text, read_mail

SIZES = [pytest.param(PHONE, id="375"), pytest.param(DESKTOP, id="1280")]
PASSWORD = "zomer aan zee 2026"
NOTES_SHOTS = Path("/work/notes/shots")  # where the engineer looks at them


def _catalog(namespace: str, language: str) -> dict[str, Any]:
    path = ROOT / "web" / "src" / "locales" / language / f"{namespace}.json"
    answer: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return answer


def _grounds(language: str) -> dict[str, Any]:
    path = ROOT / "adapters" / "texts" / "grounds" / f"{language}.json"
    answer: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return answer


def _shot(page: Page, name: str, part: str | None = None) -> None:
    """The whole page (test-results), and a copy for the notes: only ``part`` (a selector)
    where the page is long."""
    screenshot(page, name)
    if NOTES_SHOTS.is_dir():
        path = str(NOTES_SHOTS / f"b30-{name}.png")
        if part:
            page.locator(part).screenshot(path=path)
        else:
            page.screenshot(path=path, full_page=True)


def _member(browser: Browser, live_server: str, viewport: ViewportSize,
            language: str) -> tuple[Page, int, str]:
    """A new member whose language (saved and on screen) is ``language``."""
    context = new_context(browser, viewport)
    context.add_cookies([{"name": "i18n_redirected", "value": language, "url": live_server}])
    page = context.new_page()
    page.goto(f"{live_server}/pages/faq")
    enter_site(page)
    address = f"told.{uuid.uuid4().hex[:8]}@example.com"
    answer = page.evaluate(
        "body => fetch('/api/signup', {method: 'POST', headers: {'Content-Type':"
        " 'application/json'}, body: JSON.stringify(body)}).then(r => r.json())",
        {"email": address, "name": "Lena", "date_of_birth": "1990-03-14", "password": PASSWORD,
         "gender": "female", "seeking": "male", "country": "DE", "language": language})
    return page, int(answer["user"]["id"]), address


def _mail(var: Path, to: str, subject: str) -> email.message.EmailMessage:
    """The newest mail to ``to`` with this subject, once the job has sent it."""
    def newest() -> email.message.EmailMessage | None:
        for path in sorted((var / "mail").glob("*.eml"), key=lambda p: p.stat().st_mtime_ns,
                           reverse=True):
            mail = read_mail(path)
            if mail["To"] == to and mail["Subject"] == subject:
                return mail
        return None

    return wait_until(newest, f"the mail '{subject}' to {to}")


def _text(mail: email.message.EmailMessage) -> str:
    return plain_text(mail)


@pytest.mark.parametrize("viewport", SIZES)
def test_a_rejected_photo_shows_its_reason_in_german(
        browser: Browser, live_server: str, live_var: Path, tmp_path: Path,
        viewport: ViewportSize) -> None:
    width = viewport["width"]
    profile, decisions = _catalog("profile", "de"), _catalog("decisions", "de")
    page, _, address = _member(browser, live_server, viewport, "de")
    page.goto(f"{live_server}/profile")
    page.get_by_test_id("photo-upload").set_input_files(str(photo_file(tmp_path)))
    tile = page.locator("[data-testid=photo-tile][data-status=pending]")
    expect(tile).to_have_count(1)
    photo_id = tile.get_attribute("data-photo-id")
    facts = "Auf dem Foto ist eine Telefonnummer zu sehen."
    amora(live_var, "photos", "reject", str(photo_id), "--reason", "phone number",
          "--ground", "terms:photo_rules", "--facts", facts, "--actor", "e2e.moderator")

    page.reload()
    reason = page.get_by_test_id("photo-rejection")
    rule = _grounds("de")["terms"]["photo_rules"]["title"]
    expect(reason).to_contain_text(rule)
    expect(reason).to_contain_text(facts)
    expect(page.locator(f"[data-photo-id='{photo_id}']")).to_have_attribute(
        "data-status", "rejected")
    page.locator("#profile-photos").scroll_into_view_if_needed()
    _shot(page, f"photo-reason-de-{width}", "#profile-photos")

    reason.get_by_role("link", name=profile["photos"]["rejection"]["details"]).click()
    expect(page).to_have_url(re.compile(r"/decisions#decision-\d+$"))
    card = page.get_by_test_id("decision")
    expect(card).to_have_count(1)
    expect(card.get_by_role("heading")).to_have_text(decisions["restriction"]["photo_rejected"])
    expect(card.get_by_test_id("decision-facts")).to_have_text(facts)
    expect(card.get_by_test_id("decision-ground")).to_contain_text(rule)
    expect(card.get_by_test_id("decision-status")).to_have_text(
        decisions["status"]["in_force"])
    expect(card).not_to_contain_text("e2e.moderator")  # who decided stays with operators
    card.get_by_test_id("appeal-open").click()
    expect(card.get_by_label(decisions["appeal"]["label"])).to_be_visible()
    _shot(page, f"decisions-de-{width}")

    # Contested from here (POST /api/decisions/<id>/appeal): sent, then under review.
    card.get_by_label(decisions["appeal"]["label"]).fill(
        "Das ist das Schild meines Ladens, keine private Nummer.")
    card.get_by_test_id("appeal-submit").click()
    expect(card.get_by_test_id("appeal-sent")).to_have_text(decisions["appeal"]["sent"])
    page.reload()
    expect(card.get_by_test_id("decision-appeal")).to_have_attribute("data-status", "open")
    expect(card.get_by_test_id("appeal-open")).to_have_count(0)  # one open appeal at a time
    _shot(page, f"decisions-appealed-de-{width}", "[data-testid=decision]")

    # The mail says the same, in German, and leads to the Decisions section.
    mail = _text(_mail(live_var, address, "Amora: unsere Entscheidung und ihre Gründe"))
    assert "Wir haben eines deiner Fotos abgelehnt" in mail and facts in mail
    assert f"{rule} – " in mail and "/decisions" in mail and "e2e.moderator" not in mail
    page.context.close()


@pytest.mark.parametrize("viewport", SIZES)
def test_a_ban_mail_names_the_reason_and_the_ban_page_shows_it(
        browser: Browser, live_server: str, live_var: Path, viewport: ViewportSize) -> None:
    width = viewport["width"]
    legal, decisions = _catalog("legal", "en"), _catalog("decisions", "en")
    page, member, address = _member(browser, live_server, viewport, "en")
    page.goto(f"{live_server}/members")
    facts = "You sent the same link to 40 members within an hour."
    amora(live_var, "members", "ban", str(member), "--reason", "spam", "--ground", "terms:spam",
          "--facts", facts, "--actor", "e2e.moderator")

    mail = _text(_mail(live_var, address, "Amora: our decision and the reasons for it"))
    assert "We have suspended your Amora account: you can no longer log in." in mail
    assert f"The facts: {facts}" in mail
    spam = _grounds("en")["terms"]["spam"]
    assert f"The rule of our terms: {spam['title']} – {spam['text']}" in mail
    assert "/pages/ban" in mail and "e2e.moderator" not in mail

    reload_until_banned(page)
    page.get_by_label(legal["appealForm"]["email"]).fill(address)
    page.get_by_label(legal["appealForm"]["password"], exact=True).fill(PASSWORD)
    page.get_by_test_id("ban-reasons-show").click()
    card = page.get_by_test_id("decision")
    expect(card.get_by_role("heading")).to_have_text(decisions["restriction"]["ban"])
    expect(card.get_by_test_id("decision-facts")).to_have_text(facts)
    expect(card.get_by_test_id("decision-ground")).to_contain_text(spam["title"])
    card.scroll_into_view_if_needed()
    _shot(page, f"ban-reasons-en-{width}", "[data-testid=appeal-form]")
    page.context.close()
