"""A live Amora server (migrated, demo-seeded, serving the built web app) and Chromium.

The browser is Debian's Chromium driven by Playwright; nothing is downloaded.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypedDict, Unpack

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Geolocation,
    Locator,
    Page,
    StorageState,
    ViewportSize,
    expect,
    sync_playwright,
)

from tests.e2e.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = ROOT / "test-results" / "screenshots"
# The built web app the live server serves: web/dist, or another build (E2E_WEB_DIST) so
# that a build of one's own changes does not replace the one other test runs are using.
WEB_DIST = Path(os.environ.get("E2E_WEB_DIST") or ROOT / "web" / "dist")

# A loaded machine (CI shares two cores with PostgreSQL, Redis and the server) can take
# longer than Playwright's 5 s to show a screen; waits are on conditions, so a longer
# limit costs nothing when things are quick.
expect.set_options(timeout=15_000)
PHONE: ViewportSize = {"width": 375, "height": 812}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _amora(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)


@pytest.fixture(scope="session")
def live_var(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live server's data folder: its database, photos and mail (var/mail/*.eml)."""
    return tmp_path_factory.mktemp("live")


@contextmanager
def serving(var: Path, members: int, **extra: str) -> Iterator[str]:
    """`amora serve` on a free port with a migrated VAR_DIR and ``members`` demo members
    (SQLite, no Redis): its base URL, once it answers /api/health."""
    if not (WEB_DIST / "index.html").exists():
        pytest.fail("web/dist is missing: run `npm run build` (make test does)")
    port = _free_port()
    env = {**os.environ, "VAR_DIR": str(var), "PORT": str(port), "SECRET_KEY": "e2e",
           "WEB_DIST": str(WEB_DIST), "RATE_LIMITS": "off", **extra}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    _amora(env, "db", "upgrade")
    _amora(env, "demo", "seed", "--members", str(members))
    # Its access lines and errors stay in VAR_DIR/server.log: a failing test can be read there.
    log = (var / "server.log").open("ab")
    server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve"], cwd=ROOT, env=env,
                              stdout=log, stderr=subprocess.STDOUT)
    log.close()  # the server holds its own copy
    base = f"http://127.0.0.1:{port}"

    def answering() -> bool | None:
        if server.poll() is not None:
            pytest.fail("the live server did not start")
        try:
            with urllib.request.urlopen(f"{base}/api/health", timeout=1):
                return True
        except OSError:
            return None

    try:
        wait_until(answering, "the live server's health check")
    except AssertionError:
        server.kill()
        raise
    try:
        yield base
    finally:
        server.terminate()  # graceful: idle keep-alive connections may hold it up to 20 s
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="session")
def live_server(live_var: Path) -> Iterator[str]:
    # test_notifications runs its own push service on 127.0.0.1
    with serving(live_var, 40, PUSH_ALLOW_LOOPBACK="1") as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync"],
        )
        yield launched
        launched.close()


class ContextOptions(TypedDict, total=False):
    """The options of Playwright's new_context the tests use besides the viewport."""

    bypass_csp: bool
    extra_http_headers: dict[str, str]
    geolocation: Geolocation
    has_touch: bool
    is_mobile: bool
    permissions: list[str]
    storage_state: StorageState
    timezone_id: str
    user_agent: str


def new_context(browser: Browser, viewport: ViewportSize, locale: str = "en-GB",
                **options: Unpack[ContextOptions]) -> BrowserContext:
    return browser.new_context(viewport=viewport, locale=locale, device_scale_factor=1,
                               **options)


def browser_of(context: BrowserContext) -> Browser:
    """The browser a context was opened in (None only for a persistent context)."""
    assert context.browser is not None
    return context.browser


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = new_context(browser, DESKTOP)
    yield context.new_page()
    context.close()


def screenshot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def reload_until_banned(page: Page) -> None:
    """After `amora members ban` (another process): the ban closes the member's open socket
    and the server forgets the sign-in it remembers (application/recent_sign_ins.py) when
    the commit's announcement reaches it, a datagram away; the open page then asks for the
    member, hears account_banned and shows the ban page by itself. Only if it does not,
    reload (a reload while that answer is on its way would leave a signed-out page: the
    403 clears the cookie). A generous deadline: on a busy box a reload can take seconds."""
    deadline = time.monotonic() + 90
    while True:
        try:
            expect(page).to_have_url(re.compile("/pages/ban$"), timeout=3000)
            return
        except AssertionError:
            assert time.monotonic() < deadline, "the server never saw the ban"
        page.reload()


def choose_radio(radio: Locator) -> None:
    """A styled radio (the input is visually hidden behind its card): clicked through the
    DOM, which a forced pointer click on a loaded box sometimes missed, then checked."""
    radio.evaluate("input => input.click()")
    expect(radio).to_be_checked()
