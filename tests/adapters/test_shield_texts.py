"""The scam shield's facts (adapters/texts/shield/<lang>.json): every code in all eleven
languages, with English's placeholders, translated, and filled in without error."""

from __future__ import annotations

import json
import string

import pytest

from adapters.texts.shield import CATALOGUE, JsonShieldTexts

LANGUAGES = ("da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv")


def _texts(language: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGUE / f"{language}.json").read_text("utf-8"))
    return data


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_with_its_placeholders_and_translated(language: str) -> None:
    english, texts = _texts("en"), _texts(language)
    assert set(texts) == set(english)
    for code, text in texts.items():
        assert _fields(text) == _fields(english[code]), (language, code)
        if language != "en":
            assert text != english[code], (language, code)
        values = dict.fromkeys(_fields(text), 7)
        assert "{" not in JsonShieldTexts().facts(code, language, **values)
