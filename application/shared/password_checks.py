"""Every password a member types goes through the login lockout (issue 28.1): at login, on
an appeal against a ban, and wherever a signed-in member types theirs again (a new
password, a new e-mail address, deleting the account, the data export). A wrong one
counts as a failed login of that account from that address, committed before the
refusal; a pair or an address the lockout holds back is refused with too_many_attempts,
as login refuses it, before any hash is computed. So whoever holds a session guesses no
faster than a stranger at the login form, and a guess that is refused costs no hash."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

import attrs

from application.ports.security import PasswordHasher
from application.ports.shared_units import PasswordCheckUnit
from domain.accounts import PASSWORD_MAX, FieldError, LockoutPolicy, minutes_left, password_error
from domain.errors import DomainError
from domain.members import Member


@attrs.frozen
class PasswordChecks:
    passwords: PasswordHasher
    lockout: LockoutPolicy = LockoutPolicy()

    def check(self, uow: PasswordCheckUnit, site_id: int, address: str, ip: str, now: datetime,
              matches: Callable[[], bool], refusal: str,
              more_to_come: Callable[[], bool] | None = None) -> None:
        """``matches()`` (the hash) for the account ``address`` from ``ip``, unless the
        lockout holds them back; a mismatch is counted, then refused with ``refusal``.
        A match forgets the failures, unless ``more_to_come()``: a password with a
        second step still to pass (issue 33.2) leaves the wrong codes counted, so that
        typing the password again buys no fresh guesses at the code."""
        since = now - self.lockout.window
        failures = uow.login_failures.for_account(site_id, address, since)
        wait = self.lockout.locked_for(failures, ip, now,
                                       uow.login_failures.for_address(ip, since))
        if wait:
            raise DomainError("too_many_attempts", minutes=minutes_left(wait))
        if not matches():
            uow.login_failures.add(site_id, address, ip, now)
            uow.commit()
            raise DomainError(refusal)
        # Cleared only when there is something to clear: even a DELETE of no rows takes
        # SQLite's write lock, which the change after the check (a deletion racing a ban)
        # would then hold across its whole use case.
        if any(failed_from == ip for _, failed_from in failures) \
                and not (more_to_come and more_to_come()):
            uow.login_failures.clear(site_id, address, ip)

    def confirm(self, uow: PasswordCheckUnit, member: Member, password: str, ip: str,
                now: datetime, refusal: str = "password_wrong") -> None:
        """A signed-in member's own password, typed again before a change."""
        self.check(uow, member.site_id, member.email, ip, now,
                   lambda: self.matches(member, password), refusal)

    def matches(self, member: Member | None, password: str) -> bool:
        if member is None or not member.password_hash:
            self.passwords.hash(password)  # same work either way: no account enumeration
            return False
        return self.passwords.verify(member.password_hash, password)


def weak_password(strength: Callable[[str, Sequence[str]], int], password: str, email: str,
                  name: str, field: str = "password") -> FieldError | None:
    """What is wrong with a new password (too short, too weak for zxcvbn's ``strength``,
    the member's own address or name), None when nothing is."""
    score = strength(password[:PASSWORD_MAX], [email, name])
    return password_error(password, score, email, name, field)
