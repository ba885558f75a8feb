"""The SMTP mailer against a real local SMTP server (aiosmtpd): what arrives, and that a
refusal raises (so the send_mail job is retried by dramatiq)."""

from __future__ import annotations

import smtplib
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from adapters.jobs.mail import send_mail_job
from adapters.mail.smtp import SmtpMailer
from application.ports.jobs import SendMail
from application.ports.notifications import Attachment
from tests.mails import parse_mail, plain_text

SENDER = "no-reply@amora.test"


@dataclass
class Delivery:
    mail_from: str
    recipients: list[str]
    message: EmailMessage
    login: str | None


@dataclass
class Collector:
    """An aiosmtpd handler keeping every accepted envelope; refuses the recipients in
    ``refuse`` with the given reply."""

    refuse: dict[str, str] = field(default_factory=dict)
    deliveries: list[Delivery] = field(default_factory=list)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if address in self.refuse:
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = parse_mail(envelope.content)
        login = session.auth_data.login.decode() if session.authenticated else None
        self.deliveries.append(Delivery(envelope.mail_from, list(envelope.rcpt_tos),
                                        message, login))
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(handler: Collector, **options: Any) -> Iterator[int]:
    port = _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port, **options)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


@pytest.fixture
def collector() -> Collector:
    return Collector(refuse={"gone@example.com": "550 5.1.1 No such user here",
                             "later@example.com": "450 4.2.1 Mailbox busy, try later"})


@pytest.fixture
def smtp_port(collector: Collector) -> Iterator[int]:
    yield from _serve(collector)


def test_a_mail_arrives_with_everything_it_was_given(collector: Collector,
                                                     smtp_port: int) -> None:
    unsubscribe = {"List-Unsubscribe": "<https://amora.test/api/unsubscribe/t0k3n>",
                   "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
    SmtpMailer("127.0.0.1", smtp_port, SENDER).send(
        "eva@example.com", "Aktivér je account", "Hallo Eva, welkom.",
        "<p>Hallo <b>Eva</b>, welkom.</p>", sender_name="Amora Café", headers=unsubscribe,
        message_id="<welcome-42@amora.test>")

    [delivery] = collector.deliveries
    assert delivery.mail_from == SENDER
    assert delivery.recipients == ["eva@example.com"]
    assert delivery.login is None  # no AUTH offered, none attempted
    message = delivery.message
    assert message["To"] == "eva@example.com"
    assert message["From"].addresses[0].display_name == "Amora Café"
    assert message["From"].addresses[0].addr_spec == SENDER
    assert message["Subject"] == "Aktivér je account"
    assert message["Message-ID"] == "<welcome-42@amora.test>"
    assert message["List-Unsubscribe"] == unsubscribe["List-Unsubscribe"]
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["Date"]
    assert message.get_content_type() == "multipart/alternative"
    text = message.get_body(("plain",))
    html = message.get_body(("html",))
    assert text is not None and text.get_content().strip() == "Hallo Eva, welkom."
    assert html is not None and html.get_content().strip() == "<p>Hallo <b>Eva</b>, welkom.</p>"


def test_attachments_arrive_after_the_text_and_html(collector: Collector,
                                                   smtp_port: int) -> None:
    """The payment mail's receipt (issue 34.4): multipart/mixed, the two versions of the
    text first, then each file byte for byte with its name and type."""
    receipt = b"%PDF-1.7\n\x00\xff receipt 2026-000001\n%%EOF"
    SmtpMailer("127.0.0.1", smtp_port, SENDER).send(
        "eva@example.com", "Betaalbewijs", "Je betaalbewijs zit in de bijlage.",
        "<p>Je betaalbewijs zit in de bijlage.</p>", message_id="<receipt-1@amora.test>",
        attachments=[Attachment("receipt-2026-000001.pdf", "application/pdf", receipt),
                     Attachment("note.txt", "text/plain", "Zoë\n".encode())])
    [delivery] = collector.deliveries
    message = delivery.message
    assert message.get_content_type() == "multipart/mixed"
    assert plain_text(message).strip() == \
        "Je betaalbewijs zit in de bijlage."
    assert message.get_body(("html",)) is not None
    pdf, note = message.iter_attachments()
    assert (pdf.get_filename(), pdf.get_content_type()) == (
        "receipt-2026-000001.pdf", "application/pdf")
    assert pdf.get_content() == receipt
    assert (note.get_filename(), note.get_payload(decode=True)) == ("note.txt",
                                                                     b"Zo\xc3\xab\n")


def test_a_text_only_mail_without_a_message_id_gets_one(collector: Collector,
                                                        smtp_port: int) -> None:
    SmtpMailer("127.0.0.1", smtp_port, SENDER).send("bo@example.com", "Hej", "Hej Bo")
    [delivery] = collector.deliveries
    message = delivery.message
    assert message.get_content_type() == "text/plain"
    assert message["From"].addresses[0].addr_spec == SENDER
    assert message["Message-ID"].endswith("@amora.test>")
    assert "List-Unsubscribe" not in message


def test_the_job_sends_through_smtp(collector: Collector, smtp_port: int) -> None:
    job = send_mail_job(SmtpMailer("127.0.0.1", smtp_port, SENDER))
    job(SendMail("eva@example.com", "Nieuw bericht", "Je hebt een bericht", None, "Amora",
                 {"List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}, "<msg-7@amora.test>"))
    [delivery] = collector.deliveries
    assert delivery.message["Message-ID"] == "<msg-7@amora.test>"
    assert delivery.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


@pytest.mark.parametrize(("to", "code"), [("gone@example.com", 550),
                                          ("later@example.com", 450)])
def test_a_refused_recipient_raises_so_the_job_retries(collector: Collector, smtp_port: int,
                                                       to: str, code: int) -> None:
    job = send_mail_job(SmtpMailer("127.0.0.1", smtp_port, SENDER))
    with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        job(SendMail(to, "Hallo", "Hallo", None, None, None, "<refused@amora.test>"))
    assert refused.value.recipients[to][0] == code
    assert collector.deliveries == []


def test_an_unreachable_server_raises() -> None:
    with pytest.raises(OSError):
        SmtpMailer("127.0.0.1", _free_port(), SENDER).send("eva@example.com", "Hallo", "Hallo")


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_credentials_are_used_when_configured() -> None:
    def authenticate(server: Any, session: Any, envelope: Any, mechanism: str,
                     data: Any) -> AuthResult:
        ok = isinstance(data, LoginPassword) and data.login == b"amora" \
            and data.password == b"s3cret"
        return AuthResult(success=ok, handled=False, auth_data=data if ok else None)

    collector = Collector()
    for port in _serve(collector, authenticator=authenticate, auth_required=True,
                       auth_require_tls=False):
        SmtpMailer("127.0.0.1", port, SENDER, username="amora", password="s3cret").send(
            "eva@example.com", "Hallo", "Hallo")
        with pytest.raises(smtplib.SMTPAuthenticationError):
            SmtpMailer("127.0.0.1", port, SENDER, username="amora", password="wrong").send(
                "eva@example.com", "Hallo", "Hallo")
        with pytest.raises(smtplib.SMTPException):  # the server demands AUTH
            SmtpMailer("127.0.0.1", port, SENDER).send("eva@example.com", "Hallo", "Hallo")
    [delivery] = collector.deliveries
    assert delivery.login == "amora"
