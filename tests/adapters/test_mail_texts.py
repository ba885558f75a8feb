"""The account e-mails exist in all 11 languages with the same keys and placeholders,
and render with the member's data escaped."""

from __future__ import annotations

import json
import string

import pytest

from adapters.mail.texts import CATALOGS, JsonMailTexts

LANGUAGES = ("da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv")
KINDS = ("activation", "password_reset", "mail_change", "reactivation")
VALUES = {"name": "Ann <b>", "site": "Amora", "link": "https://amora.test/x?token=a&b=c",
          "support_email": "help@amora.test", "company": "Amora Media B.V.", "hours": 2,
          "days": 7}


def flat(language: str) -> dict[str, str]:
    data = json.loads((CATALOGS / f"{language}.json").read_text(encoding="utf-8"))
    return {f"{k}.{kk}" if isinstance(v, dict) else k: vv if isinstance(v, dict) else v
            for k, v in data.items() for kk, vv in (v.items() if isinstance(v, dict) else [(k, v)])}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_matches_english(language: str) -> None:
    english, texts = flat("en"), flat(language)
    assert texts.keys() == english.keys()
    for key, text in texts.items():
        assert fields(text) == fields(english[key]), (language, key)
        if language != "en":
            assert text != english[key], (language, key)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_mail_renders(language: str, kind: str) -> None:
    mail = JsonMailTexts().compose(kind, language, VALUES)
    assert "Amora" in mail.subject
    assert VALUES["link"] in mail.text and "Ann <b>" in mail.text
    assert "Ann &lt;b&gt;" in mail.html and "<b>" not in mail.html.replace("<body", "")
    assert 'href="https://amora.test/x?token=a&amp;b=c"' in mail.html


def test_unknown_language_falls_back_to_english() -> None:
    assert JsonMailTexts().compose("activation", "xx", VALUES).subject == \
        "Confirm your e-mail address for Amora"
