"""A member fills in the profile (with the browser's location), uploads a photo,
searches with filters, opens a profile, blocks it and no longer finds it (issue 4)."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, new_context, screenshot
from tests.e2e.test_foundation import enter_site


def log_in(page: Page, live_server: str, address: str) -> None:
    # This browser chose English: a demo member's saved language would follow them (19.7).
    page.context.add_cookies([{"name": "i18n_redirected", "value": "en", "url": live_server}])
    page.goto(f"{live_server}/login")
    enter_site(page)
    page.get_by_label("E-mail address", exact=True).fill(address)
    page.get_by_label("Password", exact=True).fill("amora-demo-2026")
    page.get_by_test_id("login-submit").click()
    expect(page).to_have_url(re.compile("/members"))


def photo_file(tmp_path: Path) -> Path:
    path = tmp_path / "holiday.jpg"
    image = Image.new("RGB", (900, 1200), (30, 140, 130))
    out = io.BytesIO()
    image.save(out, "JPEG")
    path.write_bytes(out.getvalue())
    return path


def search_total(page: Page, query: str) -> int:
    return int(page.evaluate(
        f"fetch('/api/members?{query}').then(r => r.json()).then(d => d.numResults)"))


def test_profile_photo_search_and_block(browser: Browser, live_server: str,
                                        tmp_path: Path) -> None:
    context = new_context(browser, DESKTOP, geolocation={"latitude": 52.37,
                                                          "longitude": 4.89},
                          permissions=["geolocation"])
    page = context.new_page()
    log_in(page, live_server, "demo@example.com")

    page.goto(f"{live_server}/profile")
    page.get_by_test_id("profile-about-me").fill("Cyclist, cook and terrible at karaoke.")
    page.get_by_test_id("profile-save-about").click()
    expect(page.get_by_test_id("profile-result-about")).to_be_visible()
    page.get_by_test_id("profile-locate").click()
    expect(page.get_by_test_id("profile-city")).to_have_value("Amsterdam")
    page.get_by_test_id("profile-save-basics").click()
    expect(page.get_by_test_id("profile-result-basics")).to_be_visible()
    tiles = page.get_by_test_id("photo-tile")
    before = tiles.count()
    if before >= 3:  # a free member keeps 3 photos: make room first
        tiles.last.get_by_test_id("photo-delete").click()
        page.get_by_test_id("photo-delete-confirm").click()
        expect(tiles).to_have_count(before - 1)
        before -= 1
    page.get_by_test_id("photo-upload").set_input_files(str(photo_file(tmp_path)))
    expect(tiles).to_have_count(before + 1)
    expect(page.locator("[data-testid=photo-tile][data-status=pending]")).to_have_count(1)
    screenshot(page, "profile-en-1280")

    page.goto(f"{live_server}/members")
    page.get_by_test_id("filter-gender").select_option("male")
    expect(page).to_have_url(re.compile("gender=male"))
    cards = page.get_by_test_id("member-card")
    expect(cards.first).to_be_visible()
    screenshot(page, "members-en-1280")
    member_id = cards.first.get_attribute("data-member-id")
    total = search_total(page, "gender=male")
    cards.first.click()
    expect(page.get_by_test_id("member-profile")).to_be_visible()
    screenshot(page, "member-en-1280")

    page.get_by_test_id("block-button").click()
    page.get_by_test_id("block-confirm").click()
    expect(page).to_have_url(re.compile("/members"))
    expect(page.get_by_test_id("block-notice")).to_be_visible()
    expect(page.locator(f"[data-testid=member-card][data-member-id='{member_id}']")) \
        .to_have_count(0)
    assert search_total(page, "gender=male") == total - 1
    context.close()
