"""Navigation and layout on a phone (375 px) and a desktop (1280 px), issue 19 items 3, 4
and 9: the members' tab bar with its badges (English and German), the games in the
desktop's top navigation, the profile's action bar, chat in two panes on a desktop and one
at a time on a phone, and forms that look right (birth-date selects, checkboxes, the
lander headline, icon-only buttons)."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, SHOTS, new_context, screenshot
from tests.e2e.test_accounts import mail_link
from tests.e2e.waiting import scroll_to_end, still


def catalog(lang: str, namespace: str = "common") -> Any:
    path = ROOT / f"web/src/locales/{lang}/{namespace}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def nav_text(lang: str, key: str) -> str:
    return str(catalog(lang)["nav"][key])


def shot(page: Page, name: str) -> None:
    """What the member sees on the screen (the bars are fixed to it)."""
    still(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found, selector
    return {"x": found["x"], "y": found["y"], "width": found["width"], "height": found["height"]}


def skip_entry_warning(page: Page) -> None:
    """As if the visitor had confirmed their age before (test_foundation tests the warning)."""
    page.evaluate("localStorage.setItem('amora.entryWarning.skippedAt', String(Date.now()))")


@dataclass
class Member:
    page: Page
    id: int


def join(browser: Browser, live_server: str, live_var: Path, name: str, woman: bool,
         viewport: ViewportSize, lang: str = "en") -> Member:
    """A new member, activated from the mail (so they can write), in ``lang``."""
    context = new_context(browser, viewport, locale={"en": "en-GB", "de": "de-DE"}[lang])
    page = context.new_page()
    page.goto(f"{live_server}/pages/faq")
    skip_entry_warning(page)
    address = f"{name.lower()}.{uuid.uuid4().hex[:8]}@example.com"
    gender, seeking = ("female", "male") if woman else ("male", "female")
    status = page.evaluate(
        "body => fetch('/api/signup', {method: 'POST', headers: {'Content-Type':"
        " 'application/json'}, body: JSON.stringify(body)}).then(r => r.status)",
        {"email": address, "name": name, "date_of_birth": "1990-04-12",
         "password": "zomer aan zee 2026", "gender": gender, "seeking": seeking,
         "country": "DE" if lang == "de" else "NL", "language": lang})
    assert status in (200, 201), status
    page.goto(mail_link(live_var, address, 1))
    expect(page.get_by_test_id("activation-continue")).to_be_visible()
    member = int(page.evaluate(
        "fetch('/api/user', {headers: {'X-Client': 'web'}}).then(r => r.json())"
        ".then(d => d.user.id)"))
    return Member(page, member)


def write(sender: Member, to: Member, text: str) -> int:
    """A message sent as the app sends it; the conversation's id."""
    answer = sender.page.evaluate(
        """([to, text]) => fetch(`/api/members/${to}/messages`, {method: 'POST',
             headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({text, key: crypto.randomUUID()})}).then(r => r.json())""",
        [to.id, text])
    assert "message" in answer, answer
    return int(answer["message"]["conversation_id"])


@pytest.fixture
def pair(browser: Browser, live_server: str, live_var: Path, request: pytest.FixtureRequest,
         ) -> Iterator[tuple[Member, Member]]:
    """She (on the viewport and language asked for) and he, who wrote to her."""
    viewport, lang = request.param
    she = join(browser, live_server, live_var, "Mara", True, viewport, lang)
    he = join(browser, live_server, live_var, "Tobias", False, DESKTOP)
    yield she, he
    she.page.context.close()
    he.page.context.close()


# ------------------------------------------------------------------------ 3. navigation

@pytest.mark.parametrize("pair", [(PHONE, "en"), (PHONE, "de")], indirect=True,
                         ids=["en-375", "de-375"])
