"""Premium after the first purchase: a free member who bought a bundle through the
sandbox checkout may upload a fourth photo (free members keep three)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.test_chat import join
from tests.e2e.test_discovery import photo_file
from tests.e2e.test_shop import SETTLED_MS


def become_premium(page: Page) -> None:
    """Buy the smallest bundle by iDEAL through the sandbox checkout, then wait for the
    webhook to make the member premium."""
    checkout = page.evaluate(
        """() => fetch('/api/bundles').then(r => r.json()).then(d => fetch('/api/orders', {
             method: 'POST', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({bundle: d.bundles[0].id, method: 'ideal',
                                   delivery_consent: true})}))
           .then(r => r.json()).then(d => d.checkout_url)""")
    page.goto(checkout)
    page.get_by_test_id("sandbox-paid").click()
    expect(page).to_have_url(re.compile(r"/credits/\d+/ideal\?order=\d+"))
    # The return page shows the order paid once the webhook job booked it, and the same
    # transaction made the member premium. (A wait_for_function on a fetch did not wait:
    # a promise is truthy, so Playwright took the first answer, false on a busy machine.)
    expect(page.get_by_test_id("payment-completed")).to_be_visible(timeout=SETTLED_MS)
    assert page.evaluate("fetch('/api/user', {headers: {'X-Client': 'web'}})"
                         ".then(r => r.json()).then(d => d.user.paid_user)") is True


def test_a_purchase_makes_room_for_a_fourth_photo(browser: Browser, live_server: str,
                                                 live_var: Path, tmp_path: Path) -> None:
    page, _ = join(browser, live_server, live_var, "Petra", True, DESKTOP)
    page.goto(f"{live_server}/profile")
    upload = page.get_by_test_id("photo-upload")
    tiles = page.get_by_test_id("photo-tile")
    for n in range(3):
        upload.set_input_files(str(photo_file(tmp_path)))
        expect(tiles).to_have_count(n + 1)
    # Free members stop at three: the upload gives way to the premium hint.
    expect(page.get_by_test_id("photo-limit")).to_be_visible()
    expect(upload).to_have_count(0)

    # The screens of the shop are tested in test_shop; this test is about what premium opens.
    become_premium(page)

    page.goto(f"{live_server}/profile")
    page.get_by_test_id("photo-upload").set_input_files(str(photo_file(tmp_path)))
    expect(page.get_by_test_id("photo-tile")).to_have_count(4)
    page.context.close()
