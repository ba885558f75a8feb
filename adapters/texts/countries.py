"""Country names in the member's language, from CLDR (babel): the place of a sign-in in
the "was this you?" mail (issue 33.3)."""

from __future__ import annotations

from functools import cache

from babel import Locale

from domain.locales import DEFAULT_LOCALE, LOCALES, is_locale


@cache
def _names(language: str) -> dict[str, str]:
    code = language if is_locale(language) else DEFAULT_LOCALE
    locale = next(known.gif_locale for known in LOCALES if known.code == code)
    return dict(Locale.parse(locale).territories)


class CldrPlaceNames:
    def country(self, code: str, language: str) -> str | None:
        if len(code) != 2 or not code.isalpha() or code.upper() == "ZZ":
            return None  # "001" is the world, "150" Europe, "ZZ" unknown: no country
        return _names(language).get(code.upper())
