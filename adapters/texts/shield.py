"""The shield's facts in each language (adapters/texts/shield/<lang>.json)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from domain.locales import DEFAULT_LOCALE, is_locale

CATALOGUE = Path(__file__).with_name("shield")


@cache
def _catalogue(language: str) -> dict[str, str]:
    code = language if is_locale(language) else DEFAULT_LOCALE
    return json.loads((CATALOGUE / f"{code}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


class JsonShieldTexts:
    def facts(self, code: str, language: str, **values: str | int) -> str:
        return _catalogue(language)[code].format(**values)
