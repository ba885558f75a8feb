"""The grounds catalogue (issue 30.2): every clause of the terms and every legal provision
has a title and words in all 11 languages, and a site may reword one per language."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.texts.grounds import CATALOGUE, JsonGroundTexts
from domain.decisions import LEGAL_PROVISIONS, TERMS_CLAUSES, Ground, GroundKind
from domain.errors import DomainError
from domain.site_settings import SETTING_KEYS, change_setting
from tests.conftest import sample_site

LANGUAGES = ("da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv")
GROUNDS = [Ground(kind=GroundKind.TERMS, code=code) for code in TERMS_CLAUSES] + [
    Ground(kind=GroundKind.LAW, code=code) for code in LEGAL_PROVISIONS]
SAME_WORD = {"Spam"}  # a title some languages share with English


def _catalogue(language: str) -> dict[str, dict[str, dict[str, str]]]:
    path = CATALOGUE / f"{language}.json"
    answer: dict[str, dict[str, dict[str, str]]] = json.loads(path.read_text(encoding="utf-8"))
    return answer


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_ground_is_worded_in_every_language(language: str) -> None:
    catalogue, english = _catalogue(language), _catalogue("en")
    assert set(catalogue) == {"terms", "law"}
    assert set(catalogue["terms"]) == set(TERMS_CLAUSES)
    assert set(catalogue["law"]) == set(LEGAL_PROVISIONS)
    for kind, clauses in catalogue.items():
        for code, words in clauses.items():
            assert set(words) == {"title", "text"}, (language, code)
            assert words["title"].strip() and len(words["title"]) <= 60, (language, code)
            assert words["text"].endswith("."), (language, code)
            assert "{" not in words["title"] + words["text"]
            if language != "en":  # translated, not copied
                assert words["text"] != english[kind][code]["text"], (language, code)
                assert words["title"] != english[kind][code]["title"] or \
                    words["title"] in SAME_WORD, (language, code)


def test_the_site_rewords_a_ground_only_in_the_language_it_wrote() -> None:
    site = change_setting(sample_site(1), "ground_texts.terms:spam.de", "Keine Werbung, nie.")
    site = change_setting(site, "ground_titles.spam.de", "Werbung")  # a bare code: terms
    texts = JsonGroundTexts()
    spam = Ground.parse("terms:spam")
    assert texts.describe(site, spam, "de") == ("Werbung", "Keine Werbung, nie.")
    title, text = texts.describe(site, spam, "nl")
    assert (title, text[:21]) == ("Spam", "Stuur geen massaberic")
    assert texts.describe(site, Ground.parse("law:fraud"), "xx")[0] == "Fraud"  # English
    # An empty value gives the catalogue's words back.
    site = change_setting(site, "ground_texts.terms:spam.de", "")
    assert site.ground_texts == {}
    assert texts.describe(site, spam, "de")[1].startswith("Verschicke keine")


@pytest.mark.parametrize("key", ["ground_texts.terms:nope.de", "ground_texts.law:spam.de",
                                 "ground_texts.terms:spam.xx", "ground_titles.spam",
                                 "ground_titles.terms:spam.de.x"])
def test_a_wrong_ground_or_language_changes_nothing(key: str) -> None:
    with pytest.raises(DomainError, match="invalid_setting"):
        change_setting(sample_site(1), key, "Words")


def test_a_title_is_one_line_and_the_keys_are_listed() -> None:
    with pytest.raises(DomainError):
        change_setting(sample_site(1), "ground_titles.terms:spam.de", "Two\nlines")
    assert "ground_texts.<kind:code>.<lang>" in SETTING_KEYS


@given(st.sampled_from(GROUNDS), st.sampled_from(LANGUAGES))
def test_every_ground_describes_in_every_language(ground: Ground, language: str) -> None:
    title, text = JsonGroundTexts().describe(sample_site(1), ground, language)
    assert title and text
