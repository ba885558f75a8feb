"""Where a member is signed in (issue 33.3): each session's device and browser, its rough
place and when it was last used, and which sign-ins come from a device the member has not
used before (those are mailed: "was this you?").

A device is the browser's device cookie (amora_device, issue 31.3) together with the
browser's family as its user agent names it ("Chrome", "Mobile Safari"): a sign-in is from
a new device when no earlier session of the member had both. Sessions from before the
device cookie (their device is unknown) count by the browser family alone, so members do
not get the mail for every browser they used before it existed. The first session a member
ever has (at signup) is never new: there is nothing to compare it with, and nobody to warn.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

import attrs

# A session's last use is written at most this often: not on every request (the signed-in
# lookup is the hottest read), and "last active" needs no more precision than this.
SEEN_EVERY = timedelta(minutes=5)
# How long the mail's link can end the session: as long as the session could live.
END_LINK_LIFETIME = timedelta(days=30)


@attrs.frozen
class Browser:
    """What a user agent says about itself, as far as it says it (None: it does not)."""

    browser: str | None = None  # "Chrome", "Mobile Safari"
    browser_version: str | None = None  # "120"
    system: str | None = None  # "Windows", "iOS"
    system_version: str | None = None  # "10", "17"
    device: str | None = None  # "iPhone", "Samsung SM-G991B"; None for a plain computer

    @property
    def family(self) -> str:
        """The browser's family, what tells one browser on a device from another."""
        return self.browser or ""


@attrs.frozen
class EarlierSignIn:
    device: str | None  # the device cookie of an earlier session (None: from before it)
    family: str


def is_new_device(device: str | None, family: str, earlier: Iterable[EarlierSignIn]) -> bool:
    """Whether a sign-in with this device cookie and browser family is from a device none
    of the member's earlier sessions used (no earlier session at all: not new)."""
    seen = False
    for before in earlier:
        seen = True
        if before.family == family and (before.device is None or before.device == device):
            return False
    return seen


def use_due(last_seen_at: datetime | None, created_at: datetime, now: datetime) -> bool:
    """Whether a session's use now is worth writing down (SEEN_EVERY since the last)."""
    return now - (last_seen_at or created_at) >= SEEN_EVERY
