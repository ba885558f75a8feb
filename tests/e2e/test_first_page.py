"""A visitor's first pages make no failing request and log no console error (issue 17):
no GET /api/user 403 for someone without a session, the settings come with the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Response, expect

from tests.e2e.conftest import PHONE, new_context
from tests.e2e.test_foundation import enter_site


@pytest.mark.parametrize("path", ["/", "/members"])
def test_a_visitors_page_is_clean(browser: Browser, live_server: str, path: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    errors: list[str] = []
    failed: list[str] = []
    requests: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    def on_response(response: Response) -> None:
        requests.append(response.url)
        if response.status >= 400:
            failed.append(f"{response.status} {response.request.method} {response.url}")

    page.on("console", on_console)
    page.on("response", on_response)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}{path}")
    enter_site(page)
    expect(page.locator(".boot-splash")).to_have_count(0)
    page.wait_for_load_state("networkidle")
    context.close()
    assert failed == []
    assert errors == []
    api = [url.removeprefix(live_server).split("?")[0] for url in requests if "/api/" in url]
    assert "/api/user" not in api and "/api/settings" not in api  # came with the page
