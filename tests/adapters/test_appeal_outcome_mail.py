"""The outcome of an appeal against a decision (issue 30.3) is worded in all 11 languages
for every kind of decision, lifted or upheld, with the day of the decision as the language
writes it and the operator's reason escaped."""

from __future__ import annotations

from datetime import date

import pytest

from adapters.mail.texts import JsonMailTexts
from domain.decisions import Restriction
from tests.adapters.test_mail_texts import LANGUAGES, VALUES

NOTE = "The photo <b>is</b> yours & shows you."
OUTCOME: dict[str, str | int | date] = {**VALUES, "decided_on": date(2026, 11, 21), "note": NOTE}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("restriction", [kind.value for kind in Restriction])
@pytest.mark.parametrize("outcome", ["lifted", "upheld"])
def test_every_outcome_names_its_decision(language: str, restriction: str,
                                          outcome: str) -> None:
    mail = JsonMailTexts().compose("appeal_outcome", language, {
        **OUTCOME, "restriction": restriction, "outcome": outcome})
    assert "{" not in mail.subject + mail.text and "Amora" in mail.subject
    assert NOTE in mail.text and "<b>is</b>" not in mail.html
    assert "The photo &lt;b&gt;is&lt;/b&gt; yours &amp; shows you." in mail.html
    assert "2026" in mail.text and "2026-11-21" not in mail.text  # the language's date
    assert str(VALUES["link"]) in mail.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_lifted_and_upheld_say_different_things(language: str) -> None:
    said = {outcome: JsonMailTexts().compose("appeal_outcome", language, {
        **OUTCOME, "restriction": "photo_rejected", "outcome": outcome}).text
        for outcome in ("lifted", "upheld")}
    assert said["lifted"] != said["upheld"]
    restrictions = {JsonMailTexts().compose("appeal_outcome", language, {
        **OUTCOME, "restriction": kind.value, "outcome": "lifted"}).text
        for kind in Restriction}
    assert len(restrictions) == len(Restriction)  # each kind named in its own words


def test_dutch_and_german_read_as_written() -> None:
    dutch = JsonMailTexts().compose("appeal_outcome", "nl", {
        **OUTCOME, "restriction": "credits_revoked", "outcome": "lifted"})
    assert "Je bezwaar ging over het terugnemen van credits." in dutch.text
    assert "ons besluit van 21 november 2026" in dutch.text
    german = JsonMailTexts().compose("appeal_outcome", "de", {
        **OUTCOME, "restriction": "text_removed", "outcome": "upheld"})
    assert "Entfernung eines Profiltextes" in german.text
    assert "vom 21. November 2026" in german.text and "bleibt bestehen" in german.text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["appeal_lifted", "appeal_upheld"])
def test_a_bans_outcome_gives_the_operators_reason_too(language: str, kind: str) -> None:
    mail = JsonMailTexts().compose(kind, language, OUTCOME)
    assert "{" not in mail.subject + mail.text
    assert NOTE in mail.text and "<b>is</b>" not in mail.html
    assert "The photo &lt;b&gt;is&lt;/b&gt; yours &amp; shows you." in mail.html
