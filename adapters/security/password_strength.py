"""Password strength with zxcvbn: its score (0-4) counts the guesses an attacker with the
common-password, name and word lists needs, the member's own e-mail and name included."""

from __future__ import annotations

from collections.abc import Sequence

from zxcvbn import zxcvbn


def password_strength(password: str, user_inputs: Sequence[str]) -> int:
    return int(zxcvbn(password, user_inputs=[text for text in user_inputs if text])["score"])
