"""Notices from anyone (issue 30.4), in Chromium on a phone and a desktop: a visitor reports a
profile's public main photo on the report form in German, with a name, an address and good
faith, and gets the acknowledgement mail at once and, after `amora complaints resolve`, the
outcome; a member reports a message from the chat and a photo from a profile."""

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

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, choose_radio, new_context, screenshot
from tests.e2e.test_chat import amora, join
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import still, wait_until
from tests.mails import plain_text, read_mail

SIZES = [pytest.param(PHONE, id="375"), pytest.param(DESKTOP, id="1280")]
NOTES_SHOTS = Path("/work/notes/shots")  # where the engineer looks at them
TEXT = "Diese Fotos stammen aus einem Modekatalog, das ist nicht die Person selbst."


def _catalog(namespace: str, language: str) -> dict[str, Any]:
    path = ROOT / "web" / "src" / "locales" / language / f"{namespace}.json"
    answer: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return answer


def _mail_texts(language: str) -> dict[str, Any]:
    path = ROOT / "adapters" / "mail" / "texts" / f"{language}.json"
    answer: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return answer


def _shot(page: Page, name: str, at: str | None = None) -> None:
    """The whole page (test-results), and for the notes what the screen shows with ``at``
    (a test id) at its top: a whole page would show the sticky header half-way down."""
    screenshot(page, name)
    if NOTES_SHOTS.is_dir():
        if at:
            page.get_by_test_id(at).evaluate(
                "element => window.scrollTo(0, element.getBoundingClientRect().top"
                " + window.scrollY - 90)")
        still(page)  # the scroll has settled before the picture
        page.screenshot(path=str(NOTES_SHOTS / f"d30-{name}.png"))


def _mail(var: Path, to: str, subject: str) -> email.message.EmailMessage:
    """The mail to ``to`` with this subject, once the job has sent it."""
    def found() -> email.message.EmailMessage | None:
        for path in (var / "mail").glob("*.eml"):
            mail = read_mail(path)
            if mail["To"] == to and mail["Subject"] == subject:
                return mail
        return None

    return wait_until(found, f"the mail '{subject}' to {to}")


def _text(mail: email.message.EmailMessage) -> str:
    return plain_text(mail)


def _member_with_photos(page: Page) -> tuple[int, str, int]:
    """A demo member whose public profile shows a main photo: id, name and the photo."""
    found = page.evaluate(
        """async () => {
             const cards = await fetch('/api/lander-members?limit=24').then(r => r.json());
             for (const card of cards.members) {
               const {profile} = await fetch(`/api/members/${card.id}/lander`)
                 .then(r => r.json());
               const open = profile.photos.filter(p => p.filename && !p.locked);
               if (open.length) return [profile.id, profile.name, open[0].id];
             }
             return null;
           }""")
    assert found, "no demo member with a public photo"
    return int(found[0]), str(found[1]), int(found[2])


