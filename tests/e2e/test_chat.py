"""Two new members chat in real time (issue 6): one writes from the other's profile with
an icebreaker, the other sees the unread badge, the conversation list and the typing
notice, replies, and the first runs out of free messages and credits and is offered to
buy credits — on a phone and a desktop."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, SHOTS, browser_of, new_context, screenshot
from tests.e2e.test_accounts import Texts, mail_link
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import still

CHAT = json.loads((ROOT / "web/src/locales/en/chat.json").read_text(encoding="utf-8"))


def amora(live_var: Path, *args: str) -> None:
    """The operator's command line against the live server's database."""
    env = {**os.environ, "VAR_DIR": str(live_var)}
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)


@pytest.fixture
def two_free_messages(live_server: str, live_var: Path) -> Iterator[None]:
    """A small allowance, so running out is quick; the default comes back afterwards."""
    amora(live_var, "sites", "set", "amora.test", "free_messages", "2", "--actor", "e2e")
    yield
    amora(live_var, "sites", "set", "amora.test", "free_messages", "3", "--actor", "e2e")


def join(browser: Browser, live_server: str, live_var: Path, name: str, woman: bool,
         viewport: ViewportSize) -> tuple[Page, int]:
    """A new member, signed up and activated from the mail (only then can they write)."""
    t = Texts("en")
    context = new_context(browser, viewport)
    page = context.new_page()
    page.goto(f"{live_server}/signup")
    enter_site(page)
    address = f"{name.lower()}.{uuid.uuid4().hex[:8]}@example.com"
    who = ("woman", "men") if woman else ("man", "women")
    for choice in (t(f"signup.steps.who.{who[0]}"), t(f"signup.steps.who.{who[1]}")):
        page.locator("label.choice-card").filter(
            has_text=re.compile(rf"^\s*{re.escape(choice)}\s*$")).click()
    page.get_by_test_id("signup-next").click()
    page.get_by_label(t("signup.steps.name.label")).fill(name)
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
    page.get_by_label(t("signup.steps.password.label"), exact=True).fill("zomer aan zee 2026")
    page.locator(".signup-terms input[type=checkbox]").check()
    page.get_by_test_id("signup-submit").click()
    expect(page).to_have_url(re.compile("/(signup-matches|complete-signup)"))
    page.goto(mail_link(live_var, address, 1))
    expect(page.get_by_test_id("activation-continue")).to_be_visible()
    member = int(page.evaluate(
        "fetch('/api/user', {headers: {'X-Client': 'web'}})"
        ".then(r => r.json()).then(d => d.user.id)"))
    return page, member


def shot(page: Page, name: str) -> None:
    """What the member sees: the viewport (the chat screen is exactly one)."""
    still(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def other_size(context: BrowserContext, url: str, name: str, viewport: ViewportSize,
               ready: str) -> None:
    """The same screen at the other width, with the member's session."""
    other = new_context(browser_of(context), viewport,
                        storage_state=context.storage_state())
    page = other.new_page()
    page.goto(url)
    expect(page.get_by_test_id(ready).first).to_be_visible()
    page.wait_for_load_state("networkidle")
    shot(page, name)
    other.close()


