"""Step-up checks (issue 33.5) a change makes in its own unit of work: was this session
confirmed (the password typed again, or a passkey) within the window? The use case that
confirms a session is application.step_up."""

from __future__ import annotations

from datetime import datetime

from application.ports.security import Secrets
from application.ports.shared_units import SessionsUnit
from domain.step_up import check_reconfirmed


def require_step_up(uow: SessionsUnit, secrets: Secrets, session_token: str | None,
                    now: datetime) -> None:
    """In the change's own unit of work: refused unless this session was confirmed
    within the window."""
    confirmed = uow.sessions.confirmed_at(secrets.digest(session_token)) \
        if session_token else None
    check_reconfirmed(confirmed, now)


def confirm_session(uow: SessionsUnit, secrets: Secrets, session_token: str,
                    now: datetime) -> None:
    """The member proved it is them in this session (the password or a passkey)."""
    uow.sessions.confirm(secrets.digest(session_token), now)
