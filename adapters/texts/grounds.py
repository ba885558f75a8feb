"""The catalogue of grounds (adapters/texts/grounds/<lang>.json: per kind and code a title
and the clause's words), with each site's own wording on top where it has one."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from domain.decisions import Ground
from domain.locales import DEFAULT_LOCALE, is_locale
from domain.sites import Site

CATALOGUE = Path(__file__).with_name("grounds")


@cache
def _catalogue(language: str) -> dict[str, dict[str, dict[str, str]]]:
    code = language if is_locale(language) else DEFAULT_LOCALE
    return json.loads((CATALOGUE / f"{code}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


class JsonGroundTexts:
    def describe(self, site: Site, ground: Ground, language: str) -> tuple[str, str]:
        words = _catalogue(language)[ground.kind.value][ground.code]
        # A site's rewording counts only in the language it was written in: a German
        # member reads the catalogue's German rather than the site's Dutch.
        key = str(ground)
        title = site.ground_titles.get(key, {}).get(language) or words["title"]
        text = site.ground_texts.get(key, {}).get(language) or words["text"]
        return title, text
