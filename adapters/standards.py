"""A site's codes and numbers checked against their standards (issue 32.5): ISO 3166-1
countries and ISO 4217 currencies (pycountry), phone numbers (phonenumbers). The
libraries are imported on first use, so `amora sites list` and the web app never load
them."""

from __future__ import annotations

from typing import Any

# ISO 4217 lists codes nobody pays in: precious metals, bond-market units, the SDR, the
# test code, "no currency", and funds (Bolivian Mvdol, WIR, Chilean UF, ...).
NOT_MONEY = frozenset({
    "XAG", "XAU", "XPD", "XPT", "XBA", "XBB", "XBC", "XBD", "XDR", "XSU", "XUA", "XTS", "XXX",
    "BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW",
})


def _pycountry() -> Any:
    import pycountry

    return pycountry


class LibrarySiteChecks:
    def country(self, code: str) -> str | None:
        wanted = code.strip().upper()
        if len(wanted) != 2 or not wanted.isascii() or not wanted.isalpha():
            return None
        found = _pycountry().countries.get(alpha_2=wanted)
        return str(found.alpha_2) if found else None

    def currency(self, code: str) -> str | None:
        wanted = code.strip().upper()
        if len(wanted) != 3 or not wanted.isascii() or not wanted.isalpha():
            return None
        found = _pycountry().currencies.get(alpha_3=wanted)
        return str(found.alpha_3) if found and wanted not in NOT_MONEY else None

    def phone(self, number: str, country: str) -> str | None:
        import phonenumbers

        try:
            parsed = phonenumbers.parse(number, country or None)
        except phonenumbers.NumberParseException:
            return None
        if not phonenumbers.is_valid_number(parsed):
            return None
        return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
