"""What the list of a member's sign-ins needs from outside (issue 33.3): what a user agent
says it is, and a country's name in the member's language."""

from __future__ import annotations

from typing import Protocol

from domain.sign_ins import Browser


class UserAgents(Protocol):
    def describe(self, user_agent: str | None) -> Browser:
        """The browser, system and device a User-Agent header names (all None for an
        empty or unknown one)."""
        ...


class PlaceNames(Protocol):
    def country(self, code: str, language: str) -> str | None:
        """The country's name in the language ("Deutschland" for DE in de); None for a
        code no country has."""
        ...
