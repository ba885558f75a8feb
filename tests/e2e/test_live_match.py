"""Two members in two browsers like each other and both see "It's a match!" at once,
without reloading, wherever they are; the liked member's list and badge follow the like
live (issue 29.4)."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, SHOTS, new_context
from tests.e2e.test_discovery import log_in
from tests.e2e.test_likes import member_id, modal_shot, no_offers_left, sign_up_activated

NOTES_SHOTS = Path("/work/notes/shots")


def same_document(page: Page) -> None:
    """Marks the page: the mark is gone if anything reloads it."""
    page.evaluate("window.__sameDocument = true")


def not_reloaded(page: Page) -> bool:
    return bool(page.evaluate("window.__sameDocument === true"))


def keep(name: str) -> None:
    """A copy of a screenshot for the notes, when there are notes to keep it in."""
    if NOTES_SHOTS.is_dir():
        shutil.copyfile(SHOTS / f"{name}.png", NOTES_SHOTS / f"p3-{name}.png")


def test_both_members_see_the_match_at_once_without_reloading(
        browser: Browser, live_server: str, live_var: Path) -> None:
    her_context = new_context(browser, DESKTOP)
    her = her_context.new_page()
    log_in(her, live_server, "demo@example.com")
    him = sign_up_activated(browser, live_server, live_var, "Jesse")
    her_id, his_id = member_id(her), member_id(him)
    no_offers_left(her)

    # He waits on his likes ("Liked me", empty so far): nothing reloads it from here on.
    him.goto(f"{live_server}/likes")
    expect(him.get_by_test_id("likes-empty")).to_be_visible()
    same_document(him)

    # She likes him on his profile.
    her.goto(f"{live_server}/members/{his_id}")
    like = her.get_by_test_id("member-actions").get_by_test_id("like-button")
    like.click()
    expect(like).to_have_attribute("aria-pressed", "true")

    # His list and his likes badge show her like at once.
    card = him.locator(f"[data-testid=like-card][data-member-id='{her_id}']")
    expect(card).to_be_visible()
    expect(card.get_by_test_id("like-new")).to_be_visible()
    expect(him.get_by_test_id("tab-badge-likes")).to_have_text("1")

    # She moves on to another screen (her conversations), whose page loads its likes
    # once its live connection is open; from there nothing reloads it.
    with her.expect_response(lambda answer: answer.url.endswith("/api/likes")):
        her.goto(f"{live_server}/chats")
    same_document(her)
    expect(her.get_by_test_id("match-modal")).to_have_count(0)

    # He likes her back from his list: both celebrate, at the same time.
    card.get_by_test_id("like-button").click()
    his_celebration = him.get_by_test_id("match-modal")
    her_celebration = her.get_by_test_id("match-modal")
    expect(his_celebration).to_be_visible()
    expect(her_celebration).to_be_visible()
    expect(his_celebration).to_be_visible()  # still showing: they show together
    expect(his_celebration).to_have_attribute("data-member-id", str(her_id))
    expect(her_celebration).to_have_attribute("data-member-id", str(his_id))
    expect(her_celebration).to_contain_text("It's a match!")
    expect(his_celebration).to_have_count(1)  # his like's answer and no second one
    assert not_reloaded(him) and not_reloaded(her)

    # The celebration that arrived live, on a desktop and on a phone; his on a phone.
    modal_shot(her, "match-live-en-1280")
    her.set_viewport_size(PHONE)
    modal_shot(her, "match-live-en-375")
    modal_shot(him, "match-live-liker-en-375")
    for name in ("match-live-en-1280", "match-live-en-375", "match-live-liker-en-375"):
        keep(name)

    # Closed, it stays closed: the server heard it was seen on both sides.
    her.keyboard.press("Escape")
    expect(her_celebration).to_be_hidden()
    him.keyboard.press("Escape")
    expect(his_celebration).to_be_hidden()
    expect(card.get_by_test_id("like-match")).to_be_visible()
    for page, other in ((her, his_id), (him, her_id)):
        listed = page.evaluate(
            "fetch('/api/likes').then(r => r.json()).then(d => d.profiles)")
        [match] = [row for row in listed if row["id"] == other]
        assert match["match"] and not match["match_new"]
    her_context.close()
    him.context.close()
