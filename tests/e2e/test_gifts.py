"""Gifts and locked photos (issue 7): a free member with granted credits unlocks a locked
photo on a new member's profile, sends him a rose from there and a coffee from the
conversation; he sees both arrive live — in his conversation list and in the chat."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT
from tests.e2e.test_chat import amora, join, shot

GIFTS = json.loads((ROOT / "web/src/locales/en/gifts.json").read_text(encoding="utf-8"))
DISCOVERY = json.loads((ROOT / "web/src/locales/en/discovery.json").read_text(encoding="utf-8"))


def text(template: str, **values: object) -> str:
    """A catalog text with its {{placeholders}} filled in."""
    return re.sub(r"{{\s*(\w+)\s*}}", lambda m: str(values[m.group(1)]), template)


def credits(page: Page) -> int:
    return int(page.evaluate(
        "fetch('/api/user', {headers: {'X-Client': 'web'}})"
        ".then(r => r.json()).then(d => d.user.credits)"))


def api_json(page: Page, path: str) -> Any:
    return page.evaluate("path => fetch(path).then(r => r.json())", path)


def photo(tmp_path: Path, name: str, colour: tuple[int, int, int]) -> Path:
    path = tmp_path / f"{name}.jpg"
    out = io.BytesIO()
    Image.new("RGB", (900, 1200), colour).save(out, "JPEG")
    path.write_bytes(out.getvalue())
    return path


def two_approved_photos(page: Page, live_server: str, live_var: Path, tmp_path: Path) -> None:
    """Two photos on the member's profile, approved: a free viewer sees the first only."""
    page.goto(f"{live_server}/profile")
    tiles = page.get_by_test_id("photo-tile")
    for n, colour in enumerate([(30, 140, 130), (200, 70, 110)], 1):
        upload = photo(tmp_path, f"photo{n}", colour)
        page.get_by_test_id("photo-upload").set_input_files(str(upload))
        expect(tiles).to_have_count(n)
    for tile in tiles.all():
        amora(live_var, "photos", "approve", str(tile.get_attribute("data-photo-id")),
              "--actor", "e2e")