def test_phone_tab_bar_with_badges(pair: tuple[Member, Member], live_server: str) -> None:
    she, he = pair
    page = she.page
    lang = page.evaluate("document.documentElement.lang")
    write(he, she, "Hallo Mara!")

    page.goto(f"{live_server}/members")
    bar = page.get_by_role("navigation", name=nav_text(lang, "tabs"))
    expect(bar).to_be_visible()
    # Discover (the member search) first, the swipe game second (issue 29.6).
    names = [nav_text(lang, key) for key in ("discover", "swipe", "likes", "tabMessages", "me")]
    tabs = bar.get_by_role("link")
    expect(tabs).to_have_count(5)
    for index, name in enumerate(names):
        expect(tabs.nth(index)).to_contain_text(name)
        tab = tabs.nth(index).bounding_box()
        assert tab and tab["width"] >= 44 and tab["height"] >= 44, (name, tab)
    # The places in the tab bar leave the top bar; the match finder stays there.
    top = page.get_by_role("navigation", name=nav_text(lang, "main"))
    expect(top.get_by_role("link", name=nav_text(lang, "search"), exact=True)).to_be_hidden()
    expect(top.get_by_role("link", name=nav_text(lang, "matchFinder"))).to_be_visible()
    # The unread message shows on the messages tab, and is said with its name.
    expect(page.get_by_test_id("tab-badge-chats")).to_have_text("1")
    expect(bar.get_by_role("link", name=re.compile(re.escape(names[3]) + ", 1"))).to_be_visible()
    shot(page, f"nav-tabs-{lang}-375")

    # The bar never covers the page: at its end the disclaimer ends above the bar.
    scroll_to_end(page)
    disclaimer = box(page, ".disclaimer")
    assert disclaimer["y"] + disclaimer["height"] <= box(page, ".tab-bar")["y"] + 1
    shot(page, f"nav-tabs-end-{lang}-375")

    # The Messages tab leads to the list, and marks itself as the open place.
    bar.get_by_role("link", name=re.compile(re.escape(names[3]))).click()
    expect(page).to_have_url(re.compile("/chats$"))
    expect(bar.get_by_test_id("tab-chats")).to_have_attribute("aria-current", "page")

    # A focused field alone (no on-screen keyboard here) keeps the bar, so the first tap
    # after typing reaches it (issue 29.7; the keyboard's own test is in vitest).
    page.goto(f"{live_server}/settings")
    expect(bar).to_be_visible()
    page.locator("input[type=password]").first.focus()
    expect(bar).to_be_visible()


