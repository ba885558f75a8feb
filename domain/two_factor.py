"""Two-factor sign-in with an authenticator app (issue 33.2): the rules of time-based
one-time codes (RFC 6238) and of recovery codes, free of any library. Computing a code
from a secret is the authenticator port's job (adapters/security/totp.py); which time
steps a code may belong to, how a typed code is read and when a step counts as used
are decided here.

A code belongs to a 30-second time step. Phones' clocks drift and typing takes time, so
the codes of the step before and after now are accepted too (VALID_WINDOW = 1: 90
seconds in all). A code counts once: the member's last used step is stored, and a code
of that step or an earlier one is refused (a replay, or a code seen over a shoulder).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from datetime import datetime, timedelta

STEP_SECONDS = 30
DIGITS = 6
VALID_WINDOW = 1  # steps either side of now
# The password step's answer when a second step is needed: good for this long, once.
CHALLENGE_LIFETIME = timedelta(minutes=5)
CHALLENGE_PURPOSE = "two_factor"  # its purpose among the account tokens
RECOVERY_CODES = 10
# Recovery codes: 10 characters of 31 letters and digits without look-alikes (0/o, 1/l/i),
# about 50 bits each, shown in two groups of five ("k7m2p-x9qwd").
RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
RECOVERY_LENGTH = 10
RECOVERY_GROUP = 5
# A recovery code's first two characters are kept in the clear beside its hash: a typed
# code is checked against the one or two codes that start alike, not against all ten
# (ten argon2 hashes a guess). What is left to guess of a stolen row is still 40 bits
# behind argon2.
RECOVERY_HINT = 2


def time_step(at: datetime) -> int:
    """The number of the 30-second step ``at`` falls in (counted from the Unix epoch)."""
    return int(at.timestamp()) // STEP_SECONDS


def candidate_steps(at: datetime) -> list[int]:
    """The steps whose codes are accepted at ``at``: now first, then before and after."""
    now = time_step(at)
    return [now, *(now + offset for distance in range(1, VALID_WINDOW + 1)
                   for offset in (-distance, distance))]


def normalise_code(typed: str) -> str:
    """What was typed, without spaces, dashes and case: "123 456" and "K7M2P-X9QWD" are
    read as "123456" and "k7m2px9qwd"."""
    return "".join(typed.split()).replace("-", "").lower()


def is_app_code(code: str) -> bool:
    """A normalised code of the authenticator app: six digits."""
    return len(code) == DIGITS and code.isascii() and code.isdigit()


def is_recovery_shape(code: str) -> bool:
    """A normalised code that could be a recovery code (checked before any hash)."""
    return len(code) == RECOVERY_LENGTH and all(char in RECOVERY_ALPHABET for char in code)


def recovery_hint(code: str) -> str:
    """What is kept of a (normalised) recovery code in the clear, to find its row."""
    return code[:RECOVERY_HINT]


def shown_recovery_code(code: str) -> str:
    """A recovery code as the member reads it: two groups of five."""
    return f"{code[:RECOVERY_GROUP]}-{code[RECOVERY_GROUP:]}"


def matching_step(code: str, at: datetime, code_at: Callable[[int], str]) -> int | None:
    """The step among the accepted ones whose code ``code`` is (compared in constant
    time), else None. ``code_at(step)``: the member's code of that step."""
    if not is_app_code(code):
        return None
    found = None
    for step in candidate_steps(at):  # every candidate is compared: no early answer
        if hmac.compare_digest(code_at(step), code) and found is None:
            found = step
    return found
