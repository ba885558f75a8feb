"""IBAN (schwifty: country format and checksum) and mobile numbers (phonenumbers)."""

from __future__ import annotations

import phonenumbers
from schwifty import IBAN
from schwifty.exceptions import SchwiftyException


class LibraryBankChecks:
    def iban(self, value: str) -> str | None:
        try:
            return str(IBAN(value).compact)
        except (SchwiftyException, ValueError):
            return None

    def mobile(self, value: str, country: str | None) -> str | None:
        """A mobile (or mobile-capable) number, as +E.164; local numbers in the member's
        country."""
        try:
            number = phonenumbers.parse(value, country or None)
        except phonenumbers.NumberParseException:
            return None
        kind = phonenumbers.number_type(number)
        if not phonenumbers.is_valid_number(number) or kind not in (
                phonenumbers.PhoneNumberType.MOBILE,
                phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE):
            return None
        return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