def test_no_tab_bar_for_visitors_landers_or_desktops(browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/pages/faq")
    skip_entry_warning(page)
    for path in ("/", "/members", "/landers/alonetonight", "/pages/faq"):
        page.goto(f"{live_server}{path}")
        expect(page.locator("#root")).not_to_be_empty()
        expect(page.get_by_test_id("tab-bar")).to_have_count(0)
    context.close()


@pytest.mark.parametrize("pair", [(DESKTOP, "en"), (DESKTOP, "de")], indirect=True,
                         ids=["en-1280", "de-1280"])
def test_desktop_top_navigation_has_the_games(pair: tuple[Member, Member],
                                              live_server: str) -> None:
    page = pair[0].page
    lang = page.evaluate("document.documentElement.lang")
    page.goto(f"{live_server}/members")
    top = page.get_by_role("navigation", name=nav_text(lang, "main"))
    for key, path in (("swipe", "/swipe-game"), ("matchFinder", "/match-finder"),
                      ("search", "/members"), ("messages", "/chats"), ("likes", "/likes")):
        link = top.get_by_role("link", name=nav_text(lang, key), exact=True)
        expect(link).to_be_visible()
        expect(link).to_have_attribute("href", path)
    expect(page.get_by_test_id("tab-bar")).to_be_hidden()
    # All of it on one line, beside the logo.
    logo, actions = box(page, ".top-nav .logo"), box(page, ".top-nav__actions")
    assert logo["x"] + logo["width"] <= actions["x"], (logo, actions)
    assert actions["height"] <= 64
    shot(page, f"nav-top-{lang}-1280")
    top.get_by_role("link", name=nav_text(lang, "swipe"), exact=True).click()
    expect(page).to_have_url(re.compile("/swipe-game$"))


@pytest.mark.parametrize("pair", [(PHONE, "en"), (DESKTOP, "en")], indirect=True,
                         ids=["375", "1280"])
def test_profile_actions_stay_at_hand(pair: tuple[Member, Member], live_server: str) -> None:
    she, he = pair
    page = she.page
    width = page.evaluate("window.innerWidth")
    page.goto(f"{live_server}/members/{he.id}")
    actions = page.get_by_test_id("member-actions")
    like = actions.get_by_test_id("like-button")
    message = actions.get_by_role("link", name="Send a message")
    gift = actions.get_by_test_id("gift-button")
    # The screens' sheets come after Bootstrap's: the Like pill keeps its own border.
    expect(like).to_have_css("border-top-width", "2px")
    for button in (like, message, gift):
        expect(button).to_be_visible()
        found = button.bounding_box()
        assert found and found["height"] >= 44, found
    if width == PHONE["width"]:
        # On the screen from the start, in a bar above the tab bar, and still there below.
        bar = box(page, "[data-testid=member-action-bar]")
        tabs = box(page, ".tab-bar")
        assert bar["y"] + bar["height"] <= tabs["y"] + 1 and bar["y"] < PHONE["height"]
        shot(page, "profile-actions-375")
        scroll_to_end(page)
        expect(message).to_be_in_viewport()
        # The page ends above the bar: the disclaimer's text is not under it.
        assert box(page, ".disclaimer p")["y"] + box(page, ".disclaimer p")["height"] \
            <= box(page, "[data-testid=member-action-bar]")["y"] + 1
        shot(page, "profile-actions-end-375")
    else:
        # In the actions row, with the page.
        scroll_to_end(page)
        expect(message).not_to_be_in_viewport()
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, "profile-actions-1280")
    message.click()
    expect(page).to_have_url(re.compile(rf"/members/{he.id}/chat$"))


# ----------------------------------------------------------------- 4. chat in two panes

@pytest.mark.parametrize("pair", [(DESKTOP, "en")], indirect=True, ids=["1280"])
def test_desktop_chat_in_two_panes(pair: tuple[Member, Member], live_server: str) -> None:
    she, he = pair
    page = she.page
    conversation = write(he, she, "Coffee on Sunday?")
    page.goto(f"{live_server}/chats")
    pane = page.get_by_test_id("chat-list-pane")
    expect(pane).to_be_visible()
    expect(page.get_by_test_id("chat-pick")).to_be_visible()
    expect(page.get_by_role("navigation", name="Main navigation")).to_be_visible()
    shot(page, "chat-panes-pick-1280")

    row = pane.locator(f"[data-testid=chat-row][data-conversation-id='{conversation}']")
    row.get_by_role("link").click()
    expect(page).to_have_url(re.compile(rf"/chats/{conversation}$"))
    expect(page.get_by_test_id("chat-message").first).to_contain_text("Coffee on Sunday?")
    expect(row.get_by_role("link")).to_have_attribute("aria-current", "page")
    # Side by side, the list narrow, the thread the rest, both down to the window's bottom.
    listed, thread = box(page, "[data-testid=chat-list-pane]"), box(page, ".chat-panes__thread")
    assert listed["x"] + listed["width"] <= thread["x"] + 1
    assert listed["width"] < 400 < thread["width"]
    assert abs(thread["y"] + thread["height"] - DESKTOP["height"]) <= 1
    expect(page.get_by_test_id("chat-input")).to_be_in_viewport()
    # The page itself does not scroll: each pane does.
    assert page.evaluate("document.documentElement.scrollHeight") <= DESKTOP["height"]
    shot(page, "chat-panes-thread-1280")

    # The navigation is kept: Likes is one click away.
    page.get_by_role("navigation", name="Main navigation").get_by_role(
        "link", name="Likes", exact=True).click()
    expect(page).to_have_url(re.compile("/likes$"))


