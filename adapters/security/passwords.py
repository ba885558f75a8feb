"""The password-hasher port with argon2id."""

from __future__ import annotations

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError

from adapters.offload import offloaded

# PASSWORD_HASHING: `strong` (RFC 9106's second recommendation: 64 MiB, 3 passes, 4 lanes;
# about 0.2 s a hash here) everywhere but the test suite, which signs up and logs in
# thousands of members and asks for `cheap` (8 KiB, 1 pass). Production refuses `cheap`
# (adapters.config.unsafe_in_production). Verifying reads the parameters from the stored
# hash, so either setting checks passwords hashed by the other.
PASSWORD_HASHING = {"strong": profiles.RFC_9106_LOW_MEMORY, "cheap": profiles.CHEAPEST}


class Argon2Passwords:
    """Hashing and verifying run off the event loop (adapters.offload): a strong hash
    holds its thread for 0.1-0.2 s, which on the loop would stall every request."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self._hasher = hasher or PasswordHasher.from_parameters(PASSWORD_HASHING["strong"])

    @classmethod
    def named(cls, hashing: str) -> Argon2Passwords:
        return cls(PasswordHasher.from_parameters(PASSWORD_HASHING[hashing]))

    def hash(self, password: str) -> str:
        return offloaded(self._hasher.hash, password)

    def verify(self, password_hash: str, password: str) -> bool:
        return offloaded(self._verify, password_hash, password)

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False
