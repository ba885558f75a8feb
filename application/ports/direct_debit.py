"""Direct debit: checks of the bank details and the SMS that confirms a mandate."""

from __future__ import annotations

from typing import Protocol


class BankChecks(Protocol):
    """Checks that need libraries: an IBAN, a mobile number (normalized, or None)."""

    def iban(self, value: str) -> str | None: ...
    def mobile(self, value: str, country: str | None) -> str | None: ...


class SmsSender(Protocol):
    def send_code(self, phone: str, code: str, language: str) -> None: ...
