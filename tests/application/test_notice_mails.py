"""The notifier's mails on in-memory ports: the acknowledgement and the outcome, to a
member at their address as it is now (never to one that bounces) or to a visitor at the
address they gave, in the notice's language, saying nothing of the reported member; a
notice erased meanwhile or without an outcome yet is not mailed."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

import attrs
import pytest

from application.notice_mails import REPORTING_PATH, NoticeMails
from application.ports.complaints import Complaint
from application.ports.notifications import Attachment
from application.shared.mail_brand import ComposedMail, TemplateValues
from domain.complaints import NOTICE_OUTCOME, NOTICE_RECEIVED
from domain.members import Member
from tests.application.memory import MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, add_member, factory, new_store


@attrs.define
class Texts:
    composed: list[tuple[str, str, TemplateValues]] = attrs.Factory(list)

    def compose(self, kind: str, language: str, values: TemplateValues) -> ComposedMail:
        self.composed.append((kind, language, values))
        return ComposedMail(f"{kind}:{language}", "text", "html")


@attrs.define
class Mailer:
    sent: list[dict[str, Any]] = attrs.Factory(list)

    def send(self, to: str, subject: str, text: str, html: str | None = None,
             sender_name: str | None = None, headers: dict[str, str] | None = None,
             message_id: str | None = None, attachments: Sequence[Attachment] = ()) -> None:
        self.sent.append({"to": to, "subject": subject, "from": sender_name,
                          "id": message_id})


@attrs.define
class Desk:
    store: MemoryStore
    texts: Texts
    mailer: Mailer
    mails: NoticeMails
    ann: Member
    bob: Member


def desk() -> Desk:
    store, texts, mailer = new_store(), Texts(), Mailer()
    return Desk(store, texts, mailer,
                NoticeMails(factory(store), texts, mailer, "https://{domain}"),
                add_member(store, "Ann"), add_member(store, "Bob", gender="male"))


def _notice(d: Desk, *, reporter: Member | None = None, email: str | None = None,
            name: str | None = None, outcome: str | None = None,
            category: str = "scam") -> int:
    number = len(d.store.complaints) + 1
    d.store.complaints[number] = Complaint(
        id=number, site_id=1, reporter_id=reporter.id if reporter else None, email=email,
        category=category, text="He asked me for money", member_id=d.bob.id,
        message_id=None, status="resolved" if outcome else "open",
        created_at=NOW - timedelta(hours=13), resolved_at=NOW if outcome else None,
        resolution="Bob Builder banned" if outcome else None, item_kind="profile",
        item_id=str(d.bob.id), reporter_name=name, language="de", outcome=outcome)
    return number


def test_a_member_is_acknowledged_at_their_address_in_the_notice_s_language() -> None:
    d = desk()
    number = _notice(d, reporter=d.ann)
    d.mails.send(NOTICE_RECEIVED, number)
    assert d.mailer.sent == [{"to": "ann@example.com", "subject": "notice_received:de",
                              "from": "Amora", "id": f"<notice_received.{number}@amora.test>"}]
    [(_, _, values)] = d.texts.composed
    assert values["number"] == number and values["salutation"] == "named"
    assert values["link"] == "https://amora.test" + REPORTING_PATH
    assert values["filed_on"] == date(2026, 11, 21)  # in the site's time zone
    assert values["item"] == "profile" and values["priority"] == "normal"
    assert "Bob" not in " ".join(map(str, values.values()))  # nothing of the reported member


def test_the_outcome_goes_once_resolved_and_never_names_the_operator_s_note() -> None:
    d = desk()
    number = _notice(d, email="visitor@example.net", name="", category="child_safety")
    d.mails.send(NOTICE_OUTCOME, number)  # not resolved yet: nothing to tell
    assert d.mailer.sent == []
    d.store.complaints[number] = attrs.evolve(d.store.complaints[number],
                                              outcome="action_taken",
                                              resolution="Bob Builder banned")
    d.mails.send(NOTICE_OUTCOME, number)
    [mail] = d.mailer.sent
    assert mail["to"] == "visitor@example.net"
    [(kind, _, values)] = d.texts.composed
    assert (kind, values["outcome"], values["salutation"]) == (
        NOTICE_OUTCOME, "action_taken", "anonymous")
    assert "banned" not in " ".join(map(str, values.values()))


def test_no_mail_to_a_bouncing_address_an_erased_notice_or_a_visitor_without_one() -> None:
    d = desk()
    bounced = _notice(d, reporter=d.ann)
    with MemoryUnitOfWork(d.store) as uow:
        uow.notifications.set_mail_off(d.ann.id, "bounce", NOW)
        uow.commit()
    d.mails.send(NOTICE_RECEIVED, bounced)
    d.mails.send(NOTICE_RECEIVED, _notice(d))  # a visitor who left no address
    d.mails.send(NOTICE_RECEIVED, 999)  # erased meanwhile
    assert d.mailer.sent == []
    with pytest.raises(ValueError):
        d.mails.send("notice_whatever", bounced)
