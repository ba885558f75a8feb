"""Account rules: what a valid signup is, passwords, and how login lockout works."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

import attrs

from domain.errors import DomainError
from domain.members import is_adult

# Pragmatic e-mail shape: one @, a dotted domain, no spaces; the mail itself proves the rest.
_EMAIL = re.compile(r"^[^@\s]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$")
PASSWORD_MIN = 8
PASSWORD_MAX = 128
NAME_MIN = 2
NAME_MAX = 30


@attrs.frozen
class FieldError:
    field: str
    code: str
    params: dict[str, object] = attrs.field(factory=dict)


class InvalidFields(DomainError):
    """Several fields were wrong at once; each carries its own translated message code."""

    def __init__(self, errors: list[FieldError]) -> None:
        super().__init__("invalid_fields", fields={e.field: e.code for e in errors},
                         params={e.field: e.params for e in errors if e.params})
        self.errors = errors


def normalise_email(email: str) -> str:
    return email.strip().lower()


def email_error(email: str) -> FieldError | None:
    if len(email) > 254 or not _EMAIL.match(email.strip()):
        return FieldError("email", "invalid_email")
    return None


def name_error(name: str, email: str) -> FieldError | None:
    stripped = name.strip()
    if stripped.startswith("@"):
        return FieldError("name", "name_starts_with_at")
    if stripped.lower() == email.strip().lower():
        return FieldError("name", "name_equals_email")
    if not NAME_MIN <= len(stripped) <= NAME_MAX:
        return FieldError("name", "name_length", {"min": NAME_MIN, "max": NAME_MAX})
    return None


def birth_date_error(raw: str | None, today: date, min_age: int) -> FieldError | None:
    """'Vul uw geboortedatum in ({min_age}+ jaar)' when missing or too young;
    'Ongeldige geboortedatum.' when it is no date."""
    if not raw:
        return FieldError("date_of_birth", "birth_date_required", {"min_age": min_age})
    born = parse_birth_date(raw)
    if born is None or born > today or born.year < 1900:
        return FieldError("date_of_birth", "invalid_birth_date")
    if not is_adult(born, today, min_age):
        return FieldError("date_of_birth", "birth_date_required", {"min_age": min_age})
    return None


def parse_birth_date(raw: str) -> date | None:
    try:
        return date.fromisoformat(raw.strip())
    except ValueError:
        return None


def password_error(password: str, common: frozenset[str], field: str = "password") \
        -> FieldError | None:
    if len(password) < PASSWORD_MIN:
        return FieldError(field, "password_too_short", {"min": PASSWORD_MIN})
    if len(password) > PASSWORD_MAX:
        return FieldError(field, "password_too_long", {"max": PASSWORD_MAX})
    if password.lower() in common:
        return FieldError(field, "password_too_common")
    return None


def check(*errors: FieldError | None) -> None:
    """Raise every field error at once, or nothing."""
    found = [error for error in errors if error is not None]
    if found:
        raise InvalidFields(found)


@attrs.frozen
class LockoutPolicy:
    """Failed logins lock a (member, address) pair briefly, an address for longer, and a
    member from everywhere only after many failures from many places — so a stranger
    cannot keep a member out for long from their own address."""

    window: timedelta = timedelta(minutes=15)
    pair_limit: int = 5
    pair_lock: timedelta = timedelta(minutes=15)
    address_limit: int = 30
    address_lock: timedelta = timedelta(minutes=60)
    account_limit: int = 50
    account_lock: timedelta = timedelta(minutes=5)

    def locked_for(self, failures: list[tuple[datetime, str]], address: str,
                   now: datetime, address_failures: list[datetime]) -> timedelta | None:
        """How long a login from ``address`` must wait, given the member's recent
        failures (time, address) and all recent failures from ``address``."""
        waits = [
            self._wait([t for t, a in failures if a == address], self.pair_limit,
                       self.pair_lock, now),
            self._wait(address_failures, self.address_limit, self.address_lock, now),
            self._wait([t for t, _ in failures], self.account_limit, self.account_lock, now),
        ]
        longest = max((wait for wait in waits if wait), default=None)
        return longest

    def _wait(self, times: list[datetime], limit: int, lock: timedelta,
              now: datetime) -> timedelta | None:
        recent = sorted(t for t in times if now - self.window <= t <= now)
        if len(recent) < limit:
            return None
        unlock = recent[-1] + lock
        return unlock - now if unlock > now else None


def minutes_left(wait: timedelta) -> int:
    return max(1, -(-int(wait.total_seconds()) // 60))
