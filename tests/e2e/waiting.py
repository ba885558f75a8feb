"""Waits on conditions, never on fixed times (tests/test_e2e_waits.py keeps it so).

In the browser, Playwright's `expect` and `wait_for_*` wait for what the page shows. For
what happens outside it (a mail a job writes, a request another server receives),
`wait_until` asks again until the answer comes or the deadline passes: this module is
the one place where the tests pause between two questions.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import Page

T = TypeVar("T")

# The page's own animations and transitions are over (an endless one, a spinner, does not
# count): what a screenshot or an accessibility check should see.
_STILL = """() => document.getAnimations().every(animation =>
    animation.playState !== 'running'
    || animation.effect?.getComputedTiming().iterations === Infinity)"""

# Two frames after a change: the browser has painted it and run the handlers it triggered
# (a scroll's listeners, a transition they start).
_TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def wait_until(find: Callable[[], T | None], what: str, timeout: float = 30) -> T:
    """The first answer of ``find`` that is not None, asked every tenth of a second; an
    AssertionError naming ``what`` when ``timeout`` seconds pass without one."""
    deadline = time.monotonic() + timeout
    while True:
        found = find()
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s in vain for {what}")
        time.sleep(0.1)


def still(page: Page) -> None:
    """Waits until what changed last has been painted and its animations are over."""
    page.evaluate(_TWO_FRAMES)
    page.wait_for_function(_STILL)


def scroll_to(page: Page, script: str) -> None:
    """Runs ``script`` (a scroll), then waits until the page is still again."""
    page.evaluate(script)
    still(page)


def scroll_to_end(page: Page) -> None:
    scroll_to(page, "window.scrollTo(0, document.documentElement.scrollHeight)")
