"""The common-password list (zxcvbn's 30,000 most used passwords), loaded on first use."""

from __future__ import annotations

from functools import cache


@cache
def common_passwords() -> frozenset[str]:
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(word.lower() for word in FREQUENCY_LISTS["passwords"])
