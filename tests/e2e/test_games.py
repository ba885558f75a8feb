"""The matching games (issue 5): a new member is shown fitting members right after
signup, swipes cards by button, keyboard and mouse drag until the four likes of the day
are used, and finds scored matches with the match-finder — at phone and desktop widths."""

from __future__ import annotations

import json
import re
import uuid
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, browser_of, new_context, screenshot
from tests.e2e.test_accounts import Texts, sign_up
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import still, wait_until

ZONE = "Europe/Amsterdam"
GAMES = json.loads((ROOT / "web/src/locales/en/games.json").read_text(encoding="utf-8"))


def sign_up_fresh(browser: Browser, live_server: str) -> tuple[BrowserContext, Page]:
    context = new_context(browser, DESKTOP, timezone_id=ZONE)
    page = context.new_page()
    page.goto(f"{live_server}/signup")
    enter_site(page)
    sign_up(page, Texts("en"), f"swiper.{uuid.uuid4().hex[:8]}@example.com", "zomer aan zee 2026")
    return context, page


def phone_shot(context: BrowserContext, url: str, name: str, ready: str) -> None:
    """The same screen at phone width, with the member's session."""
    phone = new_context(browser_of(context), PHONE, timezone_id=ZONE,
                        storage_state=context.storage_state())
    page = phone.new_page()
    page.goto(url)
    expect(page.get_by_test_id(ready).first).to_be_visible()
    page.wait_for_load_state("networkidle")
    screenshot(page, name)
    phone.close()


def top_card(page: Page) -> str:
    card = page.get_by_test_id("swipe-card")
    expect(card).to_be_visible()
    return card.get_attribute("data-member-id") or ""


def next_card(page: Page, before: str) -> str:
    expect(page.get_by_test_id("swipe-card")).not_to_have_attribute("data-member-id", before)
    return top_card(page)


def drag(page: Page, dx: int) -> None:
    box = page.get_by_test_id("swipe-card").bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y + 10, steps=12)
    page.mouse.up()


def test_signup_matches_then_four_likes_and_no_fifth(browser: Browser, live_server: str) -> None:
    context, page = sign_up_fresh(browser, live_server)

    # Right after signup: members that fit the new profile, with a score.
    expect(page).to_have_url(re.compile("/signup-matches"))
    expect(page.get_by_test_id("match-card").first).to_be_visible()
    expect(page.get_by_test_id("match-score").first).to_contain_text("% match")
    page.wait_for_load_state("networkidle")
    screenshot(page, "games-signup-matches-en-1280")
    phone_shot(context, f"{live_server}/signup-matches", "games-signup-matches-en-375",
               "match-card")
    page.get_by_test_id("signup-matches-continue").click()
    expect(page).to_have_url(re.compile("/complete-signup"))

    page.goto(f"{live_server}/swipe-game")
    likes_left = page.get_by_test_id("swipe-likes-left")
    expect(likes_left).to_have_text("4 likes a day; 4 left today")
    first = top_card(page)
    page.wait_for_load_state("networkidle")
    screenshot(page, "games-swipe-en-1280")
    phone_shot(context, f"{live_server}/swipe-game", "games-swipe-en-375", "swipe-card")

    # A short drag snaps back; a long one to the left passes; to the right likes.
    drag(page, -30)
    expect(page.get_by_test_id("swipe-card")).to_have_attribute("data-member-id", first)
    drag(page, -220)
    second = next_card(page, first)
    expect(likes_left).to_have_text("4 likes a day; 4 left today")  # a pass uses no like
    drag(page, 220)
    third = next_card(page, second)
    expect(likes_left).to_have_text("4 likes a day; 3 left today")

    # The button and the arrow key like too.
    page.get_by_test_id("swipe-like").click()
    fourth = next_card(page, third)
    page.keyboard.press("ArrowRight")
    fifth = next_card(page, fourth)
    page.get_by_test_id("swipe-like").click()
    sixth = next_card(page, fifth)
    expect(likes_left).to_have_text("4 likes a day; 0 left today")

    # Out of likes: when they come back, in the member's time zone; likes are off.
    out = page.get_by_test_id("swipe-out-of-likes")
    expect(out).to_be_visible()
    # The counter is the client's at once; the likes' calls may still be on their way.
    # (Not wait_for_function: it took the predicate's promise for a truthy answer.)
    def used_up() -> dict[str, Any] | None:
        answer: dict[str, Any] = page.evaluate("fetch('/api/swipe').then(r => r.json())")
        return answer if answer["remaining"] == 0 else None

    deck = wait_until(used_up, "the server's count of today's likes at 0")
    assert deck["limit"] == 4
    reset = datetime.fromisoformat(deck["resets_at"]).astimezone(ZoneInfo(ZONE))
    # One date format across the app (issue 29.7): en-GB's medium date ("Sept" in ICU).
    month = "Sept" if reset.month == 9 else reset.strftime("%b")
    expect(out).to_contain_text(f"{reset.day} {month} {reset.year}, {reset:%H:%M}")
    expect(out).to_contain_text(GAMES["swipe"]["out"]["title"])
    expect(page.get_by_test_id("swipe-like")).to_be_disabled()
    page.keyboard.press("ArrowRight")
    drag(page, 220)
    expect(page.get_by_test_id("swipe-card")).to_have_attribute("data-member-id", sixth)

    # The server refuses the fifth like of the day as well.
    refused = page.evaluate(
        """id => fetch('/api/swipe', {method: 'POST', headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({profile: Number(id), like: true})})
              .then(async r => ({status: r.status, body: await r.json()}))""", sixth)
    assert refused["status"] == 409
    assert refused["body"]["error"] == "swipe_out_of_likes"
    still(page)  # the refused drag's card has snapped back
    screenshot(page, "games-swipe-out-en-1280")

    # Passing still works, and the state survives a reload.
    page.get_by_test_id("swipe-pass").click()
    next_card(page, sixth)
    page.reload()
    expect(page.get_by_test_id("swipe-out-of-likes")).to_be_visible()
    expect(likes_left).to_have_text("4 likes a day; 0 left today")
    phone_shot(context, f"{live_server}/swipe-game", "games-swipe-out-en-375", "swipe-card")
    context.close()


