"""A visitor's first look: landing in their language, the entry warning, legal pages,
language switching, the 404 screen — at phone and desktop widths."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, new_context, screenshot


def settings(base: str, lang: str) -> dict[str, object]:
    with urllib.request.urlopen(f"{base}/api/settings?lang={lang}") as answer:
        found: dict[str, object] = json.load(answer)
        return found


def enter_site(page: Page) -> None:
    """Accept the site-entry warning (adults only)."""
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=re.compile("18")).click()
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize(("viewport", "locale", "lang"), [
    (PHONE, "nl-NL", "nl"), (DESKTOP, "nl-NL", "nl"), (PHONE, "de-DE", "de"),
    (DESKTOP, "en-GB", "en"),
])
def test_landing_in_the_visitor_language(browser: Browser, live_server: str,
                                         viewport: ViewportSize, locale: str,
                                         lang: str) -> None:
    context = new_context(browser, viewport, locale=locale)
    page = context.new_page()
    page.goto(live_server)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    title = str(settings(live_server, lang)["index_title"])
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    screenshot(page, f"landing-{lang}-{viewport['width']}-warning")
    enter_site(page)
    expect(page).to_have_title(re.compile(re.escape(title)))
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"landing-{lang}-{viewport['width']}")
    context.close()


def test_entry_warning_is_shown_once(browser: Browser, live_server: str) -> None:
    context = new_context(browser, DESKTOP)
    page = context.new_page()
    page.goto(live_server)
    enter_site(page)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    marker = page.evaluate("Object.keys(localStorage).filter(k => /entry/i.test(k))")
    assert marker, "the skip marker is stored"
    context.close()


def test_language_dropdown_switches_and_remembers(browser: Browser, live_server: str) -> None:
    context = new_context(browser, DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(live_server)
    enter_site(page)
    page.get_by_role("button", name="Language").click()
    page.get_by_role("button", name="Deutsch").or_(page.get_by_text("Deutsch")).first.click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        str(settings(live_server, "de")["index_title"]))
    cookie = next(c for c in context.cookies() if c["name"] == "i18n_redirected")
    assert cookie["value"] == "de" and cookie["path"] == "/" and cookie["sameSite"] == "Lax"
    assert cookie["expires"] > 0
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_terms_page_names_the_operator(browser: Browser, live_server: str,
                                       viewport: ViewportSize) -> None:
    context = new_context(browser, viewport, locale="nl-NL")
    page = context.new_page()
    page.goto(f"{live_server}/pages/terms")
    enter_site(page)
    with urllib.request.urlopen(f"{live_server}/api/companyinfo") as answer:
        company = json.load(answer)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.locator("main")).to_contain_text(company["name"])
    expect(page.locator("main")).to_contain_text(company["kvk"])
    screenshot(page, f"terms-nl-{viewport['width']}")
    context.close()


def test_faq_and_footer_links(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/pages/faq")
    enter_site(page)
    footer = page.locator("footer")
    for name in ("Terms and conditions", "Privacy policy", "Cookie policy", "FAQ"):
        expect(footer.get_by_role("link", name=name).first).to_be_visible()
    footer.get_by_role("link", name="Privacy policy").first.click()
    expect(page).to_have_url(re.compile("/pages/privacy$"))
    screenshot(page, "privacy-en-1280")


def test_unknown_route_shows_the_404_screen(browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/no/such/screen")
    enter_site(page)
    expect(page.get_by_text("This page could not be found")).to_be_visible()
    screenshot(page, "not-found-375")
    page.get_by_role("link", name="Back to the home page").click()
    expect(page).to_have_url(f"{live_server}/")
    context.close()


def test_lang_config_screen(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/lang-config")
    enter_site(page)
    group = page.get_by_role("radiogroup")
    group.get_by_role("radio", name=re.compile("Nederlands")).click()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    screenshot(page, "lang-config-nl-1280")


def test_unknown_api_path_is_json(live_server: str) -> None:
    try:
        urllib.request.urlopen(f"{live_server}/api/nothing-here")
    except urllib.error.HTTPError as error:
        assert error.code == 404
        assert json.load(error) == {"error": "not_found", "params": {}}
    else:
        raise AssertionError("expected a 404")


def test_the_entry_warning_comes_with_the_page(browser: Browser, live_server: str) -> None:
    """The server draws the warning before the app's script has loaded (issue 36.5, the
    landing's largest paint): it shows and works without the script, and the app then
    takes it as entered."""
    context = new_context(browser, PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text))
    page.route(re.compile(r"/assets/.*\.js$"), lambda route: route.abort())
    page.goto(live_server)
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Adults only")
    expect(dialog.get_by_role("link", name="terms and conditions")).to_have_attribute(
        "href", "/pages/terms")
    screenshot(page, "landing-en-390-warning-before-the-app")
    enter_site(page)
    assert [error for error in errors if "Content Security Policy" in error] == []
    page.unroute(re.compile(r"/assets/.*\.js$"))
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    context.close()
