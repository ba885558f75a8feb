"""A change of a member's e-mail address or password, announced in its own transaction:
its audit line and the mail to the address the account had, with a link that undoes it
(the undo itself is application.account_recovery)."""

from __future__ import annotations

from datetime import datetime, timedelta

from application.ports.jobs import AccountMail
from application.ports.units import CoreUnit
from domain.members import Member

UNDO = "undo"  # the token's purpose (the mails below carry it)
UNDO_LIFETIME = timedelta(hours=48)
# The mail each change sends to the address the account had, with its undo link.
CHANGE_MAILS = {"mail_change": "mail_changed", "password_change": "password_changed",
                "password_reset": "password_changed"}
MEMBER = "member"  # the audit log's actor when members change their own account


def announce_change(uow: CoreUnit, member: Member, change: str, now: datetime,
                    mailed_to: str | None = None) -> None:
    """In the change's transaction: its audit line, and the mail with the undo link to
    ``mailed_to`` (the address the account had; by default its address now). ``change``
    is one of CHANGE_MAILS."""
    kind = CHANGE_MAILS[change]
    uow.jobs.add(AccountMail(kind, member.id, mailed_to or member.email, kind))
    uow.audit.record(now, MEMBER, f"members.{change}", str(member.id), {"undo_link": kind})
