"""Mails the app wrote (var/mail/*.eml, or what an SMTP server received), read as a
member would."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path


def parse_mail(data: bytes) -> EmailMessage:
    mail = email.message_from_bytes(data, policy=email.policy.default)
    assert isinstance(mail, EmailMessage)  # what the default policy makes
    return mail


def read_mail(path: Path) -> EmailMessage:
    return parse_mail(path.read_bytes())


def plain_text(mail: EmailMessage) -> str:
    return _body(mail, "plain")


def html_text(mail: EmailMessage) -> str:
    return _body(mail, "html")


def _body(mail: EmailMessage, kind: str) -> str:
    body = mail.get_body((kind,))
    assert body is not None, f"no {kind} text in {mail['Subject']!r}"
    return str(body.get_content())