@pytest.mark.parametrize("pair", [(PHONE, "en")], indirect=True, ids=["375"])
def test_phone_chat_one_pane_at_a_time(pair: tuple[Member, Member], live_server: str) -> None:
    she, he = pair
    page = she.page
    conversation = write(he, she, "Coffee on Sunday?")
    page.goto(f"{live_server}/chats")
    expect(page.get_by_test_id("chats-page")).to_be_visible()
    expect(page.get_by_test_id("chat-list-pane")).to_have_count(0)
    expect(page.get_by_test_id("tab-bar")).to_be_visible()
    shot(page, "chat-list-375")
    page.locator(f"[data-testid=chat-row][data-conversation-id='{conversation}'] a").click()
    expect(page).to_have_url(re.compile(rf"/chats/{conversation}$"))
    expect(page.get_by_test_id("chat-list-pane")).to_have_count(0)
    # The conversation has the screen: no tab bar or top bar to share it with the keyboard.
    expect(page.get_by_test_id("tab-bar")).to_have_count(0)
    expect(page.locator(".top-nav")).to_have_count(0)
    page.get_by_test_id("chat-input").focus()
    expect(page.get_by_test_id("chat-input")).to_be_in_viewport()
    shot(page, "chat-thread-375")


# ------------------------------------------------------------------- 9. forms look right

def text_fits(page: Page, selector: str) -> list[str]:
    """The selects whose shown option is wider than the room beside their arrow."""
    return list(page.evaluate(
        """selector => [...document.querySelectorAll(selector)].filter(select => {
             const style = getComputedStyle(select);
             const context = document.createElement('canvas').getContext('2d');
             context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
             const text = select.options[select.selectedIndex].text;
             const room = select.clientWidth - parseFloat(style.paddingLeft)
               - parseFloat(style.paddingRight);
             return context.measureText(text).width > room + 0.5;
           }).map(select => select.options[select.selectedIndex].text)""", selector))


