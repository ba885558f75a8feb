"""Accessibility: axe-core (from node_modules) finds no serious or critical violation on
any public page, on the landing pages or on the main member pages; and the modals work by
keyboard — the focus moves in when one opens, Tab stays inside, Escape closes it and the
focus goes back to what opened it."""

from __future__ import annotations

import contextlib
import json
import re
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol, Unpack

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, StorageState, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, ContextOptions, new_context
from tests.e2e.test_accounts import Texts, mail_link, sign_up
from tests.e2e.test_foundation import enter_site
from tests.e2e.waiting import still

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")

PUBLIC = [
    "/", "/signup", "/login", "/reset-password", "/pricing", "/premium", "/pages/faq",
    "/pages/terms", "/pages/privacy", "/pages/cookies", "/pages/ban", "/pages/return-policy",
    "/pages/service", "/pages/accessibility", "/complaints", "/lang-config", "/safety",
]
LANDERS = [
    "alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding", "socialnetwork",
    "transitionsvideolanding", "video", "tinderswipe",
]
MEMBER_LANDERS = ["landing", "signup", "landing2", "landing3"]
MEMBER_PAGES = ["/members", "/members/{member}", "/likes", "/chats", "/profile", "/credits",
                "/notifications", "/decisions"]
# At phone width too: the pages whose navigation and layout change most.
PHONE_PAGES = {"/", "/signup", "/complaints", "/safety", "/members", "/chats", "/profile"}


def _id(path: str) -> str:
    return path.strip("/").replace("/", "-").replace("{", "").replace("}", "") or "home"


def _cases(paths: list[str]) -> list[Any]:
    cases = [pytest.param(path, DESKTOP, id=f"{_id(path)}-1280") for path in paths]
    cases += [pytest.param(path, PHONE, id=f"{_id(path)}-375") for path in paths
              if path in PHONE_PAGES]
    return cases


# ---------------------------------------------------------------------------- helpers

def fresh_context(browser: Browser, viewport: ViewportSize,
                  **options: Unpack[ContextOptions]) -> BrowserContext:
    """A context where axe may be injected (the site's CSP allows only its own scripts)."""
    options["bypass_csp"] = True
    return new_context(browser, viewport, **options)


def api_json(live_server: str, path: str) -> Any:
    with urllib.request.urlopen(f"{live_server}{path}", timeout=10) as answer:
        return json.load(answer)


def entry_warning_open(page: Page) -> bool:
    return page.get_by_role("dialog").filter(
        has=page.get_by_role("button", name=re.compile("18"))).count() > 0


