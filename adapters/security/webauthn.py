"""The passkey ceremonies port on py_webauthn: options for the browser, and the browser's
answers read and verified (attestation "none": Amora trusts any authenticator the member
chooses, and asks nothing of its maker).

Challenges and user handles are the application's tokens (Secrets.token, URL-safe ASCII):
their bytes are what the authenticator signs over, so an answer names its challenge and
user handle as those same tokens again."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    parse_client_data_json,
)
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from application.ports.passkeys import (
    Claim,
    CredentialJson,
    NewCredential,
    OptionsJson,
    PasskeyUser,
    RelyingParty,
)
from domain.errors import DomainError
from domain.passkeys import CHALLENGE_LIFETIME, Passkey

log = logging.getLogger(__name__)
TIMEOUT_MS = int(CHALLENGE_LIFETIME.total_seconds() * 1000)
_TRANSPORTS = {transport.value for transport in AuthenticatorTransport}


def _failed(error: Exception) -> DomainError:
    # The browser's answer is the visitor's input: whatever is wrong with it (a forged
    # or replayed answer, a wrong origin, plain garbage) is the same refusal.
    log.info("passkey answer refused: %s: %s", type(error).__name__, error)
    return DomainError("passkey_failed")


def _as_dict(options: Any) -> OptionsJson:
    found: OptionsJson = json.loads(options_to_json(options))
    return found


def _descriptors(ids: Sequence[str]) -> list[PublicKeyCredentialDescriptor]:
    return [PublicKeyCredentialDescriptor(id=base64url_to_bytes(credential_id))
            for credential_id in ids]


class PyWebAuthnCeremonies:
    def creation_options(self, party: RelyingParty, user: PasskeyUser, challenge: str,
                         exclude: Sequence[str]) -> OptionsJson:
        """A discoverable credential (resident key required: it signs in without the
        address), user verification preferred (a PIN or a fingerprint where the device
        has one)."""
        return _as_dict(generate_registration_options(
            rp_id=party.id, rp_name=party.name, user_id=user.handle.encode("ascii"),
            user_name=user.name, user_display_name=user.display_name,
            challenge=challenge.encode("ascii"), timeout=TIMEOUT_MS,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, require_resident_key=True,
                user_verification=UserVerificationRequirement.PREFERRED),
            exclude_credentials=_descriptors(exclude)))

    def request_options(self, party: RelyingParty, challenge: str,
                        allow: Sequence[str]) -> OptionsJson:
        """``allow`` empty: any of the site's discoverable passkeys (the sign-in)."""
        return _as_dict(generate_authentication_options(
            rp_id=party.id, challenge=challenge.encode("ascii"), timeout=TIMEOUT_MS,
            allow_credentials=_descriptors(allow),
            user_verification=UserVerificationRequirement.PREFERRED))

    def read(self, credential: CredentialJson) -> Claim:
        try:
            response = credential["response"]
            client_data = parse_client_data_json(
                base64url_to_bytes(response["clientDataJSON"]))
            challenge = client_data.challenge.decode("ascii")
            credential_id = credential.get("rawId") or credential["id"]
            handle = response.get("userHandle")
            if not isinstance(credential_id, str) or not (
                    handle is None or isinstance(handle, str)):
                raise TypeError("credential id or user handle is not a string")
            user_handle = base64url_to_bytes(handle).decode("ascii") if handle else None
            # The id as this adapter writes it (padding and alphabet normalised).
            return Claim(challenge=challenge,
                         credential_id=bytes_to_base64url(base64url_to_bytes(credential_id)),
                         user_handle=user_handle)
        except Exception as error:  # any malformed answer: the same refusal
            raise _failed(error) from error

    def verify_registration(self, credential: CredentialJson, challenge: str,
                            party: RelyingParty) -> NewCredential:
        try:
            verified = verify_registration_response(
                credential=dict(credential), expected_challenge=challenge.encode("ascii"),
                expected_rp_id=party.id, expected_origin=party.origin)
        except Exception as error:
            raise _failed(error) from error
        transports = credential.get("response", {}).get("transports") or []
        return NewCredential(
            credential_id=bytes_to_base64url(verified.credential_id),
            public_key=bytes_to_base64url(verified.credential_public_key),
            sign_count=verified.sign_count,
            transports=tuple(sorted({str(value) for value in transports
                                     if str(value) in _TRANSPORTS}))
            if isinstance(transports, list) else ())

    def verify_assertion(self, credential: CredentialJson, challenge: str,
                         party: RelyingParty, passkey: Passkey) -> int:
        """The signature over the challenge with the stored public key, and a counter
        that moved on (an authenticator that counts and answers with a count not above
        the last one seen may be a clone: refused)."""
        try:
            verified = verify_authentication_response(
                credential=dict(credential), expected_challenge=challenge.encode("ascii"),
                expected_rp_id=party.id, expected_origin=party.origin,
                credential_public_key=base64url_to_bytes(passkey.public_key),
                credential_current_sign_count=passkey.sign_count)
        except Exception as error:
            raise _failed(error) from error
        return verified.new_sign_count
