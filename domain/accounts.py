"""Account rules: what a valid signup is, passwords, and how login lockout works."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

import attrs

from domain.data_export import LINK_LIFETIME
from domain.errors import DomainError
from domain.members import is_adult
from domain.texts import has_control_characters

# How long each mailed account link works, by its purpose.
TOKEN_LIFETIMES = {
    "activation": timedelta(days=7),
    "password_reset": timedelta(hours=2),
    "mail_change": timedelta(days=1),
    "reactivation": timedelta(days=14),
    "export_ready": LINK_LIFETIME,
}

# The shape of an e-mail address (issue 28.6): ASCII; before the one @ a dot-atom of RFC
# 5322's letters, digits and !#$%&'*+/=?^_`{|}~- (at most 64); after it host name labels,
# the last ending in a letter. Nothing else: no quoted parts, comments, display names, [IP]
# literals, spaces or control characters, so no address can name a second one or reach a
# terminal. A member's new address is checked further by email-validator (the
# EmailAddresses port, application/email_addresses.py); everything that takes passes this.
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_EMAIL = re.compile(rf"(?=[^@]{{1,64}}@){_ATOM}(?:\.{_ATOM})*@(?:{_LABEL}\.)+{_LABEL}(?<=[A-Za-z])",
                    re.ASCII)
EMAIL_MAX = 254
PASSWORD_MIN = 10
PASSWORD_MAX = 128
# zxcvbn's score 2 ("somewhat guessable", ~10^8 guesses) is out of reach of a throttled
# online attack; 0 and 1 are the lists every attacker tries first.
PASSWORD_MIN_SCORE = 2
_PERSONAL_MIN = 3  # shorter names ("Jo") are refused only as the whole password
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
    """Whether the address (leading and trailing spaces aside) has the shape above."""
    address = email.strip()
    if len(address) > EMAIL_MAX or not _EMAIL.fullmatch(address):
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
    if has_control_characters(stripped):
        return FieldError("name", "name_invalid_characters")
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


def password_error(password: str, score: int, email: str = "", name: str = "",
                   field: str = "password") -> FieldError | None:
    """``score`` is the strength estimate (0-4, zxcvbn's scale) of ``password`` given the
    member's e-mail and name; the adapter computes it, the rule stays here."""
    if len(password) < PASSWORD_MIN:
        return FieldError(field, "password_too_short", {"min": PASSWORD_MIN})
    if len(password) > PASSWORD_MAX:
        return FieldError(field, "password_too_long", {"max": PASSWORD_MAX})
    if not password.strip():
        return FieldError(field, "password_blank")
    lowered = password.casefold()
    personal = [text.strip().casefold() for text in (email, name)]
    if any(text and (text == lowered.strip() or (len(text) >= _PERSONAL_MIN
                                                 and text in lowered)) for text in personal):
        return FieldError(field, "password_personal")
    if score < PASSWORD_MIN_SCORE:
        return FieldError(field, "password_too_common")
    return None


def check(*errors: FieldError | None) -> None:
    """Raise every field error at once, or nothing."""
    found = [error for error in errors if error is not None]
    if found:
        raise InvalidFields(found)


@attrs.frozen
class LockoutPolicy:
    """Failed logins slow down the address they come from, never the member elsewhere.
    Every wrong password counts as one: at login, on an appeal, and wherever a signed-in
    member types theirs again (application.shared.password_checks).

    A (member, address) pair gets a few free tries, then waits twice as long after each
    further failure (1, 2, 4, 8 minutes, at most ``pair_lock``); an address failing for
    any accounts ``address_limit`` times is refused for ``address_lock``. There is no
    account-wide lock: it would hand every stranger a button that keeps the member out,
    so the right password from an address without failures always gets in. Guessing
    from many addresses is held back by the per-address request limit and the password
    rules instead."""

    window: timedelta = timedelta(hours=1)
    free_failures: int = 3
    first_delay: timedelta = timedelta(minutes=1)
    pair_lock: timedelta = timedelta(minutes=15)
    address_limit: int = 30
    address_lock: timedelta = timedelta(minutes=60)

    def locked_for(self, failures: list[tuple[datetime, str]], address: str,
                   now: datetime, address_failures: list[datetime]) -> timedelta | None:
        """How long a login from ``address`` must wait, given the member's recent
        failures (time, address) and all recent failures from ``address``."""
        waits = [self._pair_wait([t for t, a in failures if a == address], now),
                 self._address_wait(address_failures, now)]
        return max((wait for wait in waits if wait), default=None)

    def _pair_wait(self, times: list[datetime], now: datetime) -> timedelta | None:
        recent = self._recent(times, now)
        extra = len(recent) - self.free_failures
        if extra < 0:
            return None
        delay = min(self.first_delay * 2 ** min(extra, 16), self.pair_lock)
        return self._until(recent[-1] + delay, now)

    def _address_wait(self, times: list[datetime], now: datetime) -> timedelta | None:
        recent = self._recent(times, now)
        if len(recent) < self.address_limit:
            return None
        return self._until(recent[-1] + self.address_lock, now)

    def _recent(self, times: list[datetime], now: datetime) -> list[datetime]:
        return sorted(t for t in times if now - self.window <= t <= now)

    @staticmethod
    def _until(unlock: datetime, now: datetime) -> timedelta | None:
        return unlock - now if unlock > now else None


def minutes_left(wait: timedelta) -> int:
    return max(1, -(-int(wait.total_seconds()) // 60))
