"""Search pages past 3 open by cursor (issue 36.2): a member goes to page 5 with next, the
URL carries the cursor, a reload shows the same page, and the page before opens from the
cursors the tab kept; an old link to a deep page without one opens page 1. Every page the
browser asks above 3 carries `after` (the server refuses it otherwise)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, Page, Request, ViewportSize, expect

from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    new_context,
    screenshot,
    serving,
)
from tests.e2e.test_discovery import log_in

# Everyone, anywhere, newest first: with 160 demo members, six pages or more for the demo member.
SEARCH = "gender=any&everyone=1&distance=any&order=newest"


@pytest.fixture(scope="module")
def deep_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server of its own with enough members for deep pages (the session's has 40)."""
    with serving(tmp_path_factory.mktemp("deep"), 160) as base:
        yield base


def query(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlparse(url).query).items()}


def current_page(page: Page, number: int) -> None:
    expect(page.get_by_test_id(f"page-{number}")).to_have_attribute("aria-current", "page")


def first_card(page: Page) -> str:
    card = page.get_by_test_id("member-card").first
    expect(card).to_be_visible()
    return str(card.get_attribute("data-member-id"))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_deep_pages_by_cursor(browser: Browser, deep_server: str, viewport: ViewportSize) -> None:
    context = new_context(browser, viewport)
    page = context.new_page()
    searches: list[dict[str, str]] = []

    def note(request: Request) -> None:
        if urlparse(request.url).path == "/api/members":
            searches.append(query(request.url))

    page.on("request", note)
    log_in(page, deep_server, "demo@example.com")
    page.goto(f"{deep_server}/members?{SEARCH}")
    current_page(page, 1)
    # The last page's cursor is unknown: no jump to it, only to what opens.
    pages = page.get_by_test_id("pagination").get_by_role("button", name=re.compile(r"^Page \d+$"))
    expect(pages).to_have_text(["1", "2", "3"])

    seen: dict[int, str] = {1: first_card(page)}
    urls: dict[int, str] = {}
    for number in (2, 3, 4, 5):
        page.get_by_test_id("page-next").click()
        current_page(page, number)
        expect(page.get_by_test_id("member-card").first).not_to_have_attribute(
            "data-member-id", seen[number - 1])
        seen[number] = first_card(page)
        urls[number] = page.url
    after = {number: query(urls[number]).get("after") for number in (4, 5)}
    assert after[4] and after[5], urls
    assert "after" not in query(urls[3])
    expect(pages).to_have_text(["1", "4", "5", "6"])
    screenshot(page, f"search-paging-5-{viewport['width']}")

    page.reload()
    current_page(page, 5)
    assert first_card(page) == seen[5]
    assert page.url == urls[5]
    # Back to page 4 with the previous button: its cursor is the tab's, kept over the reload.
    page.get_by_test_id("page-previous").click()
    current_page(page, 4)
    assert first_card(page) == seen[4]
    assert query(page.url).get("after") == after[4]
    assert searches[-1].get("after") == after[4]
    # And the browser's back button: page 5 again, by the cursor in its URL.
    page.go_back()
    current_page(page, 5)
    assert first_card(page) == seen[5]

    # Every page above 3 the browser asked for came with its cursor.
    deep = [asked for asked in searches if int(asked.get("page", "1")) > 3]
    assert deep and all(asked.get("after") for asked in deep), deep

    # An old link to a deep page (no cursor): page 1 of the same search, not an error.
    page.goto(f"{deep_server}/members?{SEARCH}&page=9")
    current_page(page, 1)
    expect(page).to_have_url(re.compile(r"order=newest$"))
    expect(page.get_by_test_id("search-error")).to_have_count(0)
    context.close()