def test_match_finder_end_to_end(browser: Browser, live_server: str) -> None:
    context, page = sign_up_fresh(browser, live_server)
    expect(page).to_have_url(re.compile("/(signup-matches|complete-signup)"))

    # The match finder is open to free members too (issue 19.8: the spec names no
    # premium limit for it).
    page.goto(f"{live_server}/match-finder")
    steps = GAMES["finder"]["steps"]
    question = page.get_by_test_id("finder-wizard").get_by_role("heading", level=2)
    expect(page.get_by_test_id("finder-progress")).to_have_text("Step 1 of 4")
    expect(question).to_have_text(steps["gender"]["title"])
    # A woman looking for men: men are chosen already.
    expect(page.get_by_test_id("finder-gender-male")).to_be_checked()
    page.wait_for_load_state("networkidle")
    screenshot(page, "games-finder-gender-en-1280")
    page.get_by_test_id("finder-next").click()

    expect(question).to_have_text(steps["age"]["title"])
    page.get_by_test_id("finder-min-age").select_option("25")
    page.get_by_test_id("finder-max-age").select_option("60")
    page.get_by_test_id("finder-next").click()

    expect(question).to_have_text(steps["place"]["title"])
    page.get_by_test_id("finder-back").click()
    expect(page.get_by_test_id("finder-min-age")).to_have_value("25")
    page.get_by_test_id("finder-next").click()
    country = page.get_by_test_id("finder-country")
    if not country.input_value():
        country.select_option(index=1)
    expect(page.get_by_test_id("finder-region")).to_be_enabled()
    screenshot(page, "games-finder-place-en-1280")
    page.get_by_test_id("finder-next").click()

    expect(question).to_have_text(steps["interests"]["title"])
    for key in ("hiking", "cooking", "travel"):
        page.get_by_test_id(f"finder-interest-{key}").click()
    expect(page.get_by_test_id("finder-interest-count")).to_have_text("3 of 10 chosen")
    screenshot(page, "games-finder-interests-en-1280")
    page.get_by_test_id("finder-show").click()

    expect(page).to_have_url(re.compile(r"min_age=25&max_age=60.*interests=hiking%2Ccooking%2Ctravel"))
    cards = page.get_by_test_id("match-card")
    expect(cards.first).to_be_visible()
    scores = [int(re.sub(r"\D", "", text))
              for text in page.get_by_test_id("match-score").all_inner_texts()]
    # Real members by score; fictional profiles, labelled, after all of them (issue 29.3).
    fictional = [card.get_by_test_id("game-fictional").count() > 0 for card in cards.all()]
    assert fictional == sorted(fictional)
    real = [score for score, made_up in zip(scores, fictional, strict=True) if not made_up]
    assert real == sorted(real, reverse=True) and all(0 <= s <= 100 for s in scores)
    page.wait_for_load_state("networkidle")
    screenshot(page, "games-finder-results-en-1280")

    # Like the best match; the button turns into "Liked".
    cards.first.get_by_test_id("game-like").click()
    expect(cards.first.get_by_test_id("game-like")).to_have_attribute("aria-pressed", "true")
    phone_shot(context, page.url, "games-finder-results-en-375", "match-card")
    phone_shot(context, f"{live_server}/match-finder", "games-finder-gender-en-375",
               "finder-wizard")

    # "View profile" opens the member.
    cards.nth(1).get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/members/\d+"))
    context.close()
