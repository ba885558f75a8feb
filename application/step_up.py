"""Step-up (issue 33.5): the member proves it is them again before a change that would
hand the account to someone else: the data export, a new e-mail address, the
direct-debit mandate, two-factor and passkey changes. The password typed again (under
the login lockout) marks this session confirmed; for RECONFIRM_WINDOW (domain.step_up)
those changes go through, after it each answers 403 password_confirmation_required and
the web app asks again ("Confirm it's you").

A passkey confirms a session the same way: whoever verifies one for a signed-in member
calls `confirm_session` with the session's token."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.security import PasswordHasher, Secrets
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.password_checks import PasswordChecks
from application.shared.step_up_checks import confirm_session
from domain.accounts import LockoutPolicy
from domain.errors import DomainError


@attrs.frozen
class StepUp:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    passwords: PasswordHasher
    secrets: Secrets
    lockout: LockoutPolicy = LockoutPolicy()

    def confirm_password(self, member_id: int, session_token: str, password: str,
                         ip: str) -> None:
        """POST /api/account/confirm: a wrong password counts towards the lockout (and
        is password_wrong); the right one opens the changes above for 10 minutes."""
        if not session_token:
            raise DomainError("authentication_required")
        now = self.clock.now()
        with self.uow() as uow:
            member = uow.members.get(member_id)
            if member is None:
                raise DomainError("member_not_found")
            PasswordChecks(self.passwords, self.lockout).confirm(uow, member, password, ip, now)
            confirm_session(uow, self.secrets, session_token, now)
            uow.commit()
