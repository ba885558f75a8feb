"""Issue 29.5 in the browser, at phone (375 px) and desktop (1280 px) widths: a conversation
with a fictional profile says so in its header and right above the message field, offers
no opener that proposes a date, and no bar hides the notice, on the profile either."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, screenshot
from tests.e2e.test_fit_and_honesty import logged_in

WIDTHS = [pytest.param(PHONE, id="375"), pytest.param(DESKTOP, id="1280")]
OPENERS = json.loads((ROOT / "adapters/texts/icebreakers.json").read_text(encoding="utf-8"))
WARNING_EN = "cannot meet them in real life"  # the standard fictional_warning (site_defaults)


def amora(live_var: Path, *args: str) -> None:
    env = {**os.environ, "VAR_DIR": str(live_var)}
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)


@pytest.fixture
def fictional_member(live_server: str, live_var: Path, browser: Browser) -> Iterator[int]:
    """A man the demo member (a woman seeking men) finds, marked fictional for this test."""
    context, page = logged_in(browser, live_server, DESKTOP)
    found = page.evaluate("fetch('/api/members').then(r => r.json())"
                          ".then(d => d.results.map(m => m.id))")
    context.close()
    member = int(found[-1])
    amora(live_var, "members", "set-fictional", str(member), "on", "--actor", "e2e")
    yield member
    amora(live_var, "members", "set-fictional", str(member), "off", "--actor", "e2e")


def uncovered(page: Page, element: Locator) -> None:
    """The element's middle is the element itself on screen: no sticky bar lies over it."""
    element.scroll_into_view_if_needed()
    box = element.bounding_box()
    assert box is not None
    viewport = page.viewport_size
    assert viewport is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    on_top = page.evaluate(
        "([el, x, y]) => el.contains(document.elementFromPoint(x, y))",
        [element.element_handle(), box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top, "something covers the fictional notice"


@pytest.mark.parametrize("viewport", WIDTHS)
def test_a_fictional_conversation_shows_the_notice(browser: Browser, live_server: str,
                                                   fictional_member: int,
                                                   viewport: ViewportSize) -> None:
    context, page = logged_in(browser, live_server, viewport)
    page.goto(f"{live_server}/members/{fictional_member}/chat")
    expect(page.get_by_test_id("conversation")).to_have_attribute("data-status", "ready")
    # In the header, in words, next to the name.
    header = page.locator("header.chat-header")
    expect(header.get_by_test_id("fictional-label")).to_be_visible()
    # Right above the field (or the card saying why nothing can be sent), in the footer.
    notice = page.locator("footer.chat-footer").get_by_test_id("chat-fictional-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(WARNING_EN)
    below = page.locator("footer.chat-footer [data-testid=chat-composer],"
                         " footer.chat-footer [data-testid=chat-refusal]").first
    expect(below).to_be_visible()
    notice_box, below_box = notice.bounding_box(), below.bounding_box()
    assert notice_box and below_box and notice_box["y"] + notice_box["height"] <= below_box["y"]
    uncovered(page, notice)
    uncovered(page, header.get_by_test_id("fictional-label"))
    # No opener proposes a date to a profile no one can meet.
    dates = {entry["text"].split("{name}")[-1] for entry in OPENERS["en"]
             if "meeting" in entry.get("tags", ())}  # "! Coffee or wine on a first date?"
    chips = page.get_by_test_id("chat-icebreaker")
    if page.get_by_test_id("chat-start").count():
        expect(chips.first).to_be_visible()
        for chip in chips.all_inner_texts():
            assert not any(date in chip for date in dates), chip
    page.wait_for_load_state("networkidle")
    screenshot(page, f"issue29-fictional-chat-en-{viewport['width']}")

    # The profile: the notice where no bar covers it when the page opens.
    page.goto(f"{live_server}/members/{fictional_member}")
    profile_notice = page.get_by_test_id("fictional-warning")
    expect(profile_notice).to_be_visible()
    expect(page.get_by_test_id("member-action-bar")).to_be_visible()
    uncovered(page, profile_notice)
    screenshot(page, f"issue29-fictional-profile-en-{viewport['width']}")
    context.close()
