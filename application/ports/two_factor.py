"""Two-factor sign-in (issue 33.2): the member's authenticator secret and recovery codes,
and the authenticator app's arithmetic (time-based codes, the set-up QR code)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

import attrs


@attrs.frozen
class TwoFactorRecord:
    """The member's authenticator: ``confirmed_at`` None while it is being set up (the
    first code not typed yet); ``last_step`` the time step of the last code used."""

    secret: str
    created_at: datetime
    confirmed_at: datetime | None
    last_step: int | None


@attrs.frozen
class RecoveryCodeRecord:
    id: int
    code_hash: str


class TwoFactorRepository(Protocol):
    def get(self, member_id: int) -> TwoFactorRecord | None: ...
    def enrolled(self, member_id: int) -> bool:
        """Two-factor sign-in is on: set up and confirmed by a first code."""
        ...
    def start(self, member_id: int, secret: str, now: datetime) -> None:
        """A new secret being set up, in place of one being set up before."""
        ...
    def confirm(self, member_id: int, now: datetime) -> bool:
        """The set-up confirmed; False when it was confirmed already."""
        ...
    def claim_step(self, member_id: int, step: int) -> bool:
        """Marks ``step`` used, in one conditional write; False when that step or a later
        one was used already (by this request's twin, too: the write waits for it)."""
        ...
    def remove(self, member_id: int) -> None:
        """Two-factor sign-in off: the secret and every recovery code go."""
        ...
    def replace_recovery_codes(self, member_id: int,
                               codes: Sequence[tuple[str, str]]) -> None:
        """The member's recovery codes from now on: (hint, hash) each."""
        ...
    def unused_recovery_codes(self, member_id: int, hint: str) -> list[RecoveryCodeRecord]:
        """The member's unused codes that begin with ``hint`` (domain.two_factor)."""
        ...
    def recovery_codes_left(self, member_id: int) -> int: ...
    def use_recovery_code(self, code_id: int, now: datetime) -> bool:
        """False when another request used it first."""
        ...


class Authenticator(Protocol):
    """RFC 6238 codes and what the app scans to learn the secret."""

    def new_secret(self) -> str: ...
    def code_at(self, secret: str, step: int) -> str:
        """The six-digit code of time step ``step``."""
        ...
    def setup_uri(self, secret: str, account: str, issuer: str) -> str:
        """The otpauth:// address the QR code holds."""
        ...
    def qr_svg(self, text: str) -> str:
        """``text`` as a QR code, an inline SVG element."""
        ...
    def recovery_code(self) -> str:
        """A new recovery code, normalised (domain.two_factor), from the CSPRNG."""
        ...
