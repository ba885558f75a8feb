"""The eleven interface languages and how a text picks one of them."""

from __future__ import annotations

from collections.abc import Mapping

import attrs


@attrs.frozen
class Locale:
    code: str
    iso: str
    gif_locale: str
    file: str


LOCALES: tuple[Locale, ...] = tuple(
    Locale(code=code, iso=iso, gif_locale=iso.replace("-", "_"), file=f"{code}.json")
    for code, iso in (
        ("da", "da-DK"),
        ("de", "de-DE"),
        ("en", "en-GB"),
        ("es", "es-ES"),
        ("fi", "fi-FI"),
        ("fr", "fr-FR"),
        ("it", "it-IT"),
        ("nb", "nb-NO"),
        ("nl", "nl-NL"),
        ("pl", "pl-PL"),
        ("sv", "sv-SE"),
    )
)
LOCALE_CODES: frozenset[str] = frozenset(locale.code for locale in LOCALES)
DEFAULT_LOCALE = "en"
FALLBACK_LOCALE = "nl"


def is_locale(code: str) -> bool:
    return code in LOCALE_CODES


def pick_text(texts: Mapping[str, str], language: str | None) -> str:
    """A site text in the wanted language, else the default, else the fallback, else any."""
    for code in (language, DEFAULT_LOCALE, FALLBACK_LOCALE):
        if code and texts.get(code):
            return texts[code]
    return next((text for text in texts.values() if text), "")