@pytest.mark.parametrize("lang", ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"])
def test_birth_date_selects_show_their_words_on_phones(browser: Browser, live_server: str,
                                                        lang: str) -> None:
    account = catalog(lang, "account")["signup"]
    context = new_context(browser, PHONE)
    context.add_cookies([{"name": "i18n_redirected", "value": lang, "url": live_server}])
    page = context.new_page()
    page.goto(f"{live_server}/pages/faq")
    skip_entry_warning(page)
    page.goto(f"{live_server}/signup")
    who = account["steps"]["who"]
    for choice in (who["man"], who["women"]):
        page.locator("label.choice-card").filter(
            has_text=re.compile(rf"^\s*{re.escape(choice)}\s*$")).click()
    page.get_by_test_id("signup-next").click()
    page.get_by_label(account["steps"]["name"]["label"]).fill("Tom")
    page.get_by_test_id("signup-next").click()
    expect(page.locator(".birth-date select")).to_have_count(3)
    assert text_fits(page, ".birth-date select") == []
    # The longest month too.
    months = page.locator(".birth-date select").nth(1)
    longest = max(months.locator("option").all_text_contents(), key=len)
    months.select_option(label=longest)
    page.locator(".birth-date select").nth(2).select_option(index=1)
    assert text_fits(page, ".birth-date select") == []
    if lang in ("de", "it"):
        page.locator(".birth-date").screenshot(path=str(SHOTS / f"birth-date-{lang}-375.png"))
    context.close()


CONTRAST = """selector => {
  const element = document.querySelector(selector);
  const rgb = (value) => value.match(/[\\d.]+/g).slice(0, 4).map(Number);
  let back = element.parentElement;
  const clear = (node) => rgb(getComputedStyle(node).backgroundColor)[3] === 0;
  while (back && clear(back)) back = back.parentElement;
  const luminance = ([r, g, b]) => [r, g, b].map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const a = luminance(rgb(getComputedStyle(element).borderTopColor));
  const b = luminance(rgb(getComputedStyle(back ?? document.body).backgroundColor));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def border_stands_out(page: Page, selector: str) -> None:
    """The control's border reaches 3:1 with what is behind it (WCAG 1.4.11), once its
    colour transition is over."""
    page.wait_for_function(f"() => ({CONTRAST})({json.dumps(selector)}) >= 3", timeout=5_000)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1280"])
def test_checkboxes_stand_out_and_show_when_checked(browser: Browser, live_server: str,
                                                    live_var: Path,
                                                    viewport: ViewportSize) -> None:
    page = join(browser, live_server, live_var, "Ines", True, viewport).page
    page.goto(f"{live_server}/notifications")
    # The first notification switch (a checkbox drawn as a switch), on for a new member.
    switch = page.locator("input.form-check-input[type=checkbox]").first
    expect(switch).to_be_checked()
    checked = switch.evaluate("e => getComputedStyle(e).backgroundColor")
    switch.uncheck()
    expect(switch).not_to_be_checked()
    border_stands_out(page, "input.form-check-input[type=checkbox]")  # focused, after the click
    switch.blur()
    border_stands_out(page, "input.form-check-input[type=checkbox]")
    unchecked = switch.evaluate("e => getComputedStyle(e).backgroundColor")
    # Checked: filled with the primary colour (teal, #0a7a6b), unlike the empty one.
    assert checked == "rgb(10, 122, 107)" != unchecked
    switch.locator("xpath=ancestor::*[contains(@class, 'form-check')][1]").screenshot(
        path=str(SHOTS / f"checkbox-off-{viewport['width']}.png"))
    page.context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1280"])
def test_lander_headline_keeps_its_descenders(browser: Browser, live_server: str,
                                              viewport: ViewportSize) -> None:
    context = new_context(browser, viewport)
    page = context.new_page()
    page.goto(f"{live_server}/pages/faq")
    skip_entry_warning(page)
    page.goto(f"{live_server}/landers/alonetonight")
    title = page.get_by_role("heading", level=1)
    expect(title).to_contain_text("tonight")
    # The gradient is painted within the heading's box only: the glyphs (with the "g")
    # must end inside it.
    clipped = title.evaluate(
        """heading => {
             const range = document.createRange();
             range.selectNodeContents(heading);
             const glyphs = Math.max(...[...range.getClientRects()].map((r) => r.bottom));
             return glyphs - heading.getBoundingClientRect().bottom;
           }""")
    assert clipped <= 0.5, clipped
    screenshot(page, f"lander-headline-{viewport['width']}")
    context.close()


ICON_ONLY = """() => [...document.querySelectorAll('button, a[href], [role=button]')].filter(e => {
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height || (e.innerText || '').trim()) return false;
  const hidden = [...e.querySelectorAll('.visually-hidden')].some(x => x.textContent.trim());
  return !hidden && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby')
    && !e.querySelector('img[alt]:not([alt=""])');
}).map(e => e.outerHTML.slice(0, 120))"""


@pytest.mark.parametrize("pair", [(PHONE, "de"), (DESKTOP, "de")], indirect=True,
                         ids=["de-375", "de-1280"])
def test_icon_only_buttons_are_labelled(pair: tuple[Member, Member], live_server: str) -> None:
    she, he = pair
    page = she.page
    conversation = write(he, she, "Hallo!")
    for path in ("/members", f"/members/{he.id}", "/likes", "/chats", f"/chats/{conversation}",
                 "/profile", "/settings", "/swipe-game"):
        page.goto(f"{live_server}{path}")
        page.wait_for_load_state("networkidle")
        assert page.evaluate(ICON_ONLY) == [], path
    # And they speak the member's language: the conversation's menu and back button.
    page.goto(f"{live_server}/chats/{conversation}")
    chat = catalog("de", "chat")["conversation"]
    expect(page.get_by_test_id("chat-menu")).to_have_attribute("aria-label", chat["menu"])
