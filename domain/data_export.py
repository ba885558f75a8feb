"""A member's copy of their data (issue 21.1): when it may be asked for, and where it goes.
Every copy is built by a job, never while the member waits (a copy of 100,000 messages is
tens of megabytes and seconds of work), and mailed as a link that works once."""

from __future__ import annotations

from datetime import timedelta

from domain.errors import DomainError
from domain.notifications import MailOff, may_mail_account

# The mailed link works once, for a day.
LINK_LIFETIME = timedelta(hours=24)


def link_can_be_mailed(mail_off: MailOff | None) -> bool:
    """The link is the only way to the copy: an address that bounces would never get it."""
    return may_mail_account(mail_off)


def check_link_can_be_mailed(mail_off: MailOff | None) -> None:
    if not link_can_be_mailed(mail_off):
        raise DomainError("export_address_bounces")
