"""A visitor's first pages make no failing request and log no console error (issue 17):
no GET /api/user 403 for someone without a session, the settings come with the page. A
member's /members comes with its first cards, which the app's cards replace (issue 36.5),
and with what the app shows above them, so that they do not move when it takes over."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Locator,
    Page,
    Response,
    ViewportSize,
    expect,
)

from tests.e2e.conftest import DESKTOP, PHONE, new_context, screenshot
from tests.e2e.test_discovery import log_in
from tests.e2e.test_foundation import enter_site

SCRIPTS = re.compile(r"/assets/.*\.js$")


@pytest.mark.parametrize("path", ["/", "/members"])
def test_a_visitors_page_is_clean(browser: Browser, live_server: str, path: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    errors: list[str] = []
    failed: list[str] = []
    requests: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    def on_response(response: Response) -> None:
        requests.append(response.url)
        if response.status >= 400:
            failed.append(f"{response.status} {response.request.method} {response.url}")

    page.on("console", on_console)
    page.on("response", on_response)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}{path}")
    enter_site(page)
    expect(page.locator(".boot-splash")).to_have_count(0)
    page.wait_for_load_state("networkidle")
    context.close()
    assert failed == []
    assert errors == []
    api = [url.removeprefix(live_server).split("?")[0] for url in requests if "/api/" in url]
    assert "/api/user" not in api and "/api/settings" not in api  # came with the page


def _first_photos(page: Page) -> list[str]:
    """The photos of the first screen's cards, from the search page inlined in the page."""
    boot = json.loads(page.locator("#boot-data").text_content() or "{}")
    results = boot["search"]["answer"]["results"][:4]
    prefix = boot["settings"]["cdn_prefix"]
    return [prefix + card["main_image"]["thumb_filename"] for card in results if card["main_image"]]


def _first_card_top(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["y"])


def _sources(page: Page, selector: str) -> list[str]:
    return [src.removeprefix(page.url.split("/members")[0])
            for src in page.locator(selector).evaluate_all("els => els.map(e => e.src)")]


def _app_takes_over(page: Page) -> Locator:
    """Lets the app's scripts load and reloads: the app's cards replace the server's, and
    what the app shows above them came with the page, so the first card stays in place."""
    drawn = _first_card_top(page, "#boot-first-screen .member-card")
    page.unroute(SCRIPTS)
    page.reload()
    cards = page.get_by_test_id("search-results").get_by_test_id("member-card")
    expect(cards.first).to_be_visible()
    expect(page.locator("#boot-first-screen")).to_have_count(0)
    assert abs(_first_card_top(page, "[data-testid=search-results] .member-card") - drawn) <= 3
    return cards


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_members_first_cards_come_with_the_page(browser: Browser, live_server: str,
                                                viewport: ViewportSize) -> None:
    """Without the app's script, /members shows the first cards with their photos (the
    screen's largest paint); with it, the app's cards take their place: no server card
    is left beside them, and the first photos are the same."""
    context = new_context(browser, viewport)
    page = context.new_page()
    log_in(page, live_server, "demo@example.com")
    # Leave the app first: were a chunk it still loads aborted, it would reload the page
    # (shared/chunkReload.ts), and that reload would abort the navigation below.
    page.goto("about:blank")
    page.route(SCRIPTS, lambda route: route.abort())
    page.goto(f"{live_server}/members")
    first = _first_photos(page)
    assert first, "the demo member's first search page has photos"
    server_cards = page.locator("#boot-first-screen .member-card")
    expect(server_cards).to_have_count(4)
    expect(page.locator(".boot-splash")).to_have_count(0)
    assert _sources(page, "#boot-first-screen img") == first
    page.wait_for_function("() => [...document.querySelectorAll('#boot-first-screen img')]"
                           ".every(img => img.complete && img.naturalWidth > 0)")
    screenshot(page, f"members-{viewport['width']}-first-cards-before-the-app")
    cards = _app_takes_over(page)
    ids = cards.evaluate_all("cards => cards.map(c => c.dataset.memberId)")
    assert len(ids) == len(set(ids)) and page.locator(".member-card").count() == \
        page.get_by_test_id("member-card").count()  # no server card beside the app's
    assert _sources(page, "[data-testid=search-results] .member-card__photo img")[:len(first)] \
        == first
    screenshot(page, f"members-{viewport['width']}-first-cards-after-the-app")
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_new_members_first_cards_stay_below_the_activation_notice(
        browser: Browser, live_server: str, viewport: ViewportSize) -> None:
    """A member who has not activated their account sees the notice above the filters: the
    page comes with it, in the app's words, so the first cards do not jump down some 330 px
    when the app takes over; once dismissed (for a day) neither shows it."""
    context = new_context(browser, viewport)
    page = context.new_page()
    context.add_cookies([{"name": "i18n_redirected", "value": "en", "url": live_server}])
    answer = page.request.post(f"{live_server}/api/signup", data={
        "email": f"first.{viewport['width']}@example.com", "name": "Noor",
        "date_of_birth": "1990-03-04", "password": "zomer aan zee 2026", "gender": "female",
        "seeking": "male", "country": "NL", "language": "en"})
    assert answer.ok, answer.text()
    refused: list[str] = []  # the notice's script runs under the page's policy

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", on_console)
    for dismissed in (False, True):
        page.route(SCRIPTS, lambda route: route.abort())
        page.goto(f"{live_server}/members")
        notice = page.locator("#boot-first-screen .alert-header")
        expect(notice).to_have_count(0 if dismissed else 1)
        if not dismissed:
            expect(notice).to_contain_text(f"first.{viewport['width']}@example.com")
            screenshot(page, f"members-{viewport['width']}-activation-before-the-app")
        _app_takes_over(page)
        expect(page.get_by_test_id("activation-alert-resend")).to_have_count(0 if dismissed else 1)
        if not dismissed:
            screenshot(page, f"members-{viewport['width']}-activation-after-the-app")
            page.get_by_role("region", name="Notices").get_by_role("button", name="Dismiss").click()
            # Leave the app before the next round aborts its scripts (see above).
            page.goto("about:blank")
    assert refused == []
    context.close()
