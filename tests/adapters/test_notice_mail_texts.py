"""The notifier's mails (issue 30.4) in all 11 languages: every item, category, priority and
outcome is worded, the notifier's name is escaped, an unnamed notifier is greeted without
one, dates are written as the language writes them, and a mail to someone without an
account carries no unsubscribe lines."""

from __future__ import annotations

from datetime import date

import pytest

from adapters.mail.texts import JsonMailTexts
from domain.complaints import Category, NoticeItem, Outcome
from tests.adapters.test_mail_texts import LANGUAGES

NOTICE: dict[str, str | int | date] = {"name": "Vera <b>", "site": "Amora", "link": "https://amora.test/pages/ban?a=1&b=2",
          "support_email": "help@amora.test", "company": "Amora Media B.V.",
          "address": "Herengracht 420, 1017 BZ Amsterdam", "number": 4711,
          "filed_on": date(2026, 11, 21), "salutation": "named", "item": "photo",
          "category": "illegal_content", "priority": "urgent", "outcome": "no_action"}
ITEMS = [item.value for item in NoticeItem] + ["none"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["notice_received", "notice_outcome"])
def test_every_notice_mail_renders_without_unsubscribing(language: str, kind: str) -> None:
    mail = JsonMailTexts().compose(kind, language, NOTICE)
    assert mail.subject and "{" not in mail.subject + mail.text
    assert "Vera <b>" in mail.text and "Vera &lt;b&gt;" in mail.html
    assert "<b>" not in mail.html.replace("<body", "")
    assert "4711" in mail.text and "2026" in mail.text and "2026-11-21" not in mail.text
    assert 'href="https://amora.test/pages/ban?a=1&amp;b=2"' in mail.html
    assert "unsubscribe" not in mail.text + mail.html  # no account, nothing to leave


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_item_category_priority_and_outcome_is_worded(language: str) -> None:
    texts = JsonMailTexts()
    seen: set[str] = set()
    for item in ITEMS:
        for category in Category:
            for priority in ("urgent", "normal"):
                values: dict[str, str | int | date] = {
                    **NOTICE, "item": item, "category": category.value, "priority": priority}
                text = texts.compose("notice_received", language, values).text
                assert "{" not in text
                seen.add(text)
    assert len(seen) == len(ITEMS) * len(Category) * 2  # each choice says something else
    outcomes = {texts.compose("notice_outcome", language, {**NOTICE, "outcome": o.value}).text
                for o in Outcome}
    assert len(outcomes) == 2


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unnamed_notifier_is_greeted_without_a_name(language: str) -> None:
    mail = JsonMailTexts().compose("notice_received", language,
                                   {**NOTICE, "name": "", "salutation": "anonymous"})
    first = mail.text.splitlines()[0]
    assert first and "  " not in first and not first.endswith(" ,") and "{" not in first


def test_the_dutch_acknowledgement_reads_as_dutch() -> None:
    mail = JsonMailTexts().compose("notice_received", "nl", {**NOTICE, "name": "Vera"})
    assert mail.subject == "Amora: we hebben je melding ontvangen"
    assert mail.text.startswith("Hoi Vera,\n\nBedankt! We hebben je melding op "
                                "21 november 2026 ontvangen onder nummer 4711.")
    assert "Je melding gaat over een foto op Amora. Je reden: illegale inhoud." in mail.text
