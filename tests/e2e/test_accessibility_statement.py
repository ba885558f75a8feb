"""The accessibility statement (issue 34.6, European Accessibility Act): the footer of every
page links it, in the visitor's language; axe-core finds nothing on it or on the home page,
and the defects its review fixed stay fixed: the disclaimer outside every landmark (axe's
region rule), text under 4.5:1 on the gradients that axe leaves to a person (measured here
from the pixels), the password toggle without a visible focus, and a page opened afresh
that came up scrolled to where the previous one was left."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT, new_context, screenshot
from tests.e2e.test_accessibility import AXE, BLOCKING, open_page, report

# Rules the review fixed and that are below "serious": checked all the same.
FIXED = {"region"}


def legal(language: str) -> dict[str, Any]:
    catalog: dict[str, Any] = json.loads(
        (ROOT / "web" / "src" / "locales" / language / "legal.json").read_text(encoding="utf-8"))
    statement: dict[str, Any] = catalog["accessibility"]
    return statement


def footer_label(language: str) -> str:
    common = json.loads(
        (ROOT / "web" / "src" / "locales" / language / "common.json").read_text(encoding="utf-8"))
    return str(common["footer"]["accessibility"])


def axe_findings(page: Page) -> list[dict[str, Any]]:
    """axe's violations of WCAG 2.0-2.2 A/AA and its best practices that are serious,
    critical or one the review fixed."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, {
                runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa',
                                                'wcag22aa', 'best-practice']},
                resultTypes: ['violations'] });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`),
            }));
        }""")
    return [v for v in found if v["impact"] in BLOCKING or v["id"] in FIXED]


def _luminance(rgb: tuple[float, ...]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (channel(v) for v in rgb[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _ratio(one: tuple[float, ...], other: tuple[float, ...]) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_contrast(page: Page, selector: str) -> float:
    """The contrast of an element's text with what lies under it, where axe cannot tell
    (a gradient): the text is made transparent, the box photographed, and the median pixel
    compared with the text's colour."""
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    color = element.evaluate("e => getComputedStyle(e).color")
    text = tuple(float(v) for v in re.findall(r"[\d.]+", color)[:3])
    element.evaluate("e => { e.style.setProperty('color', 'transparent', 'important');"
                     " e.style.setProperty('text-shadow', 'none', 'important'); }")
    box = element.bounding_box()
    assert box, selector
    image = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB")
    pixels = [pixel for y in range(image.height) for x in range(image.width)
              if isinstance(pixel := image.getpixel((x, y)), tuple)]  # RGB: all of them
    element.evaluate("e => { e.style.removeProperty('color');"
                     " e.style.removeProperty('text-shadow'); }")
    ratios = sorted(_ratio(text, pixel) for pixel in pixels)
    return ratios[len(ratios) // 2]


@pytest.mark.parametrize(("locale", "language", "viewport"), [
    ("en-GB", "en", DESKTOP), ("nl-NL", "nl", PHONE)])
def test_the_footer_opens_the_statement_in_the_visitors_language(
        browser: Browser, live_server: str, locale: str, language: str,
        viewport: ViewportSize) -> None:
    # bypass_csp: the site's CSP allows no evaluated script, as Playwright's waits are.
    context = new_context(browser, viewport, locale=locale, bypass_csp=True)
    try:
        page = context.new_page()
        open_page(page, f"{live_server}/")
        link = page.get_by_role("contentinfo").get_by_role("link", name=footer_label(language),
                                                           exact=True)
        link.scroll_into_view_if_needed()
        link.click()
        expect(page).to_have_url(re.compile(r"/pages/accessibility$"))
        text = legal(language)
        expect(page.get_by_role("heading", level=1)).to_have_text(text["title"])
        expect(page).to_have_title(re.compile(re.escape(text["title"])))
        main = page.locator("main")
        for section in text["sections"].values():
            expect(main.get_by_role("heading", level=2, name=section["heading"],
                                    exact=True)).to_be_attached()
        # The demo company is Dutch: its authority is named, its support address linked.
        expect(main).to_contain_text("Autoriteit Consument & Markt (ACM)")
        support = json.loads(page.evaluate(
            "fetch('/api/settings').then(r => r.text())"))["support_email"]
        expect(main.get_by_role("link", name=support).first).to_have_attribute(
            "href", f"mailto:{support}")
        expect(main).not_to_contain_text("{{")
        # The page goes to its top (smoothly), its title in sight.
        page.wait_for_function("() => window.scrollY === 0")
        screenshot(page, f"accessibility-statement-{language}-{viewport['width']}")
    finally:
        context.close()


@pytest.mark.parametrize(("path", "viewport"), [
    ("/pages/accessibility", DESKTOP), ("/pages/accessibility", PHONE), ("/", DESKTOP),
    ("/", PHONE), ("/login", PHONE)])
def test_axe_finds_nothing(browser: Browser, live_server: str, path: str,
                           viewport: ViewportSize) -> None:
    context = new_context(browser, viewport, bypass_csp=True)
    try:
        page = context.new_page()
        open_page(page, f"{live_server}{path}")
        found = axe_findings(page)
        assert not found, f"axe on {path} at {viewport['width']} px:\n{report(found)}"
    finally:
        context.close()


def test_text_on_the_gradients_keeps_its_contrast(browser: Browser, live_server: str) -> None:
    context = new_context(browser, DESKTOP)
    try:
        page = context.new_page()
        open_page(page, f"{live_server}/")
        assert text_contrast(page, ".hero__eyebrow") >= 4.5
        open_page(page, f"{live_server}/login")
        assert text_contrast(page, ".auth-page__footer a") >= 4.5
    finally:
        context.close()


def test_the_password_toggle_shows_the_keyboards_focus(browser: Browser,
                                                       live_server: str) -> None:
    context = new_context(browser, DESKTOP)
    try:
        page = context.new_page()
        open_page(page, f"{live_server}/login")
        toggle = page.locator(".account-field__toggle").first
        page.locator("input[type=password]").first.focus()
        page.keyboard.press("Tab")
        expect(toggle).to_be_focused()
        ring = toggle.evaluate("e => { const s = getComputedStyle(e);"
                               " return [s.boxShadow, s.outlineStyle, s.outlineWidth]; }")
        assert ring[0] != "none" or (ring[1] != "none" and ring[2] != "0px"), ring
    finally:
        context.close()


def test_a_page_opened_afresh_starts_at_its_top(browser: Browser, live_server: str) -> None:
    context = new_context(browser, PHONE)
    try:
        page = context.new_page()
        open_page(page, f"{live_server}/pages/terms")
        page.evaluate("window.scrollTo(0, 900)")
        page.wait_for_function("() => window.scrollY >= 900")
        page.goto(f"{live_server}/pages/accessibility")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.scrollY") == 0
    finally:
        context.close()
