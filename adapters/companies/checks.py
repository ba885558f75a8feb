"""Company data checked against the standards (issue 20): ISO 3166 countries (pycountry),
VAT and company registration numbers (python-stdnum: format and check digits) and phone
numbers (phonenumbers). Each check answers the standard form, or None when invalid."""

from __future__ import annotations

import re
from importlib import import_module
from types import ModuleType

import phonenumbers
import pycountry
from stdnum import get_cc_module
from stdnum.eu import vat as eu_vat
from stdnum.exceptions import ValidationError

# The register numbers python-stdnum knows, by country. Elsewhere any plain number is
# taken (the domain rule still bounds its shape); the Dutch KvK number has no check digit.
_REGISTERS = {"DK": "dk.cvr", "US": "us.ein", "SE": "se.orgnr", "NO": "no.orgnr",
              "FI": "fi.ytunnus", "FR": "fr.siren", "BE": "be.vat", "PL": "pl.regon",
              "ES": "es.cif", "AT": "at.businessid", "CH": "ch.uid", "IT": "it.iva"}
_PLAIN = {"NL": re.compile(r"^\d{8}$")}
_EU_PREFIXES = {"AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "EU", "FI", "FR",
                "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE",
                "SI", "SK", "XI"}


def _register(country: str) -> ModuleType | None:
    name = _REGISTERS.get(country)
    return import_module(f"stdnum.{name}") if name else None


class LibraryCompanyChecks:
    def country(self, code: str) -> str | None:
        found = pycountry.countries.get(alpha_2=code.strip().upper()) if code.strip() else None
        return str(found.alpha_2) if found else None

    def vat(self, number: str) -> str | None:
        compact = re.sub(r"[\s.\-]", "", number).upper()
        prefix = compact[:2]
        try:
            if prefix in _EU_PREFIXES:
                return str(eu_vat.validate(compact))
            module = get_cc_module(prefix.lower(), "vat") if prefix.isalpha() else None
            if module is None:
                return None
            valid = str(module.validate(compact))
        except ValidationError:
            return None
        return valid if valid.startswith(prefix) else prefix + valid

    def registration(self, number: str, country: str) -> str | None:
        value = number.strip()
        if country in _PLAIN:
            digits = re.sub(r"[\s.]", "", value)
            return digits if _PLAIN[country].match(digits) else None
        module = _register(country)
        if module is None:
            return value or None
        try:
            valid = str(module.validate(value))
        except ValidationError:
            return None
        return str(module.format(valid)) if hasattr(module, "format") else valid

    def phone(self, number: str, country: str) -> str | None:
        try:
            parsed = phonenumbers.parse(number, country or None)
        except phonenumbers.NumberParseException:
            return None
        if not phonenumbers.is_valid_number(parsed):
            return None
        return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
