"""The authenticator port with pyotp (RFC 6238 codes) and segno (the set-up QR code,
drawn on the server as inline SVG: the secret never goes to a third-party QR service)."""

from __future__ import annotations

import io
import secrets

import pyotp
import segno

from domain.two_factor import DIGITS, RECOVERY_ALPHABET, RECOVERY_LENGTH, STEP_SECONDS


class PyotpAuthenticator:
    def new_secret(self) -> str:
        return pyotp.random_base32()  # 32 base32 letters: 160 bits, as RFC 4226 advises

    def code_at(self, secret: str, step: int) -> str:
        return pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS).generate_otp(step)

    def setup_uri(self, secret: str, account: str, issuer: str) -> str:
        return pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS).provisioning_uri(
            name=account, issuer_name=issuer)

    def qr_svg(self, text: str) -> str:
        # Dark on white whatever the page's theme: scanners read that best. With its
        # namespace, so the element also works as an image (a data: URI), not only inline.
        drawn = io.BytesIO()
        segno.make(text, error="m").save(
            drawn, kind="svg", xmldecl=False, svgns=True, nl=False, omitsize=True, scale=5,
            border=4, dark="#000", light="#fff", svgclass="two-factor-qr", title="QR")
        return drawn.getvalue().decode("utf-8")

    def recovery_code(self) -> str:
        return "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(RECOVERY_LENGTH))
