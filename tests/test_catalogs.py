"""The eleven UI catalogs: complete, truly translated, placeholders intact."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

LOCALES = Path(__file__).resolve().parent.parent / "web" / "src" / "locales"
LANGUAGES = ("da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv")
PLACEHOLDER = re.compile(r"{{\s*(\w+)[^}]*}}")
# Words that are the same in a language as in English: names, codes, loanwords.
SHARED_WORDS = {
    "ok", "faq", "amora", "e-mail", "email", "premium", "chat", "chats", "online", "cookies",
    "support", "status", "info", "logo", "menu", "home", "service", "sms", "iban", "pin",
    "english", "dansk", "deutsch", "español", "suomi", "français", "italiano", "norsk bokmål",
    "nederlands", "polski", "svenska", "error", "404", "500", "match", "matches", "like",
    "likes", "credits", "profil", "normal", "total", "minimum", "maximum", "region",
    "legal", "messages", "contact", "photos", "date", "notifications", "conversations",
    "distance", "passkeys",
}


def flatten(value: object, prefix: str = "") -> dict[str, str]:
    if isinstance(value, dict):
        items: dict[str, str] = {}
        for key, child in value.items():
            items.update(flatten(child, f"{prefix}{key}."))
        return items
    if isinstance(value, list):
        items = {}
        for index, child in enumerate(value):
            items.update(flatten(child, f"{prefix}{index}."))
        return items
    return {prefix[:-1]: str(value)}


def namespaces() -> list[str]:
    return sorted({path.stem for path in LOCALES.glob("*/*.json")})


def catalog(language: str, namespace: str) -> dict[str, str]:
    path = LOCALES / language / f"{namespace}.json"
    assert path.exists(), f"{path} is missing"
    return flatten(json.loads(path.read_text(encoding="utf-8")))


def test_there_are_catalogs() -> None:
    assert {"common", "legal"} <= set(namespaces())


@pytest.mark.parametrize("namespace", namespaces())
@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_has_every_key(language: str, namespace: str) -> None:
    reference = set().union(*(catalog(lang, namespace) for lang in LANGUAGES))
    # A gender variant (i18next context, "key_female") only where the language needs one.
    reference = {key for key in reference if not _variant_of(key)}
    missing = sorted(reference - set(catalog(language, namespace)))
    assert not missing, f"{language}/{namespace}.json lacks {missing[:10]}"


@pytest.mark.parametrize("namespace", namespaces())
@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_catalog_is_translated(language: str, namespace: str) -> None:
    english = catalog("en", namespace)
    texts = catalog(language, namespace)
    copies = [
        key for key, value in texts.items()
        if value == english.get(key) and _has_words(value)
        and value.strip().lower() not in SHARED_WORDS
    ]
    assert not copies, f"{language}/{namespace}.json holds English copies: {copies[:10]}"


@pytest.mark.parametrize("namespace", namespaces())
@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_are_kept(language: str, namespace: str) -> None:
    english = catalog("en", namespace)
    wrong = [
        key for key, value in catalog(language, namespace).items()
        if key in english and _placeholders(value) != _placeholders(english[key])
    ]
    assert not wrong, f"{language}/{namespace}.json changes placeholders in {wrong[:10]}"


@pytest.mark.parametrize("namespace", namespaces())
@pytest.mark.parametrize("language", LANGUAGES)
def test_gender_variants_have_their_base_and_its_placeholders(language: str,
                                                             namespace: str) -> None:
    texts = catalog(language, namespace)
    wrong = [key for key in texts if (base := _variant_of(key))
             and (base not in texts or _placeholders(texts[key]) != _placeholders(texts[base]))]
    assert not wrong, f"{language}/{namespace}.json: {wrong[:10]}"


def _variant_of(key: str) -> str | None:
    """The base key of an i18next context variant ("title_female" -> "title")."""
    for suffix in ("_female", "_male"):
        if key.endswith(suffix):
            return key[: -len(suffix)]
    return None


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _has_words(text: str) -> bool:
    return bool(re.search(r"[^\W\d_]{2,}", PLACEHOLDER.sub("", text)))


# German (issue 29.7): "anmelden" is logging in, "registrieren" is signing up, and
# nothing else stands for either ("einloggen", "Login"), so no button is ambiguous.
SIGN_UP = re.compile(r"\bsign(?:ing|s|ed)?[ -]?up\b|\bsignup\b", re.I)
LOG_IN = re.compile(r"\blog(?:ging|ged|s)?[ -]?in\b|\blogin\b", re.I)
GERMAN_SIGN_UP = re.compile(r"registr", re.I)
GERMAN_LOG_IN = re.compile(
    r"anmeld|angemeldet|anzumelden|zugangsdaten|\bmelde(?:st|t|n)?\b[^.?!]*\ban\b", re.I)
GERMAN_OTHERS = re.compile(r"einlogg|eingeloggt|\blogg(?:e|st|t)\b|\blogin\b", re.I)
TAG = re.compile(r"</?\w+>")
MAIL_TEXTS = LOCALES.parent.parent.parent / "adapters" / "mail" / "texts"


def _german_pairs() -> list[tuple[str, str, str]]:
    pairs = [(f"{namespace}.{key}", english, catalog("de", namespace).get(key, ""))
             for namespace in namespaces()
             for key, english in catalog("en", namespace).items()]
    mail_en, mail_de = (flatten(json.loads((MAIL_TEXTS / f"{language}.json").read_text(
        encoding="utf-8"))) for language in ("en", "de"))
    return pairs + [(f"mail.{key}", english, mail_de.get(key, ""))
                    for key, english in mail_en.items()]


def _ambiguous(english: str, german: str) -> bool:
    english, german = TAG.sub("", english), TAG.sub("", german)  # <login>...</login>
    signs_up, logs_in = bool(SIGN_UP.search(english)), bool(LOG_IN.search(english))
    if GERMAN_OTHERS.search(german) or (signs_up and not GERMAN_SIGN_UP.search(german)):
        return True
    if logs_in and not GERMAN_LOG_IN.search(german):
        return True
    return (signs_up and not logs_in and bool(GERMAN_LOG_IN.search(german))) or (
        logs_in and not signs_up and bool(GERMAN_SIGN_UP.search(german)))


def test_german_separates_logging_in_from_signing_up() -> None:
    wrong = [(key, german) for key, english, german in _german_pairs()
             if _ambiguous(english, german)]
    assert not wrong, wrong


# Polish (issue 29.7): a text that addresses the member in the masculine past tense or
# with a masculine adjective ("zablokowałeś", "zostaniesz wylogowany", "sam") has a
# "_female" variant the app picks by the member's gender (i18next context); texts for
# visitors, whose gender is unknown, and mails say it without gender.
POLISH_MASCULINE = re.compile(
    r"\b\w+łeś\b|\b(?:zostaniesz|jesteś|musisz być|byłeś|będziesz)\s+(?:\w+\s+)?\w+(?:ny|wy|ty)\b"
    r"|\b(?:sam|pewien)\b(?=[.?!,])", re.I)


def test_polish_addresses_women_in_the_feminine() -> None:
    wrong = [f"{namespace}.{key}" for namespace in namespaces()
             for texts in [catalog("pl", namespace)]
             for key, text in texts.items()
             if not _variant_of(key) and POLISH_MASCULINE.search(text)
             and f"{key}_female" not in texts]
    mail = flatten(json.loads((MAIL_TEXTS / "pl.json").read_text(encoding="utf-8")))
    wrong += [f"mail.{key}" for key, text in mail.items() if POLISH_MASCULINE.search(text)]
    assert not wrong, wrong
