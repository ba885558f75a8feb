"""Direct debit: the SMS codes that confirm a mandate, the signed mandates, checks of
the bank details and the SMS sender."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import attrs

from domain.direct_debit import SmsCode


@attrs.frozen(kw_only=True)
class BankMandate:
    """What the member signs: the account and their address, checked and normalised."""

    account_holder: str
    iban: str
    street: str
    house_number: str
    postcode: str
    city: str
    phone: str


@attrs.frozen(kw_only=True)
class SignedMandate(BankMandate):
    id: int
    signed_at: datetime


class DirectDebitRepository(Protocol):
    def sms_sent_since(self, member_id: int, since: datetime) -> int: ...
    def add_sms_code(self, member_id: int, phone: str, code_hash: str, expires_at: datetime,
                     at: datetime) -> None: ...
    def latest_sms_code(self, member_id: int) -> tuple[int, SmsCode] | None: ...
    def sms_attempt(self, code_id: int) -> None: ...
    def forget_sms_codes(self, member_id: int) -> None:
        """A used code must not work twice."""
        ...
    def add_mandate(self, member_id: int, mandate: BankMandate, at: datetime) -> None: ...
    def latest_mandate(self, member_id: int) -> SignedMandate | None: ...


class BankChecks(Protocol):
    """Checks that need libraries: an IBAN, a mobile number (normalized, or None)."""

    def iban(self, value: str) -> str | None: ...
    def mobile(self, value: str, country: str | None) -> str | None: ...


class SmsSender(Protocol):
    def send_code(self, phone: str, code: str, language: str) -> None: ...