def send(page: Page, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-input").press("Enter")
    expect(page.get_by_test_id("chat-message").last).to_contain_text(text)
    expect(page.get_by_test_id("chat-message").last).to_have_attribute("data-status", "sent")


def test_two_members_chat_live_until_the_credits_run_out(
        browser: Browser, live_server: str, live_var: Path, two_free_messages: None) -> None:
    lotte, lotte_id = join(browser, live_server, live_var, "Lotte", True, DESKTOP)
    jonas, jonas_id = join(browser, live_server, live_var, "Jonas", False, PHONE)
    jonas.goto(f"{live_server}/chats")
    expect(jonas.get_by_test_id("chats-empty")).to_be_visible()
    screenshot(jonas, "chats-empty-en-375")

    # Lotte writes from his profile: the Message button opens the chat screen.
    lotte.goto(f"{live_server}/members/{jonas_id}")
    lotte.get_by_test_id("member-actions").get_by_role("link", name="Send a message").click()
    expect(lotte).to_have_url(re.compile(rf"/members/{jonas_id}/chat$"))
    expect(lotte.get_by_test_id("chat-start")).to_contain_text("Say hi to Jonas!")
    terms = lotte.get_by_test_id("chat-terms")
    expect(terms).to_contain_text("This message is free · free messages left: 2")
    chips = lotte.get_by_test_id("chat-icebreaker")
    expect(chips.first).to_contain_text("Jonas")
    shot(lotte, "chat-new-en-1280")
    chips.first.click()
    opener = lotte.get_by_test_id("chat-input").input_value()
    assert "Jonas" in opener
    lotte.get_by_test_id("chat-send").click()
    expect(lotte).to_have_url(re.compile(r"/chats/\d+$"))
    expect(lotte.get_by_test_id("chat-message")).to_have_count(1)
    expect(lotte.get_by_test_id("chat-message").first).to_have_attribute("data-status", "sent")
    expect(terms).to_contain_text("This message is free · free messages left: 1")
    conversation = lotte.url.rsplit("/", 1)[1]

    # Jonas, on his list, sees it come in: the unread badge in the navigation and the row.
    badge = jonas.get_by_test_id("badge-chats")
    expect(badge).to_have_text("1")
    row = jonas.locator(f"[data-testid=chat-row][data-conversation-id='{conversation}']")
    expect(row).to_be_visible()
    expect(row.get_by_test_id("chat-unread")).to_contain_text("Unread messages: 1")
    expect(row.get_by_test_id("chat-preview")).to_have_text(opener)
    shot(jonas, "chats-en-375")
    other_size(jonas.context, f"{live_server}/chats", "chats-en-1280", DESKTOP, "chat-row")

    # He opens it (read: the badge goes) and starts typing. Read receipts are premium:
    # free Lotte is pointed to premium instead of seeing "Seen".
    row.get_by_role("link").click()
    expect(jonas.get_by_test_id("chat-message")).to_have_count(1)
    expect(lotte.get_by_test_id("chat-seen-premium")).to_be_visible()
    expect(lotte.get_by_test_id("chat-seen")).to_have_count(0)
    jonas.get_by_test_id("chat-input").press_sequentially("Hoi Lotte", delay=40)
    expect(lotte.get_by_test_id("chat-typing")).to_have_text("Jonas is typing…")
    shot(lotte, "chat-typing-en-1280")
    jonas.get_by_test_id("chat-input").press("Enter")
    expect(lotte.get_by_test_id("chat-message").last).to_contain_text("Hoi Lotte")
    expect(lotte.get_by_test_id("chat-typing")).to_have_count(0)

    # Her second free message, then two at 10 of her 20 signup credits each.
    send(lotte, "Coffee or wine on a first date?")
    expect(terms).to_contain_text("This message costs 10 credits · you have 20")
    send(lotte, "I say coffee, by the canal.")
    expect(terms).to_contain_text("you have 10")
    send(lotte, "Saturday at ten?")
    expect(jonas.get_by_test_id("chat-message").last).to_contain_text("Saturday at ten?")
    shot(jonas, "chat-en-375")

    # Out of credits: the field gives way to the offer to buy credits.
    refusal = lotte.get_by_test_id("chat-refusal")
    expect(refusal).to_have_attribute("data-code", "not_enough_credits")
    expect(refusal).to_contain_text(CHAT["refusal"]["not_enough_credits"]["title"])
    expect(refusal).to_contain_text("A message costs 10 credits and you have 0.")
    expect(refusal.get_by_test_id("buy-credits")).to_have_attribute("href", "/credits")
    expect(lotte.get_by_test_id("chat-input")).to_have_count(0)
    shot(lotte, "chat-out-of-credits-en-1280")
    lotte.reload()
    expect(lotte.get_by_test_id("chat-refusal")).to_be_visible()
    expect(lotte.get_by_test_id("chat-message")).to_have_count(5)
    other_size(lotte.context, lotte.url, "chat-out-of-credits-en-375", PHONE, "chat-refusal")
    # The server agrees.
    status = lotte.evaluate(
        """id => fetch(`/api/members/${id}/messages`, {method: 'POST',
              headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({text: 'One more'})})
              .then(r => r.json().then(b => [r.status, b.error]))""", jonas_id)
    assert status == [402, "not_enough_credits"]

    # His list: her latest message first, nothing unread while he is in the conversation.
    jonas.get_by_test_id("chat-back").click()
    expect(jonas).to_have_url(re.compile("/chats$"))
    expect(row.get_by_test_id("chat-preview")).to_have_text("Saturday at ten?")
    expect(row.get_by_test_id("chat-unread")).to_have_count(0)
    expect(jonas.get_by_test_id("badge-chats")).to_have_count(0)

    # He deletes it from his list (gone at once, and after a reload); hers stays.
    row.hover()
    row.get_by_test_id("chat-delete").click()
    jonas.get_by_test_id("chat-delete-confirm").click()
    expect(row).to_have_count(0)
    jonas.reload()
    expect(jonas.get_by_test_id("chats-empty")).to_be_visible()
    lotte.goto(f"{live_server}/chats")
    expect(lotte.locator(f"[data-testid=chat-row][data-member-id='{jonas_id}']")).to_be_visible()
    assert lotte_id != jonas_id
    lotte.context.close()
    jonas.context.close()
