"""The mailer port writing each message as an .eml file under var/mail (embedded default)."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Sequence
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path

from adapters import metrics
from application.ports.notifications import Attachment
from domain.texts import header_safe


def build_message(sender: str, to: str, subject: str, text: str, html: str | None,
                  sender_name: str | None, headers: dict[str, str] | None = None,
                  message_id: str | None = None,
                  attachments: Sequence[Attachment] = ()) -> EmailMessage:
    """Headers carry site and member texts (a sender's name in the subject, the site's
    name as From): control characters in them, say a CR/LF name stored before names were
    checked, become spaces, so they can neither add a header nor make the policy (which
    refuses CR/LF in headers) drop the mail. Attachments make it multipart/mixed: the
    text and HTML versions first, then each file."""
    message = EmailMessage(policy=policy.default)
    message["From"] = Address(header_safe(sender_name or ""), addr_spec=sender)
    message["To"] = to
    message["Subject"] = header_safe(subject)
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = message_id or f"<{uuid.uuid4().hex}@{sender.rsplit('@', 1)[-1]}>"
    for name, value in (headers or {}).items():
        message[name] = header_safe(value)
    message.set_content(text)
    if html:
        message.add_alternative(html, subtype="html")
    for attachment in attachments:
        kind, _, subtype = attachment.content_type.partition("/")
        message.add_attachment(attachment.content, maintype=kind, subtype=subtype,
                               filename=header_safe(attachment.filename))
    return message


class FileMailer:
    def __init__(self, directory: Path, sender: str) -> None:
        self._directory = directory
        self._sender = sender

    def send(self, to: str, subject: str, text: str, html: str | None = None,
             sender_name: str | None = None, headers: dict[str, str] | None = None,
             message_id: str | None = None, attachments: Sequence[Attachment] = ()) -> None:
        self._directory.mkdir(parents=True, exist_ok=True)
        message = build_message(self._sender, to, subject, text, html, sender_name, headers,
                                message_id, attachments)
        # A mail sent again under its Message-ID overwrites its file: jobs run at least
        # once, the mailbox shows it once.
        stem = (re.sub(r"[^A-Za-z0-9._-]", "_", message_id.strip("<>")) if message_id
                else f"{time.time_ns()}-{uuid.uuid4().hex[:8]}")
        temporary = self._directory / f".{stem}.tmp"
        temporary.write_bytes(bytes(message))
        temporary.replace(self._directory / f"{stem}.eml")
        metrics.mail_sent("file")
