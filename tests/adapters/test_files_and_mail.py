"""The file mailer and the SMTP mailer against a real SMTP server (file stores:
test_file_stores.py)."""

from __future__ import annotations

import email
import email.policy
import socket
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Message

from adapters.mail.files import FileMailer
from adapters.mail.smtp import SmtpMailer
from application.ports.notifications import Attachment
from tests.mails import read_mail


def test_file_mailer_writes_eml(tmp_path: Path) -> None:
    FileMailer(tmp_path, "no-reply@amora.test").send(
        "ann@example.com", "Welkom", "Hallo Ann", "<p>Hallo Ann</p>", sender_name="Amora")
    [path] = tmp_path.glob("*.eml")
    message = email.message_from_bytes(path.read_bytes())
    assert message["To"] == "ann@example.com"
    assert message["From"] == "Amora <no-reply@amora.test>"
    assert message["Subject"] == "Welkom"
    assert message.is_multipart()


def test_file_mailer_keeps_attachments(tmp_path: Path) -> None:
    receipt = b"%PDF-1.7 receipt 2026-000001 %%EOF"
    FileMailer(tmp_path, "no-reply@amora.test").send(
        "ann@example.com", "Kvitto", "Ditt kvitto bifogas.", "<p>Ditt kvitto bifogas.</p>",
        message_id="<notify.payment_receipt.1.7@amora.test>",
        attachments=[Attachment("receipt-2026-000001.pdf", "application/pdf", receipt)])
    [path] = tmp_path.glob("*.eml")
    message = read_mail(path)
    assert message.get_content_type() == "multipart/mixed"
    [attachment] = message.iter_attachments()
    assert attachment.get_filename() == "receipt-2026-000001.pdf"
    assert attachment.get_content() == receipt


class Inbox(Message):
    def __init__(self) -> None:
        super().__init__()
        self.received: list[email.message.Message] = []

    def handle_message(self, message: email.message.Message) -> None:
        self.received.append(message)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_smtp_mailer_delivers_to_a_real_server() -> None:
    inbox = Inbox()
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        SmtpMailer("127.0.0.1", port, "no-reply@amora.test").send(
            "bo@example.com", "Aktivér din konto", "Hej Bo", sender_name="Flirt Nordic")
    finally:
        controller.stop()
    [message] = inbox.received
    assert message["To"] == "bo@example.com"
    assert "Aktiv" in str(email.header.make_header(email.header.decode_header(message["Subject"])))
