"""A software authenticator for the passkey tests: real ES256 keys (cryptography), real
CBOR attestation objects ("none") and real signatures, made as a browser and a platform
authenticator make them. Nothing of the server's verification is mocked; the tests can
bend what a real device would not (another origin, a replayed counter, a forged
signature) to see it refused."""

from __future__ import annotations

import hashlib
import json
import os
import struct
from base64 import urlsafe_b64decode, urlsafe_b64encode
from typing import Any

import attrs
import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40  # authenticator data flags: present, verified, attested


def b64url(data: bytes) -> str:
    return urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return urlsafe_b64decode(text + "=" * (-len(text) % 4))


@attrs.define
class Credential:
    credential_id: bytes
    key: ec.EllipticCurvePrivateKey
    rp_id: str
    user_handle: bytes
    sign_count: int = 0


def _cose(key: ec.EllipticCurvePrivateKey) -> bytes:
    numbers = key.public_key().public_numbers()
    return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                        -3: numbers.y.to_bytes(32, "big")})


def _client_data(kind: str, challenge: str, origin: str) -> bytes:
    return json.dumps({"type": kind, "challenge": challenge, "origin": origin,
                       "crossOrigin": False}).encode()


@attrs.define
class SoftAuthenticator:
    """Keeps discoverable credentials per relying party, as a phone's passkeys are kept.
    ``counts``: whether the signature counter moves (many platform passkeys keep 0)."""

    counts: bool = True
    credentials: list[Credential] = attrs.Factory(list)

    def create(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        """navigator.credentials.create() with these options, as toJSON() answers it."""
        rp_id = options["rp"]["id"]
        credential = Credential(credential_id=os.urandom(32), key=ec.generate_private_key(
            ec.SECP256R1()), rp_id=rp_id, user_handle=unb64url(options["user"]["id"]))
        self.credentials.append(credential)
        auth_data = (hashlib.sha256(rp_id.encode()).digest() + bytes([UP | UV | AT])
                     + struct.pack(">I", 0) + bytes(16)
                     + struct.pack(">H", len(credential.credential_id))
                     + credential.credential_id + _cose(credential.key))
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {"id": b64url(credential.credential_id),
                "rawId": b64url(credential.credential_id), "type": "public-key",
                "authenticatorAttachment": "platform", "clientExtensionResults": {},
                "response": {
                    "clientDataJSON": b64url(_client_data("webauthn.create",
                                                          options["challenge"], origin)),
                    "attestationObject": b64url(attestation), "transports": ["internal"]}}

    def get(self, options: dict[str, Any], origin: str, rp_id: str | None = None,
            credential: Credential | None = None) -> dict[str, Any]:
        """navigator.credentials.get(): with no allowed credentials, the first discoverable
        one of the relying party (``rp_id`` as the page's, when the options name none)."""
        rp = options.get("rpId") or rp_id
        allowed = {item["id"] for item in options.get("allowCredentials") or []}
        if credential is None:
            credential = next(c for c in self.credentials if c.rp_id == rp and (
                not allowed or b64url(c.credential_id) in allowed))
        if self.counts:
            credential.sign_count += 1
        auth_data = (hashlib.sha256(credential.rp_id.encode()).digest() + bytes([UP | UV])
                     + struct.pack(">I", credential.sign_count))
        client_data = _client_data("webauthn.get", options["challenge"], origin)
        signature = credential.key.sign(auth_data + hashlib.sha256(client_data).digest(),
                                        ec.ECDSA(hashes.SHA256()))
        return {"id": b64url(credential.credential_id),
                "rawId": b64url(credential.credential_id), "type": "public-key",
                "authenticatorAttachment": "platform", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64url(client_data),
                             "authenticatorData": b64url(auth_data),
                             "signature": b64url(signature),
                             "userHandle": b64url(credential.user_handle)}}
