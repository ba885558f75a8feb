"""Money as operators type and read it (issue 32.4): in currency units with at most two
decimals ("20", "20.5", "20.50"), kept and computed in whole cents.

Every amount the shop stores (prices, minimum order values, order amounts, refunds) is
cents; only the edges convert. Parsing takes nothing a person would not mean as money:
no sign, no exponent (``1e3``), no digit separators (``1_000``, ``1,000``), no digits
outside ASCII, no NaN or infinity, no third decimal (a cent is the smallest unit), and
nothing above a million.
"""

from __future__ import annotations

import re

from domain.errors import DomainError

MAX_CENTS = 100_000_000  # 1,000,000.00: above any price, minimum or refund this shop has
_AMOUNT = re.compile(r"([0-9]+)(?:\.([0-9]+))?")


def parse_money(text: str) -> int:
    """``text`` in currency units as whole cents. Refused, with the text: a negative
    amount (money_negative), a third decimal (money_decimals), more than a million
    (money_too_much), anything else that is not an amount (invalid_money)."""
    typed = text.strip()
    found = _AMOUNT.fullmatch(typed) if typed.isascii() else None
    if found is None:
        negative = typed.startswith("-") and _AMOUNT.fullmatch(typed[1:].strip())
        raise DomainError("money_negative" if negative else "invalid_money", value=text)
    units, decimals = found[1], found[2] or ""
    if len(decimals) > 2:
        raise DomainError("money_decimals", value=text)
    # Leading zeros are harmless ("007.50"); the length check keeps int() cheap.
    units = units.lstrip("0") or "0"
    cents = (int(units) * 100 + int(decimals.ljust(2, "0"))
             if len(units) <= len(str(MAX_CENTS // 100)) else MAX_CENTS + 1)
    if cents > MAX_CENTS:
        raise DomainError("money_too_much", value=text, max=format_money(MAX_CENTS))
    return cents


def format_money(cents: int) -> str:
    """Whole cents as currency units with two decimals: 2000 → "20.00", -5 → "-0.05"."""
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units}.{rest:02d}"
