"""Password strength with zxcvbn: its score (0-4) counts the guesses an attacker with the
common-password, name and word lists needs, the member's own e-mail and name included."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from zxcvbn import zxcvbn

# zxcvbn refuses longer input (its matching grows fast with length); judging the first
# 72 characters errs on the strict side.
_ZXCVBN_MAX = 72
# zxcvbn keeps the user inputs in a module-level dictionary while it scores: one at a time.
_lock = threading.Lock()


def password_strength(password: str, user_inputs: Sequence[str]) -> int:
    if not password:
        return 0
    with _lock:
        result = zxcvbn(password[:_ZXCVBN_MAX], user_inputs=[text for text in user_inputs if text])
    return int(result["score"])
