"""Tab labels keep their words whole on a phone (issue 29.7): in each of the 11 languages
at 375 px and on the narrowest phones (320 px), no label of the phone tab bar is cut short
with an ellipsis, and no word of the likes page's tabs is wider than its tab (which would
break it mid-word)."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import PHONE, new_context, screenshot
from tests.e2e.test_navigation import skip_entry_warning

LANGUAGES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"]

# Each label: its text, the width of its box, and the width of its widest word, each
# word measured alone in the label's own place and font.
LABELS = """selector => [...document.querySelectorAll(selector)].map(label => {
  const probe = label.cloneNode(false);
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;max-width:none';
  label.parentNode.appendChild(probe);
  let widest = 0;
  for (const word of label.textContent.split(/\\s+/).filter(Boolean)) {
    probe.textContent = word;
    widest = Math.max(widest, probe.getBoundingClientRect().width);
  }
  probe.remove();
  return {text: label.textContent, box: label.getBoundingClientRect().width, widest,
          cut: label.scrollWidth > label.clientWidth + 0.5};
})"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tab_labels_keep_their_words_whole_on_a_phone(browser: Browser, live_server: str,
                                                      lang: str) -> None:
    context = new_context(browser, PHONE, locale=lang)
    page = context.new_page()
    page.goto(f"{live_server}/pages/faq")
    skip_entry_warning(page)
    status = page.evaluate(
        "body => fetch('/api/signup', {method: 'POST', headers: {'Content-Type':"
        " 'application/json'}, body: JSON.stringify(body)}).then(r => r.status)",
        {"email": f"tabs.{lang}.{uuid.uuid4().hex[:8]}@example.com", "name": "Tabea",
         "date_of_birth": "1990-04-12", "password": "zomer aan zee 2026",
         "gender": "female", "seeking": "male", "country": "NL", "language": lang})
    assert status == 201, status
    labels = []
    for width in (320, PHONE["width"]):
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        page.goto(f"{live_server}/likes")
        page.wait_for_selector(".likes-tabs__label")
        page.wait_for_selector(".tab-bar__label")
        labels += page.evaluate(LABELS, ".tab-bar__label, .likes-tabs__label")
        screenshot(page, f"tab-words-{lang}-{width}")
    context.close()
    assert len(labels) >= 16
    cut = [label["text"] for label in labels if label["cut"]]
    broken = [label["text"] for label in labels if label["widest"] > label["box"] + 0.5]
    assert not cut and not broken, (cut, broken)
