"""An operator removes a message (issue 30.4): `amora messages remove` and the recipient's
chat says "removed by the moderators" where the text was, the sender's too with the way
to why (their decision, with its facts and ground), on a phone and a desktop."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import DESKTOP, PHONE, ROOT
from tests.e2e.test_chat import amora, join, other_size, send, shot

CHAT = json.loads((ROOT / "web/src/locales/en/chat.json").read_text(encoding="utf-8"))
REMOVED = CHAT["conversation"]["removed"]


def test_a_removed_message_is_gone_from_both_chats(browser: Browser, live_server: str,
                                                    live_var: Path) -> None:
    lotte, _ = join(browser, live_server, live_var, "Lotte", True, DESKTOP)
    jonas, jonas_id = join(browser, live_server, live_var, "Jonas", False, PHONE)
    lotte.goto(f"{live_server}/members/{jonas_id}/chat")
    send(lotte, "You are worthless and everyone here laughs at you")
    send(lotte, "Coffee on Saturday?")
    conversation = lotte.url.rsplit("/", 1)[1]
    first = int(lotte.evaluate(
        """id => fetch(`/api/chats/${id}/messages`, {headers: {'X-Client': 'web'}})
              .then(r => r.json()).then(d => d.messages[0].id)""", conversation))

    amora(live_var, "messages", "remove", str(first), "--ground", "harassment", "--facts",
          "The message insulted the member.", "--actor", "e2e")

    # Jonas opens the chat: the text is gone, something was removed, nothing to click.
    jonas.goto(f"{live_server}/chats/{conversation}")
    bubbles = jonas.get_by_test_id("chat-message")
    expect(bubbles).to_have_count(2)
    expect(bubbles.first.get_by_test_id("chat-message-removed")).to_have_text(REMOVED)
    expect(bubbles.first).not_to_contain_text("worthless")
    expect(bubbles.first.get_by_test_id("chat-message-removed-why")).to_have_count(0)
    expect(bubbles.last).to_contain_text("Coffee on Saturday?")
    shot(jonas, "e30-message-removed-recipient-375")
    other_size(jonas.context, jonas.url, "e30-message-removed-recipient-1280", DESKTOP,
               "chat-message-removed")

    # Lotte's copy leads to why: her decision, with the facts.
    lotte.reload()
    why = lotte.get_by_test_id("chat-message-removed-why")
    expect(why).to_be_visible()
    shot(lotte, "e30-message-removed-sender-1280")
    other_size(lotte.context, lotte.url, "e30-message-removed-sender-375", PHONE,
               "chat-message-removed-why")
    why.click()
    expect(lotte.get_by_text("The message insulted the member.")).to_be_visible()
