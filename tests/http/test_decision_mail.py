"""The statement of reasons by mail (issue 30.2): each decision reaches the member in their
language with what was restricted, the facts, the ground in the site's words, the use of
automated means, who decided (a moderator, never the operator's login) and how to contest
it until when; a ban points to the ban page, anything else to the Decisions section."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Flask

from adapters.container import Container
from application.shared.decisions import record_decision
from domain.decisions import Ground, ItemKind, Restricting, Restriction
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_notifications_api import mails, text_of
from tests.lookups import found
from tests.mails import html_text

EMAIL = str(SIGNUP["email"])
OPERATOR = "j.jansen.ops"
DECIDED = datetime(2026, 11, 21, 23, 30, tzinfo=UTC)  # 22 November in Amsterdam


def _decided(container: Container, member_id: int, restriction: Restriction,
             facts: str, ground: str, automated: bool = False) -> int:
    with container.unit_of_work() as uow:
        member = found(uow.members.get(member_id))
        made = record_decision(uow, member, Restricting(
            restriction=restriction, item_kind=ItemKind.PHOTO, item_id="7", facts=facts,
            ground=Ground.parse(ground), detected_automatically=automated,
            decided_automatically=automated), OPERATOR, DECIDED)
        uow.commit()
    return made.id


def _signed_up(app: Flask, language: str) -> int:
    answer = ApiClient(app).post("/api/signup", json={**SIGNUP, "language": language})
    return int(answer.json["user"]["id"])


def test_a_rejected_photo_is_explained_in_german(app: Flask, container: Container) -> None:
    member_id = _signed_up(app, "de")
    decision_id = _decided(container, member_id, Restriction.PHOTO_REJECTED,
                           "Auf dem Foto steht <b>eine Telefonnummer</b>.", "terms:photo_rules")
    container.account_mails().send("decision", member_id, None, str(decision_id))
    mail = mails(container, EMAIL)[-1]
    text = text_of(mail)
    assert mail["Subject"] == "Amora: unsere Entscheidung und ihre Gründe"
    assert "Wir haben eines deiner Fotos abgelehnt" in text
    assert "Die Fakten: Auf dem Foto steht <b>eine Telefonnummer</b>." in text
    assert "Fotoregeln – Profilfotos müssen von dir selbst sein" in text
    assert "Entschieden hat ein Moderator des Amora-Teams am 22. November 2026." in text
    assert "bis zum 22. Mai 2027 anfechten" in text
    assert "/decisions" in text and OPERATOR not in text
    html = html_text(mail)
    assert "&lt;b&gt;eine Telefonnummer&lt;/b&gt;" in html and OPERATOR not in html


def test_a_ban_names_its_ground_and_the_ban_page(app: Flask, container: Container) -> None:
    member_id = _signed_up(app, "en")
    container.site_administration().set(
        "amora.test", "ground_texts.terms:spam.en", "No mass mail, ever.", "pytest")
    decision_id = _decided(container, member_id, Restriction.BAN,
                           "Sent the same link to 40 members in an hour.", "spam",
                           automated=True)
    container.account_mails().send("decision", member_id, None, str(decision_id))
    text = text_of(mails(container, EMAIL)[-1])
    assert "We have suspended your Amora account: you can no longer log in." in text
    assert "The rule of our terms: Spam – No mass mail, ever." in text  # the site's words
    assert "It was detected and decided by automated means." in text
    assert "by the automated system of Amora on 22 November 2026" in text
    assert "/pages/ban" in text and "e-mail address and password" in text


def test_a_legal_ground_in_dutch_and_no_mail_for_another_members_decision(
        app: Flask, container: Container) -> None:
    member_id = _signed_up(app, "nl")
    decision_id = _decided(container, member_id, Restriction.PHOTO_REMOVED,
                           "Een naaktfoto van iemand anders.", "law:non_consensual_images")
    before = len(mails(container, EMAIL))
    other_id = ApiClient(app).post("/api/signup", json={
        **SIGNUP, "email": "bob@example.com", "name": "Bob"}).json["user"]["id"]
    container.account_mails().send("decision", other_id, None, str(decision_id))
    container.account_mails().send("decision", member_id, None, "999999")
    assert mails(container, "bob@example.com") == []  # not his decision
    assert len(mails(container, EMAIL)) == before
    container.account_mails().send("decision", member_id, None, str(decision_id))
    text = text_of(mails(container, EMAIL)[-1])
    assert "De wettelijke bepaling: Beelden gedeeld zonder toestemming" in text
    assert "Er zijn geen geautomatiseerde middelen gebruikt" in text
