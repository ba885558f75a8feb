"""A straight man's default search, in Chromium (issue 29.1-29.3): no one who does not
seek men, near him first, and a phone's first screen shows faces."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, new_context, screenshot
from tests.e2e.test_discovery import log_in

# Who would want a man, by the member's own gender and sexuality (domain.matching).
WANTS_A_MAN = {("female", "straight"), ("female", "bisexual"), ("male", "gay"),
               ("male", "bisexual")}


def shown_ids(page: Page) -> list[int]:
    cards = page.get_by_test_id("member-card")
    expect(cards.first).to_be_visible()
    return [int(card.get_attribute("data-member-id") or 0) for card in cards.all()]


def seeks(page: Page, member_id: int) -> tuple[str, str]:
    profile = page.evaluate(
        f"fetch('/api/members/{member_id}').then(r => r.json()).then(d => d.profile)")
    return profile["gender"], profile["sexuality"]


def test_a_straight_mans_default_search_has_no_one_who_does_not_seek_men(
        browser: Browser, live_server: str) -> None:
    context = new_context(browser, DESKTOP)
    page = context.new_page()
    log_in(page, live_server, "demo.man@example.com")  # Jonas: a straight man
    page.goto(f"{live_server}/members")
    expect(page.get_by_test_id("filter-everyone")).to_have_value("")
    ids = shown_ids(page)
    assert ids and all(seeks(page, member_id) in WANTS_A_MAN for member_id in ids)
    why = page.get_by_test_id("member-why").first
    expect(why).to_contain_text(re.compile(r"km away"))
    # The first card is never a fictional profile; the ones shown say so in words.
    expect(page.get_by_test_id("member-card").first).not_to_have_attribute("data-fictional", "true")
    for badge in page.locator("[data-testid=member-card] [data-testid=fictional-badge]").all():
        expect(badge).to_be_visible()

    # "Everyone" widens on purpose, and the answer says the two-way rule is off.
    page.get_by_test_id("filter-everyone").select_option("1")
    expect(page).to_have_url(re.compile("everyone=1"))
    applied = page.evaluate(
        "fetch('/api/members' + location.search).then(r => r.json()).then(d => d.filters)")
    assert applied["everyone"] is True and applied["mutual"] is False
    context.close()


def test_on_a_phone_the_first_screen_shows_faces(browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    log_in(page, live_server, "demo.man@example.com")
    page.goto(f"{live_server}/members")
    cards = page.get_by_test_id("member-card")
    expect(cards.first).to_be_visible()
    # The hero, the nudge and the filters fold into one bar: the first row of faces
    # starts in the screen's top 40 % (under the hero it started at 52 %).
    box = cards.first.locator(".member-card__photo").bounding_box()
    assert box is not None and box["y"] < 0.4 * PHONE["height"]
    expect(page.get_by_test_id("filter-distance")).to_be_hidden()
    page.get_by_test_id("filter-toggle").click()
    expect(page.get_by_test_id("filter-distance")).to_be_visible()
    screenshot(page, "members-fit-en-375")
    context.close()