def settle(page: Page) -> None:
    """The screen as the visitor sees it: loaded, its data in, its entrance over. A page
    that keeps loading (a video) or keeps a spinner is checked as it is after a while."""
    page.wait_for_load_state("load")
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_load_state("networkidle", timeout=10_000)
    # Selector waits, not predicates: a predicate is evaluated script, which the site's CSP
    # refuses once Playwright polls it (the contexts here need not bypass the CSP).
    page.wait_for_selector("#root > *", state="attached")
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_selector('#root [aria-busy="true"]', state="detached", timeout=10_000)
    still(page)


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    settle(page)
    if entry_warning_open(page):
        enter_site(page)
        settle(page)


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, { resultTypes: ['violations'] });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`),
            }));
        }""")
    return [v for v in found if v["impact"] in BLOCKING]


def report(found: list[dict[str, Any]]) -> str:
    lines = []
    for v in found:
        targets = "".join(f"\n      {target}" for target in v["targets"][:8])
        more = f"\n      … and {len(v['targets']) - 8} more" if len(v["targets"]) > 8 else ""
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']}\n    {v['helpUrl']}\n"
                     f"    on {len(v['targets'])}:{targets}{more}")
    return "\n".join(lines)


def assert_accessible(page: Page, what: str) -> None:
    found = violations(page)
    assert not found, f"axe on {what}:\n{report(found)}"


def no_time_bonus(page: Page, member: int) -> None:
    """A fresh member with 0 credits is offered the time bonus in a modal after 40 s in
    the members area: not in the middle of these checks."""
    page.evaluate("id => localStorage.setItem('amora.timeBonus.dismissed',"
                  " JSON.stringify({[id]: Date.now()}))", member)


def member_id(page: Page) -> int:
    return int(page.evaluate(
        "fetch('/api/user', {headers: {'X-Client': 'web'}}).then(r => r.json())"
        ".then(d => d.user.id)"))


def focus_inside(page: Page, selector: str) -> None:
    """Waits until the focus is in the element (a modal's focus guard works on a timer)."""
    page.wait_for_function(
        "(selector) => { const box = document.querySelector(selector);"
        " return !!box && box.contains(document.activeElement); }",
        arg=selector, timeout=3_000)


def tab_stays_inside(page: Page, selector: str) -> None:
    """Tab round the dialog and past its last control, then Shift+Tab back: never out."""
    count = int(page.evaluate(
        """(selector) => [...document.querySelector(selector).querySelectorAll(
            'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]),'
            + ' textarea:not([disabled]), [tabindex]:not([tabindex="-1"])')]
            .filter((e) => e.getClientRects().length > 0).length""", selector))
    for _ in range(count + 2):
        page.keyboard.press("Tab")
        focus_inside(page, selector)
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
        focus_inside(page, selector)


# ---------------------------------------------------------------------------- fixtures

class Contexts(Protocol):
    def __call__(self, viewport: ViewportSize,
                 **options: Unpack[ContextOptions]) -> BrowserContext: ...


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Contexts]:
    """New browser contexts (viewport, options) for a test, closed after it, failed or not."""
    opened: list[BrowserContext] = []

    def make(viewport: ViewportSize, **options: Unpack[ContextOptions]) -> BrowserContext:
        opened.append(fresh_context(browser, viewport, **options))
        return opened[-1]

    yield make
    for context in opened:
        context.close()


@pytest.fixture(scope="module")
def demo_members(live_server: str) -> dict[str, int]:
    """Real members of the site: any one for the landing pages, a man for the member."""
    anyone = api_json(live_server, "/api/lander-members?limit=1")["members"]
    men = api_json(live_server, "/api/lander-members?limit=1&gender=male")["members"] or anyone
    assert anyone, "the demo seed has no members with a photo"
    return {"any": int(anyone[0]["id"]), "man": int(men[0]["id"])}


@pytest.fixture(scope="module")
def member_session(browser: Browser, live_server: str) -> StorageState:
    """A member who signed up a moment ago (a woman looking for men): her browser state."""
    context = fresh_context(browser, DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/signup")
        enter_site(page)
        sign_up(page, Texts("en"), f"axe.{uuid.uuid4().hex[:8]}@example.com",
                "zomer aan zee 2026")
        expect(page).to_have_url(re.compile("/(signup-matches|complete-signup)"))
        no_time_bonus(page, member_id(page))
        return context.storage_state()
    finally:
        context.close()


# ---------------------------------------------------------------------------- axe

def test_axe_is_there() -> None:
    assert AXE.exists(), "node_modules/axe-core is missing: npm install"


@pytest.mark.parametrize(("path", "viewport"), _cases(PUBLIC))
def test_public_page_has_no_serious_violations(contexts: Contexts, live_server: str, path: str,
                                                viewport: ViewportSize) -> None:
    page = contexts(viewport).new_page()
    open_page(page, f"{live_server}{path}")
    assert_accessible(page, f"{path} at {viewport['width']} px")


def test_entry_warning_has_no_serious_violations(contexts: Contexts, live_server: str) -> None:
    """The site-entry warning itself, as a first-time visitor sees it over the home page."""
    page = contexts(PHONE).new_page()
    page.goto(live_server)
    expect(page.get_by_role("dialog")).to_be_visible()
    still(page)
    assert_accessible(page, "the site-entry warning")


@pytest.mark.parametrize("name", LANDERS)
def test_lander_has_no_serious_violations(contexts: Contexts, live_server: str,
                                          name: str) -> None:
    page = contexts(DESKTOP).new_page()
    open_page(page, f"{live_server}/landers/{name}")
    assert_accessible(page, f"/landers/{name}")


@pytest.mark.parametrize("name", MEMBER_LANDERS)
def test_member_lander_has_no_serious_violations(contexts: Contexts, live_server: str,
                                                 demo_members: dict[str, int],
                                                 name: str) -> None:
    page = contexts(DESKTOP).new_page()
    path = f"/members/{demo_members['any']}/{name}"
    open_page(page, f"{live_server}{path}")
    assert_accessible(page, path)


@pytest.mark.parametrize(("path", "viewport"), _cases(MEMBER_PAGES))
def test_member_page_has_no_serious_violations(contexts: Contexts, live_server: str,
                                               member_session: StorageState,
                                               demo_members: dict[str, int], path: str,
                                               viewport: ViewportSize) -> None:
    page = contexts(viewport, storage_state=member_session).new_page()
    url = path.format(member=demo_members["man"])
    open_page(page, f"{live_server}{url}")
    expect(page).not_to_have_url(re.compile("/login"))
    assert_accessible(page, f"{url} (member) at {viewport['width']} px")


# ---------------------------------------------------------------------------- keyboard

def test_signup_modal_by_keyboard(contexts: Contexts, live_server: str) -> None:
    page = contexts(DESKTOP).new_page()
    page.goto(live_server)
    enter_site(page)
    opener = page.get_by_test_id("home-signup")
    opener.focus()
    page.keyboard.press("Enter")
    modal = page.locator(".signup-modal[role=dialog]")
    expect(modal).to_be_visible()
    focus_inside(page, ".signup-modal")
    tab_stays_inside(page, ".signup-modal")
    still(page)
    assert_accessible(page, "the signup modal")
    page.keyboard.press("Escape")
    expect(modal).to_have_count(0)
    page.wait_for_function(
        "() => document.activeElement?.getAttribute('data-testid') === 'home-signup'",
        timeout=3_000)


def _sign_up_by_api(contexts: Contexts, live_server: str, live_var: Path, name: str,
                    gender: str, seeking: str) -> tuple[Page, int]:
    """A new member, activated from the mail (so others can find them)."""
    page = contexts(DESKTOP).new_page()
    page.goto(f"{live_server}/pages/faq")
    enter_site(page)
    address = f"{name.lower()}.{uuid.uuid4().hex[:8]}@example.com"
    status = page.evaluate(
        "body => fetch('/api/signup', {method: 'POST', headers: {'Content-Type':"
        " 'application/json'}, body: JSON.stringify(body)}).then(r => r.status)",
        {"email": address, "name": name, "date_of_birth": "1989-04-12",
         "password": "zomer aan zee 2026", "gender": gender, "seeking": seeking,
         "country": "NL", "language": "en"})
    assert status in (200, 201), status
    page.goto(mail_link(live_var, address, 1))
    # The page confirms the address with the server: wait for it, or others cannot find us.
    expect(page.get_by_test_id("activation-continue")).to_be_visible()
    member = member_id(page)
    no_time_bonus(page, member)
    return page, member


def _call(page: Page, method: str, path: str) -> int:
    return int(page.evaluate(
        "async ([method, path]) => (await fetch(path, {method})).status", [method, path]))


def test_match_modal_by_keyboard(contexts: Contexts, live_server: str, live_var: Path) -> None:
    her, her_id = _sign_up_by_api(contexts, live_server, live_var, "Femke", "female", "male")
    him, his_id = _sign_up_by_api(contexts, live_server, live_var, "Joris", "male", "female")
    assert _call(her, "POST", f"/api/members/{his_id}/like") in (200, 201, 204)
    # Her like is offered to him once in the like modal: take that offer now, out of the way.
    deadline = time.monotonic() + 20
    while _call(him, "GET", "/api/auto-like") != 204:
        assert time.monotonic() < deadline, "the like modal keeps offering likes"

    him.goto(f"{live_server}/members/{her_id}")
    like = him.get_by_test_id("member-actions").get_by_test_id("like-button")
    expect(like).to_have_attribute("aria-pressed", "false")
    like.focus()
    him.keyboard.press("Enter")
    celebration = him.get_by_test_id("match-modal")
    expect(celebration).to_be_visible()
    expect(celebration).to_have_attribute("aria-modal", "true")
    focus_inside(him, "[data-testid=match-modal]")
    tab_stays_inside(him, "[data-testid=match-modal]")
    still(him)  # the entrance animation is over
    assert_accessible(him, "the match modal")
    him.keyboard.press("Escape")
    expect(celebration).to_have_count(0)
    him.wait_for_function(
        "() => document.activeElement?.getAttribute('data-testid') === 'like-button'"
        " && !!document.activeElement.closest('[data-testid=member-actions]')", timeout=3_000)
    expect(like).to_have_attribute("aria-pressed", "true")
