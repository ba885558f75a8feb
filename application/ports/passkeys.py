"""Passkeys (issue 33.1): the stored credentials and challenges, and the WebAuthn
ceremonies themselves (the cryptography lives in an adapter: adapters/security/webauthn.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

import attrs

from domain.passkeys import Ceremony, Challenge, Passkey

# The browser's answer (PublicKeyCredential.toJSON()) and the options it is given, as JSON.
CredentialJson = Mapping[str, Any]
OptionsJson = dict[str, Any]


@attrs.frozen
class RelyingParty:
    """Where a ceremony runs: the relying-party id the passkey is bound to, the origin
    the browser must report (scheme, host and port) and the name it shows."""

    id: str
    origin: str
    name: str


@attrs.frozen
class PasskeyUser:
    """The member as their authenticator keeps them: a random handle (never the member's
    id or address), the name the device lists the passkey under and a display name."""

    handle: str
    name: str
    display_name: str


@attrs.frozen
class NewCredential:
    """A verified registration."""

    credential_id: str
    public_key: str
    sign_count: int
    transports: tuple[str, ...] = ()


@attrs.frozen
class Claim:
    """What an answer says before it is verified: which challenge it answers, and (for an
    assertion) which credential and user handle it names."""

    challenge: str
    credential_id: str = ""
    user_handle: str | None = None


class PasskeyCeremonies(Protocol):
    """WebAuthn's registration and authentication, verified (signatures, origin,
    relying-party id, challenge, user presence, the signature counter). A malformed or
    failing answer is a DomainError (passkey_failed), never another exception."""

    def creation_options(self, party: RelyingParty, user: PasskeyUser, challenge: str,
                         exclude: Sequence[str]) -> OptionsJson: ...
    def request_options(self, party: RelyingParty, challenge: str,
                        allow: Sequence[str]) -> OptionsJson: ...
    def read(self, credential: CredentialJson) -> Claim: ...
    def verify_registration(self, credential: CredentialJson, challenge: str,
                            party: RelyingParty) -> NewCredential: ...
    def verify_assertion(self, credential: CredentialJson, challenge: str,
                         party: RelyingParty, passkey: Passkey) -> int:
        """The authenticator's new signature counter."""
        ...


class PasskeyRepository(Protocol):
    def handle_of(self, member_id: int) -> str | None:
        """The member's WebAuthn user handle, once they have made one."""
        ...
    def add_handle(self, member_id: int, handle: str) -> None: ...
    def member_of_handle(self, handle: str) -> int | None: ...
    def of_member(self, member_id: int) -> list[Passkey]:
        """Oldest first."""
        ...
    def get(self, member_id: int, passkey_id: int) -> Passkey | None: ...
    def by_credential(self, credential_id: str) -> Passkey | None: ...
    def add(self, member_id: int, credential: NewCredential, name: str,
            now: datetime) -> Passkey | None:
        """None when the credential is stored already (for anyone)."""
        ...
    def rename(self, passkey_id: int, name: str) -> None: ...
    def remove(self, passkey_id: int) -> None: ...
    def used(self, passkey_id: int, seen_count: int, new_count: int, now: datetime) -> bool:
        """The counter moves from ``seen_count`` to ``new_count``; False when another use
        moved it first (two answers at once: one wins)."""
        ...
    def add_challenge(self, digest: str, ceremony: Ceremony, site_id: int,
                      member_id: int | None, session_hash: str | None,
                      now: datetime, expires_at: datetime) -> None:
        """Challenges that expired are swept away at the same time."""
        ...
    def find_challenge(self, digest: str) -> Challenge | None: ...
    def claim_challenge(self, challenge_id: int, now: datetime) -> bool:
        """Use an unused challenge; False when another answer used it first."""
        ...
