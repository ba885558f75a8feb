"""The first job: sending one e-mail through the mailer port, retried by dramatiq."""

from __future__ import annotations

from application.ports.notifications import Mailer


def send_mail_job(mailer: Mailer):  # type: ignore[no-untyped-def]
    def send_mail(to: str, subject: str, text: str, html: str | None = None,
                  sender_name: str | None = None, headers: dict[str, str] | None = None,
                  message_id: str | None = None) -> None:
        mailer.send(to, subject, text, html, sender_name, headers, message_id)

    return send_mail
