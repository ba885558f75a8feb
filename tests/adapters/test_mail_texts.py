"""The account e-mails exist in all 11 languages with the same keys and placeholders,
and render with the member's data escaped."""

from __future__ import annotations

import json
import string
from datetime import date

import pytest

from adapters.mail.texts import CATALOGS, JsonMailTexts

LANGUAGES = ("da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv")
KINDS = ("activation", "password_reset", "mail_change", "reactivation", "reactivated",
         "new_conversation", "new_message", "like", "match", "unread_reminder",
         "weekly_update", "payment_receipt", "site_closed")
VALUES: dict[str, str | int] = {"name": "Ann <b>", "site": "Amora", "link": "https://amora.test/x?token=a&b=c",
          "support_email": "help@amora.test", "company": "Amora Media B.V.", "hours": 2,
          "days": 7, "address": "Herengracht 420, 1017 BZ Amsterdam",
          "unsubscribe": "https://amora.test/unsubscribe?token=u", "preference": "",
          "settings_link": "https://amora.test/notifications", "sender": "Bob", "liker": "Bob",
          "other": "Bob", "count": 3, "likes": 2, "messages": 3, "new_members": 40,
          "order": 12, "credits": 100, "amount": "EUR 14.99", "method": "ideal",
          "date": "2026-11-21", "refund_days": 14, "receipt": "2026-000012"}


def flat(language: str) -> dict[str, str]:
    """Every text by its dotted path (push.message.title)."""
    def walk(prefix: str, value: object) -> dict[str, str]:
        if isinstance(value, dict):
            return {k: v for key, inner in value.items()
                    for k, v in walk(f"{prefix}.{key}" if prefix else key, inner).items()}
        return {prefix: str(value)}
    data = json.loads((CATALOGS / f"{language}.json").read_text(encoding="utf-8"))
    return walk("", data)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_matches_english(language: str) -> None:
    english, texts = flat("en"), flat(language)
    assert texts.keys() == english.keys()
    for key, text in texts.items():
        assert fields(text) == fields(english[key]), (language, key)
        if language != "en" and text.strip("{}").isidentifier() is False:
            assert text != english[key], (language, key)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_mail_renders(language: str, kind: str) -> None:
    mail = JsonMailTexts().compose(kind, language, VALUES)
    assert mail.subject and "{" not in mail.subject + mail.text
    assert str(VALUES["link"]) in mail.text and "Ann <b>" in mail.text
    assert "Ann &lt;b&gt;" in mail.html and "<b>" not in mail.html.replace("<body", "")
    assert 'href="https://amora.test/x?token=a&amp;b=c"' in mail.html
    # The company's address and the one-click unsubscribe line in every mail.
    assert str(VALUES["address"]) in mail.text and str(VALUES["unsubscribe"]) in mail.text
    assert 'href="https://amora.test/unsubscribe?token=u"' in mail.html


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["new_message", "gift", "like", "match"])
def test_every_push_text_renders(language: str, kind: str) -> None:
    push = JsonMailTexts().push(kind, language, VALUES)
    assert push["title"] and push["body"] and "{" not in push["title"] + push["body"]


def test_unknown_language_falls_back_to_english() -> None:
    assert JsonMailTexts().compose("activation", "xx", VALUES).subject == \
        "Confirm your e-mail address for Amora"


RESTRICTIONS = ("ban", "photo_rejected", "photo_removed", "text_removed", "message_held",
                "message_removed", "credits_revoked", "direct_debit_blocked", "account_held",
                "sending_limited")
DECISION: dict[str, str | int | date] = {
    **VALUES, "facts": "Photo 7 shows <script>alert(1)</script> & a phone number.",
    "ground": "terms", "ground_title": "Photo rules", "ground_text": "Be yourself.",
    "automation": "detected", "decided_by": "moderator",
    "decided_on": date(2026, 11, 21), "contest_until": date(2027, 5, 21),
    "contest": "other"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("restriction", RESTRICTIONS)
def test_every_statement_of_reasons_renders(language: str, restriction: str) -> None:
    """Issue 30.2: each restriction is worded in each language, with the facts escaped."""
    values = {**DECISION, "restriction": restriction,
              "contest": "ban" if restriction == "ban" else "other"}
    mail = JsonMailTexts().compose("decision", language, values)
    assert "{" not in mail.subject + mail.text
    assert str(DECISION["facts"]) in mail.text and "<script>" not in mail.html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; a phone" in mail.html
    assert "Photo rules" in mail.text and "Be yourself." in mail.text
    assert "2026" in mail.text and "2027" in mail.text and "2026-11-21" not in mail.text


@pytest.mark.parametrize("choice", [("ground", "law"), ("automation", "none"),
                                    ("automation", "decided"), ("automation", "both"),
                                    ("decided_by", "automated")])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_wording_of_a_statement_exists(language: str, choice: tuple[str, str]) -> None:
    key, value = choice
    mail = JsonMailTexts().compose("decision", language, {**DECISION, "restriction": "ban",
                                                          key: value})
    assert "{" not in mail.text


def test_a_statement_writes_dates_as_its_language_does() -> None:
    german = JsonMailTexts().compose("decision", "de", {**DECISION, "restriction": "ban",
                                                        "contest": "ban"})
    assert "Entschieden hat ein Moderator des Amora-Teams am 21. November 2026." in german.text
    assert "bis zum 21. Mai 2027 anfechten" in german.text
    assert "Wir haben dein Amora-Konto gesperrt" in german.text