@pytest.mark.parametrize("viewport", SIZES)
def test_a_visitors_report_is_acknowledged_and_later_answered(
        browser: Browser, live_server: str, live_var: Path, viewport: ViewportSize) -> None:
    width = viewport["width"]
    form, mails = _catalog("complaints", "de")["form"], _mail_texts("de")
    context = new_context(browser, viewport, locale="de-DE")
    context.add_cookies([{"name": "i18n_redirected", "value": "de", "url": live_server}])
    page = context.new_page()
    page.goto(f"{live_server}/pages/ban")
    enter_site(page)
    # The ban policy sends reports to the form, not to an address.
    reporting = page.locator("#section-reporting")
    reporting.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/complaints$"))

    member, name, photo = _member_with_photos(page)
    page.goto(f"{live_server}/complaints?member={member}&photo={photo}")
    ref = page.get_by_test_id("complaint-photo-ref")
    expect(ref).to_contain_text(form["aboutPhoto"])
    expect(page.get_by_test_id("complaint-photo-name")).to_have_text(
        form["photoOf"].replace("{{name}}", name))
    expect(ref.locator("img")).to_be_visible()
    page.get_by_test_id("complaint-submit").click()  # nothing filled in: said at each field
    expect(page.get_by_test_id("complaint-good-faith-error")).to_have_text(
        _catalog("complaints", "de")["fieldErrors"]["good_faith"]["required"])
    expect(page.get_by_test_id("complaint-name-error")).to_be_visible()

    address = f"melder.{uuid.uuid4().hex[:8]}@example.com"
    choose_radio(page.get_by_test_id("complaint-category-fake_profile"))
    page.get_by_test_id("complaint-text").fill(TEXT)
    page.get_by_test_id("complaint-name").fill("Vera Visser")
    page.get_by_test_id("complaint-email").fill(address)
    page.get_by_test_id("complaint-good-faith").check()
    expect(page.get_by_test_id("complaint-good-faith-error")).to_have_count(0)
    _shot(page, f"form-visitor-photo-{width}", at="complaint-member-ref")
    _shot(page, f"form-visitor-who-{width}", at="complaint-name")
    page.get_by_test_id("complaint-submit").click()
    expect(page.get_by_test_id("complaint-done")).to_be_visible()
    number = page.get_by_test_id("complaint-number").inner_text().lstrip("#")
    _shot(page, f"form-visitor-done-{width}", at="complaint-done")
    context.close()

    site = "Amora"
    received = _mail(live_var, address,
                     mails["notice_received"]["subject"].replace("{site}", site))
    text = _text(received)
    assert text.startswith("Hallo Vera Visser,")
    assert f"unter der Nummer {number}" in text
    assert mails["notice_received"]["item"]["photo"].replace("{site}", site) in text
    assert name not in text

    amora(live_var, "complaints", "resolve", number, "--outcome", "no_action", "--note",
          f"{name}'s own photos, checked", "--actor", "e2e.moderator")
    outcome = _text(_mail(live_var, address,
                          mails["notice_outcome"]["subject"].replace("{site}", site)))
    assert f"Meldung Nummer {number} vom " in outcome
    assert mails["notice_outcome"]["outcome"]["no_action"].replace("{site}", site) in outcome
    assert name not in outcome and "checked" not in outcome


def test_a_member_reports_a_message_and_a_photo(
        browser: Browser, live_server: str, live_var: Path) -> None:
    form, chat = _catalog("complaints", "en")["form"], _catalog("chat", "en")
    ann, ann_id = join(browser, live_server, live_var, "Annika", True, PHONE)
    rob, _ = join(browser, live_server, live_var, "Robin", False, PHONE)
    sent = rob.evaluate(
        """async (to) => fetch(`/api/members/${to}/messages`, {method: 'POST',
             headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({text: 'Send me 200 euro by bank transfer', confirmed: true})})
             .then(r => r.json())""", ann_id)["message"]
    rob.context.close()

    ann.goto(f"{live_server}/chats/{sent['conversation_id']}")
    report = ann.get_by_test_id("chat-report-message")
    expect(report).to_have_attribute("aria-label", chat["conversation"]["reportMessage"])
    _shot(ann, "chat-report-375")
    report.click()
    expect(ann).to_have_url(re.compile(rf"/complaints\?member=\d+&message={sent['id']}&"))
    expect(ann.get_by_test_id("complaint-message-ref")).to_contain_text(
        form["messageNumber"].replace("{{id}}", str(sent["id"])))
    expect(ann.get_by_test_id("complaint-message-quote")).to_have_text(
        "Send me 200 euro by bank transfer")
    expect(ann.get_by_test_id("complaint-name")).to_have_count(0)  # known by the profile
    choose_radio(ann.get_by_test_id("complaint-category-spam"))
    ann.get_by_test_id("complaint-text").fill("He asks me for money after two messages.")
    ann.get_by_test_id("complaint-good-faith").check()
    _shot(ann, "form-member-message-375", at="complaint-message-ref")
    ann.get_by_test_id("complaint-submit").click()
    expect(ann.get_by_test_id("complaint-done")).to_be_visible()
    address = ann.evaluate("fetch('/api/user').then(r => r.json()).then(d => d.user.email)")
    _mail(live_var, address, _mail_texts("en")["notice_received"]["subject"]
          .replace("{site}", "Amora"))

    # A photo on a profile: its report link leads to the form with that photo.
    ann.set_viewport_size(DESKTOP)
    member, name, photo = _member_with_photos(ann)
    ann.goto(f"{live_server}/members/{member}")
    expect(ann.get_by_test_id("report-photo")).to_be_visible()
    _shot(ann, "profile-report-photo-1280", at="gallery")
    ann.get_by_test_id("report-photo").click()
    expect(ann).to_have_url(re.compile(rf"/complaints\?member={member}&photo={photo}$"))
    expect(ann.get_by_test_id("complaint-photo-name")).to_have_text(
        form["photoOf"].replace("{{name}}", name))
    _shot(ann, "form-member-photo-1280", at="complaint-member-ref")
    ann.context.close()