def test_gifts_arrive_live_and_a_free_member_unlocks_a_photo(
        browser: Browser, live_server: str, live_var: Path, tmp_path: Path) -> None:
    lotte, lotte_id = join(browser, live_server, live_var, "Lotte", True, DESKTOP)
    jonas, jonas_id = join(browser, live_server, live_var, "Jonas", False, PHONE)
    two_approved_photos(jonas, live_server, live_var, tmp_path)
    amora(live_var, "credits", "grant", str(lotte_id), "100", "--reason", "e2e", "--actor", "e2e")
    prices = {gift["key"]: gift["price"] for gift in api_json(lotte, "/api/gifts")["gifts"]}
    jonas.goto(f"{live_server}/chats")
    expect(jonas.get_by_test_id("chats-empty")).to_be_visible()

    # Lotte, free, sees his second photo locked and opens it for the site's photo price.
    lotte.goto(f"{live_server}/members/{jonas_id}")
    expect(lotte.get_by_test_id("member-name")).to_contain_text("Jonas")
    profile = api_json(lotte, f"/api/members/{jonas_id}")["profile"]
    cost = int(profile["photo_credits"])
    assert cost > 0
    balance = credits(lotte)
    locked = text(DISCOVERY["profile"]["showLocked"], number=2)
    lotte.get_by_role("button", name=locked, exact=True).click()
    offer = lotte.get_by_test_id("unlock-offer")
    expect(offer.get_by_test_id("unlock-photo")).to_have_text(
        text(DISCOVERY["profile"]["unlock"], credits=cost))
    expect(offer.get_by_test_id("unlock-premium")).to_have_attribute("href", "/premium")
    shot(lotte, "photo-locked-en-1280")
    # One tap asks first, with the price and the balance (issue 29.5); nothing spent yet.
    offer.get_by_test_id("unlock-photo").click()
    confirm = lotte.get_by_test_id("unlock-confirm-terms")
    expect(confirm).to_have_text(text(DISCOVERY["profile"]["unlockTerms"], credits=cost,
                                      balance=balance))
    assert credits(lotte) == balance
    lotte.get_by_test_id("unlock-confirm-yes").click()
    expect(lotte.get_by_test_id("unlock-offer")).to_have_count(0)
    opened = lotte.get_by_role("img", name=text(DISCOVERY["profile"]["photoAlt"], number=2,
                                                name="Jonas"))
    expect(opened).to_be_visible()
    # It loads at once, by the link the unlock signed for Lotte (a bare name answers 404).
    lotte.wait_for_function("img => img.complete && img.naturalWidth > 0",
                            arg=opened.element_handle())
    assert "?exp=" in (opened.get_attribute("src") or "")
    assert credits(lotte) == balance - cost
    lotte.reload()  # the server remembers it
    expect(lotte.get_by_test_id("member-name")).to_contain_text("Jonas")
    expect(lotte.get_by_test_id("locked-photo")).to_have_count(0)

    # A rose from his profile.
    balance = credits(lotte)
    lotte.get_by_test_id("member-actions").get_by_test_id("gift-button").click()
    picker = lotte.get_by_role("dialog")
    expect(picker).to_contain_text(text(GIFTS["picker"]["title"], name="Jonas"))
    expect(picker.get_by_test_id("gift-option")).to_have_count(6)
    expect(picker.get_by_test_id("gift-balance")).to_contain_text(str(balance))
    shot(lotte, "gift-picker-en-1280")
    picker.locator("[data-testid=gift-option][data-gift=rose]").click()
    # Asked with the price before anything is charged (issue 19.5).
    expect(picker.get_by_test_id("gift-confirm-question")).to_have_text(text(
        GIFTS["picker"]["confirm"], gift=GIFTS["object"]["rose"], name="Jonas",
        credits=str(prices["rose"])))
    assert credits(lotte) == balance
    shot(lotte, "gift-confirm-en-1280")
    picker.get_by_test_id("gift-confirm-send").click()
    sent = picker.get_by_test_id("gift-sent")
    expect(sent).to_contain_text(
        text(GIFTS["picker"]["sent"], gift=GIFTS["object"]["rose"], name="Jonas"))
    assert credits(lotte) == balance - prices["rose"]

    # He sees it come in on his list, then in the conversation.
    row = jonas.locator(f"[data-testid=chat-row][data-member-id='{lotte_id}']")
    expect(row.get_by_test_id("chat-preview")).to_have_text(
        text(GIFTS["message"]["preview"], gift=GIFTS["names"]["rose"]))
    row.get_by_role("link").click()
    gift = jonas.get_by_test_id("chat-message").last
    expect(gift).to_have_attribute("data-gift", "rose")
    expect(gift).to_contain_text(text(GIFTS["message"]["theirs"], name="Lotte",
                                      gift=GIFTS["object"]["rose"]))
    shot(jonas, "chat-gift-en-375")

    # She follows the notice to the conversation and sends a coffee from the message field.
    sent.get_by_test_id("gift-to-chat").click()
    expect(lotte).to_have_url(re.compile(r"/chats/\d+$"))
    expect(lotte.get_by_test_id("chat-message").last).to_contain_text(
        text(GIFTS["message"]["mine"], gift=GIFTS["object"]["rose"]))
    lotte.get_by_test_id("chat-composer").get_by_test_id("gift-button").click()
    lotte.locator("[data-testid=gift-option][data-gift=coffee]").click()
    lotte.get_by_test_id("gift-confirm-send").click()
    expect(lotte.get_by_role("dialog")).to_have_count(0)
    mine = lotte.get_by_test_id("chat-message").last
    expect(mine).to_have_attribute("data-gift", "coffee")
    expect(mine).to_have_attribute("data-status", "sent")
    theirs = jonas.get_by_test_id("chat-message").last
    expect(theirs).to_have_attribute("data-gift", "coffee")
    expect(theirs).to_contain_text(text(GIFTS["message"]["theirs"], name="Lotte",
                                        gift=GIFTS["object"]["coffee"]))
    expect(jonas.get_by_test_id("chat-message")).to_have_count(2)
    shot(lotte, "chat-gifts-en-1280")
    lotte.context.close()
    jonas.context.close()
