"""The first job: sending one e-mail through the mailer port, retried by dramatiq."""

from __future__ import annotations

from collections.abc import Callable

from application.ports.jobs import SendMail
from application.ports.notifications import Mailer


def send_mail_job(mailer: Mailer) -> Callable[[SendMail], None]:
    def send_mail(job: SendMail) -> None:
        mailer.send(job.to, job.subject, job.text, job.html, job.sender_name, job.headers,
                    job.message_id)

    return send_mail
