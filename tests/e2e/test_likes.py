"""Two members like each other: one likes a profile, the other is offered that like in
the like modal (delayed with ?t=1), likes back and both see the match celebration —
the first one, who was away, on her next page (issue 5). Both on screen at once:
test_live_match.py."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, SHOTS, new_context, screenshot
from tests.e2e.test_accounts import mail_link
from tests.e2e.test_discovery import log_in
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import still


def call(page: Page, method: str, path: str) -> int:
    """An API call with the member's session, as the app makes it; the HTTP status."""
    return int(page.evaluate(
        "async ([method, path]) => (await fetch(path, {method})).status", [method, path]))


def member_id(page: Page) -> int:
    return int(page.evaluate(
        "fetch('/api/user', {headers: {'X-Client': 'web'}}).then(r => r.json())"
        ".then(d => d.user.id)"))


def modal_shot(page: Page, name: str) -> None:
    """A modal as the member sees it: the viewport only, once its entrance is over."""
    still(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def no_offers_left(page: Page) -> None:
    """Likes other tests gave this member are offered (once each) now, not mid-test."""
    for _ in range(50):
        if call(page, "GET", "/api/auto-like") == 204:
            return
    raise AssertionError("the like modal keeps offering likes")


def sign_up_activated(browser: Browser, live_server: str, live_var: Path, name: str) -> Page:
    """A new man, activated from his mail (so others can find him), on a phone."""
    page = new_context(browser, PHONE).new_page()
    page.goto(f"{live_server}/pages/faq")
    enter_site(page)
    address = f"{name.lower()}.{uuid.uuid4().hex[:8]}@example.com"
    status = page.evaluate(
        "body => fetch('/api/signup', {method: 'POST', headers: {'Content-Type':"
        " 'application/json'}, body: JSON.stringify(body)}).then(r => r.status)",
        {"email": address, "name": name, "date_of_birth": "1988-06-02",
         "password": "zomer aan zee 2026", "gender": "male", "seeking": "female",
         "country": "NL", "language": "en"})
    assert status in (200, 201), status
    page.goto(mail_link(live_var, address, 1))
    # The page confirms the address with the server once its code runs: waited for, or a
    # test moving on at once leaves him unactivated, unfindable (CI: her view of his
    # profile answered 404; his activation was never sent), as the other tests wait.
    expect(page.get_by_test_id("activation-continue")).to_be_visible()
    return page


def test_two_members_like_each_other_and_both_see_the_match(
        browser: Browser, live_server: str, live_var: Path) -> None:
    her_context = new_context(browser, DESKTOP)
    # Her browser chose English: Sanne's saved Dutch would follow her to a new one (19.7).
    her_context.add_cookies([{"name": "i18n_redirected", "value": "en", "url": live_server}])
    her = her_context.new_page()
    log_in(her, live_server, "demo@example.com")
    him = sign_up_activated(browser, live_server, live_var, "Ruben")
    her_id, his_id = member_id(her), member_id(him)
    no_offers_left(her)
    him.goto(f"{live_server}/likes/mine")
    expect(him.get_by_test_id("likes-page")).to_be_visible()
    screenshot(him, "likes-mine-en-375")

    # Sanne likes Ruben on his profile: no match yet.
    her.goto(f"{live_server}/members/{his_id}")
    like = her.get_by_test_id("member-actions").get_by_test_id("like-button")
    expect(like).to_have_attribute("aria-pressed", "false")
    like.click()
    expect(like).to_have_attribute("aria-pressed", "true")
    expect(her.get_by_test_id("match-modal")).to_have_count(0)
    her.goto(f"{live_server}/likes/mine")
    expect(her.locator(f"[data-testid=like-card][data-member-id='{his_id}']")).to_be_visible()
    her.goto("about:blank")  # away for now: no refresh of hers may see the match early

    # Ruben comes in with ?t=1: a second later her like is offered, and t leaves the URL.
    him.goto(f"{live_server}/members?gender=female&t=1")
    modal = him.get_by_test_id("like-modal")
    expect(modal).to_be_visible(timeout=10_000)
    expect(him.get_by_test_id("like-modal-title")).to_contain_text("Sanne")
    expect(him).to_have_url(re.compile(r"/members\?gender=female$"))
    modal_shot(him, "like-modal-en-375")
    him.set_viewport_size(DESKTOP)
    modal_shot(him, "like-modal-en-1280")
    him.set_viewport_size(PHONE)

    # He likes back: a match, celebrated at once.
    him.get_by_test_id("like-modal-like").click()
    celebration = him.get_by_test_id("match-modal")
    expect(celebration).to_be_visible()
    expect(celebration).to_have_attribute("data-member-id", str(her_id))
    expect(celebration).to_contain_text("Sanne")
    modal_shot(him, "match-modal-en-375")
    him.mouse.click(10, 10)  # a click anywhere closes it
    expect(celebration).to_be_hidden()

    # She was away: her next page celebrates it as soon as its live connection opens
    # (issue 29.4), here on his profile.
    her.goto(f"{live_server}/members/{his_id}")
    expect(her.get_by_test_id("member-profile")).to_be_visible()
    her_celebration = her.get_by_test_id("match-modal")
    expect(her_celebration).to_be_visible(timeout=15_000)
    expect(her_celebration).to_have_attribute("data-member-id", str(his_id))
    modal_shot(her, "match-modal-en-1280")
    her.get_by_test_id("match-main").click()
    expect(her_celebration).to_be_hidden()
    expect(her).to_have_url(re.compile(rf"/members/{his_id}/chat$"))  # say hello
    her.goto(f"{live_server}/members/{his_id}")
    expect(her.get_by_test_id("like-hint")).to_contain_text("match")
    modal_shot(her, "member-match-en-1280")

    # The lists: a match on both sides; new likes first on his "Liked me".
    her.goto(f"{live_server}/likes/matches")
    card = her.locator(f"[data-testid=like-card][data-member-id='{his_id}']")
    expect(card.get_by_test_id("like-match")).to_be_visible()
    screenshot(her, "likes-en-1280")
    him.goto(f"{live_server}/likes")
    expect(him.locator(f"[data-testid=like-card][data-member-id='{her_id}']")).to_be_visible()
    expect(him.get_by_test_id("likes-tab-liked-me")).to_have_attribute("aria-current", "page")
    screenshot(him, "likes-en-375")
    him.get_by_test_id("like-view").first.click()
    expect(him).to_have_url(re.compile(r"/likes/m/\d+$"))
    expect(him.get_by_test_id("member-profile")).to_be_visible()
    modal_shot(him, "member-match-en-375")

    # Celebrated once: another visit and refresh shows no second celebration. A page
    # celebrates what its likes lists call a new match: the lists it loads say it is not.
    with her.expect_response(lambda answer: answer.url.endswith("/api/likes")
                             and answer.request.method == "GET") as listed:
        her.goto(f"{live_server}/likes/mine")
    assert [p["match_new"] for p in listed.value.json()["profiles"] if p["id"] == his_id] == [
        False]
    still(her)
    expect(her.get_by_test_id("match-modal")).to_have_count(0)

    # An unknown list is the 404 screen.
    her.goto(f"{live_server}/likes/everyone")
    expect(her.get_by_text("This page could not be found")).to_be_visible()
    her.context.close()
    him.context.close()


def test_likes_page_in_german_on_a_phone(browser: Browser, live_server: str) -> None:
    """Longer words in narrow tabs and card buttons (German, 375 px)."""
    page = new_context(browser, PHONE, locale="de-DE").new_page()
    page.goto(f"{live_server}/pages/faq")
    enter_site(page)
    status = page.evaluate(
        "fetch('/api/user', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({email: 'demo@example.com', password: 'amora-demo-2026'})})"
        ".then(r => r.status)")
    assert status == 200
    no_offers_left(page)
    page.goto(f"{live_server}/likes/mine")
    expect(page.get_by_test_id("likes-tab-liked-me")).to_contain_text("Wer mich mag")
    screenshot(page, "likes-de-375")
    page.context.close()
