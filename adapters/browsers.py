"""What a browser's User-Agent header says it is (issue 33.3), read with ua-parser: the
browser, the system and, for phones and tablets, the device. Settings shows it beside
each session, and a browser family not seen before on a device is a new device."""

from __future__ import annotations

from functools import lru_cache

from ua_parser import parse

from domain.sign_ins import Browser

_UNKNOWN = ("Other", "Generic Smartphone", "Generic Feature Phone", "Generic Tablet")


def _named(value: str | None) -> str | None:
    return value if value and value not in _UNKNOWN else None


class ParsedUserAgents:
    def describe(self, user_agent: str | None) -> Browser:
        return _describe(user_agent or "")


@lru_cache(maxsize=1024)  # a member's list reads the same few headers again and again
def _describe(user_agent: str) -> Browser:
    if not user_agent:
        return Browser()
    found = parse(user_agent[:300])  # as much as the sessions table keeps
    agent, system, device = found.user_agent, found.os, found.device
    browser = _named(agent.family) if agent else None
    system_name = _named(system.family) if system else None
    return Browser(
        browser=browser, browser_version=agent.major if agent and browser else None,
        system=system_name, system_version=system.major if system and system_name else None,
        device=_named(device.family) if device else None)
