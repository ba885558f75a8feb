"""The mailer port over SMTP (scale-out)."""

from __future__ import annotations

import smtplib
from collections.abc import Sequence

from adapters import metrics
from adapters.mail.files import build_message
from application.ports.notifications import Attachment


class SmtpMailer:
    def __init__(self, host: str, port: int, sender: str, username: str | None = None,
                 password: str | None = None, starttls: bool = False) -> None:
        self._host, self._port, self._sender = host, port, sender
        self._username, self._password, self._starttls = username, password, starttls

    def send(self, to: str, subject: str, text: str, html: str | None = None,
             sender_name: str | None = None, headers: dict[str, str] | None = None,
             message_id: str | None = None, attachments: Sequence[Attachment] = ()) -> None:
        message = build_message(self._sender, to, subject, text, html, sender_name, headers,
                                message_id, attachments)
        with smtplib.SMTP(self._host, self._port, timeout=30) as smtp:
            if self._starttls:
                smtp.starttls()
            if self._username:
                smtp.login(self._username, self._password or "")
            smtp.send_message(message)
        metrics.mail_sent("smtp")
