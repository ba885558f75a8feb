"""The scam shield in Chromium (issue 31.2), in Dutch on a phone and in German on a desktop:
a member's message asking to move to WhatsApp and for money by Western Union is not sent
but nudges him (what was found, marked in his text); he edits, sends it anyway, and the
recipient sees it with the warning, reports it with one tap and finds the safety page.
The report holds the sender: his next message waits for review."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, new_context, screenshot
from tests.e2e.test_accessibility import AXE, BLOCKING, report
from tests.e2e.test_accounts import mail_link
from tests.e2e.test_foundation import enter_site

NOTES_SHOTS = Path("/work/notes/shots")  # where the engineer looks at them
PASSWORD = "zomer aan zee 2026"
LURES = {
    "nl": "Voeg me toe op WhatsApp 0612345678, ik zit vast op het vliegveld. "
          "Kun je 300 euro sturen via Western Union?",
    "de": "Schreib mir auf WhatsApp 01761234567, ich stecke am Flughafen fest. "
          "Kannst du mir 300 Euro per Western Union schicken?",
}
COUNTRY = {"nl": "NL", "de": "DE"}


def _catalog(namespace: str, language: str) -> dict[str, Any]:
    path = ROOT / "web" / "src" / "locales" / language / f"{namespace}.json"
    answer: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return answer


def _shot(page: Page, name: str) -> None:
    screenshot(page, name)
    if NOTES_SHOTS.is_dir():
        page.screenshot(path=str(NOTES_SHOTS / f"shield-e2e-{name}.png"))


def _assert_accessible(page: Page, selector: str, what: str) -> None:
    """No serious or critical axe violation in ``selector`` (the screen part this test is
    about; the conversation list beside it on a desktop is the chat list's own)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async (selector) => {
            const result = await axe.run({ include: [selector] }, { resultTypes: ['violations'] });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`),
            }));
        }""", selector)
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert not blocking, f"axe on {what}:\n{report(blocking)}"


def _member(browser: Browser, live_server: str, live_var: Path, viewport: ViewportSize,
            language: str, name: str, woman: bool) -> tuple[Page, int]:
    """A new member in ``language``, signed up and activated from the mail (only then can
    they write)."""
    context = new_context(browser, viewport, bypass_csp=True)  # axe is injected
    context.add_cookies([{"name": "i18n_redirected", "value": language, "url": live_server}])
    page = context.new_page()
    page.goto(f"{live_server}/pages/faq")
    enter_site(page)
    address = f"{name.lower()}.{uuid.uuid4().hex[:8]}@example.com"
    answer = page.evaluate(
        "body => fetch('/api/signup', {method: 'POST', headers: {'Content-Type':"
        " 'application/json'}, body: JSON.stringify(body)}).then(r => r.json())",
        {"email": address, "name": name, "date_of_birth": "1990-03-14", "password": PASSWORD,
         "gender": "female" if woman else "male", "seeking": "male" if woman else "female",
         "country": COUNTRY[language], "language": language})
    page.goto(mail_link(live_var, address, 1))
    expect(page.get_by_test_id("activation-continue")).to_be_visible()
    return page, int(answer["user"]["id"])


@pytest.mark.parametrize(("language", "viewport"), [
    pytest.param("nl", PHONE, id="nl-375"), pytest.param("de", DESKTOP, id="de-1280")])
def test_a_flagged_message_nudges_its_sender_and_warns_its_recipient(
        browser: Browser, live_server: str, live_var: Path, language: str,
        viewport: ViewportSize) -> None:
    chat, safety = _catalog("chat", language), _catalog("safety", language)
    shield, width = chat["shield"], viewport["width"]
    lure = LURES[language]
    tom, _ = _member(browser, live_server, live_var, viewport, language, "Tom", woman=False)
    eva, eva_id = _member(browser, live_server, live_var, viewport, language, "Eva", woman=True)
    site = str(tom.evaluate("fetch('/api/settings').then(r => r.json()).then(s => s.name)"))

    # Tom writes to Eva from her profile: the message is not sent, the nudge says why.
    tom.goto(f"{live_server}/members/{eva_id}/chat")
    field = tom.get_by_test_id("chat-input")
    field.fill(lure)
    field.press("Enter")
    nudge = tom.get_by_role("dialog")
    expect(nudge).to_be_visible()
    expect(nudge.get_by_role("heading")).to_have_text(shield["nudge"]["title"])
    expect(nudge).to_contain_text(shield["nudge"]["money"]["found"])
    expect(nudge).to_contain_text(shield["nudge"]["contact"]["found"])
    expect(nudge).to_contain_text(shield["nudge"]["then"].replace("{{name}}", "Eva"))
    marks = nudge.get_by_test_id("chat-nudge-mark")
    expect(marks.first).to_contain_text("WhatsApp")
    expect(marks.filter(has_text="Western Union")).to_have_count(1)
    expect(tom.get_by_test_id("chat-nudge-edit")).to_be_focused()
    expect(tom.get_by_test_id("chat-message")).to_have_count(0)
    _shot(tom, f"nudge-{language}-{width}")
    _assert_accessible(tom, "[role=dialog]", f"the nudge ({language}, {width})")

    # Edit: back to the field, the text kept, nothing sent.
    tom.get_by_test_id("chat-nudge-edit").click()
    expect(nudge).to_be_hidden()
    expect(field).to_have_value(lure)
    expect(field).to_be_focused()
    expect(tom.get_by_test_id("chat-message")).to_have_count(0)

    # Sent anyway: it goes out, and Tom is told Eva sees it with a warning.
    field.press("Enter")
    tom.get_by_test_id("chat-nudge-send").click()
    expect(nudge).to_be_hidden()
    mine = tom.get_by_test_id("chat-message")
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-status", "sent")
    expect(mine).to_contain_text(lure)
    expect(mine.get_by_test_id("chat-message-flagged")).to_have_text(
        shield["sentWithWarning"].replace("{{name}}", "Eva"))
    expect(field).to_have_value("")
    expect(tom).to_have_url(re.compile(r"/chats/\d+$"))
    conversation = tom.url.rsplit("/", 1)[1]

    # Eva sees it with the warning: money first, then leaving the site.
    eva.goto(f"{live_server}/chats/{conversation}")
    received = eva.get_by_test_id("chat-message")
    expect(received).to_contain_text(lure)
    warning = received.get_by_test_id("chat-shield-warning")
    money, contact = shield["warning"]["money"], shield["warning"]["contact"]
    expect(warning).to_contain_text(f"{money['title']} {money['text']}")
    expect(warning).to_contain_text(
        f"{contact['title']} {contact['text']}".replace("{{site}}", site))
    expect(warning.get_by_test_id("chat-shield-report")).to_have_text(
        shield["warning"]["report"])
    _shot(eva, f"warning-{language}-{width}")
    _assert_accessible(eva, "[data-testid=conversation]", f"the warning ({language}, {width})")

    # One tap reports it; the sender is held from then on.
    warning.get_by_test_id("chat-shield-report").click()
    expect(warning.get_by_test_id("chat-shield-reported")).to_have_text(
        shield["warning"]["reported"])
    _shot(eva, f"reported-{language}-{width}")
    tom.get_by_test_id("chat-input").fill("Hallo?")
    tom.get_by_test_id("chat-input").press("Enter")
    waiting = tom.get_by_test_id("chat-message").last
    expect(waiting).to_have_attribute("data-held", "true")
    expect(waiting.get_by_test_id("chat-message-held")).to_contain_text(shield["held"])
    expect(waiting.get_by_test_id("chat-message-held-why")).to_have_attribute(
        "href", "/decisions")
    _shot(tom, f"held-{language}-{width}")

    # The warning leads to the safety page, in the member's language.
    warning.get_by_test_id("chat-shield-safety").click()
    expect(eva).to_have_url(re.compile("/safety$"))
    expect(eva.get_by_role("heading", level=1)).to_have_text(
        safety["title"].replace("{{site}}", site))
    expect(eva.get_by_test_id("safety-rules")).to_contain_text(
        safety["rules"]["items"]["money"]["title"])
    expect(eva.get_by_test_id("safety-report").get_by_test_id("safety-report-form")) \
        .to_have_attribute("href", "/complaints")
    _assert_accessible(eva, "body", f"the safety page ({language}, {width})")
    # Eva never got the message that waits.
    eva.go_back()
    expect(eva.get_by_test_id("chat-message")).to_have_count(1)
    tom.context.close()
    eva.context.close()
