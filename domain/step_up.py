"""Step-up: the few changes that would hand an account to someone else (the data export,
a new e-mail address, two-factor and passkey changes, the direct-debit mandate) need the
member to have proved it is them again in this session, recently (issue 33.5). A session
that was merely left open on a shared computer is not enough.

The proof is the password typed again or a passkey used, recorded on the session as
`confirmed_at`."""

from __future__ import annotations

from datetime import datetime, timedelta

from domain.errors import DomainError

# The password (or a passkey) used again opens these changes for this long.
RECONFIRM_WINDOW = timedelta(minutes=10)


def recently_confirmed(confirmed_at: datetime | None, now: datetime) -> bool:
    return confirmed_at is not None and now - confirmed_at <= RECONFIRM_WINDOW


def check_reconfirmed(confirmed_at: datetime | None, now: datetime) -> None:
    """403 password_confirmation_required: the web app asks for the password or a passkey
    and tries again."""
    if not recently_confirmed(confirmed_at, now):
        raise DomainError("password_confirmation_required")
