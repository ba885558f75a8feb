"""The two screening checks that need libraries: phone numbers (phonenumbers' matcher)
and IBANs (schwifty's check digits and bank formats)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator

from domain.screening import Checks

# The regions whose national formats a member of these sites would write (the eleven
# languages' countries and the English-speaking ones).
REGIONS = ("NL", "DE", "GB", "US", "FR", "ES", "IT", "DK", "NO", "SE", "FI", "PL", "BE", "AT",
           "CH", "IE")
_IBAN_SHAPED = re.compile(r"\b[A-Za-z]{2}\d{2}(?:\s?[A-Za-z0-9]){11,30}\b")


_CANDIDATE = re.compile(r"\+?\d[\d\s().\-/]{5,22}\d")
# A date ("12.04.1989", "12/4/89", "2024-04-12") has eight digits like a Danish or
# Norwegian number: it is blanked out before numbers are looked for.
_DATE = re.compile(r"(?<![\d+])(?:\d{1,2}([./-])\d{1,2}\1(?:19|20)?\d{2}"
                   r"|(?:19|20)\d{2}([./-])\d{1,2}\2\d{1,2})(?![\d])")


def phones(text: str) -> Iterator[tuple[int, int]]:
    """Spans of numbers that are valid phone numbers in one of the regions: a number that
    fits no numbering plan (an order number, a price) is not one. Each candidate is parsed
    per region (microseconds), not matched over the whole text per region. The library is
    imported by the first text screened: a command that lists complaints builds the
    shield but never screens."""
    import phonenumbers

    text = _DATE.sub(lambda date: " " * len(date.group(0)), text)
    for match in _CANDIDATE.finditer(text):
        raw = match.group(0)
        if sum(char.isdigit() for char in raw) < 7:
            continue
        for region in (None,) if raw.startswith("+") else REGIONS:
            try:
                number = phonenumbers.parse(raw, region)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(number):
                yield match.start(), match.end()
                break


def ibans(text: str) -> Iterator[tuple[int, int]]:
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException

    for match in _IBAN_SHAPED.finditer(text):
        candidate = match.group(0)
        for end in range(len(candidate), 14, -1):  # an IBAN followed by more letters
            try:
                with warnings.catch_warnings():
                    # Countries without a national check digit algorithm in schwifty (SE)
                    # warn on every IBAN: the international check digits still hold.
                    warnings.simplefilter("ignore")
                    IBAN(candidate[:end].replace(" ", ""), validate_bban=True)
            except SchwiftyException:
                continue
            yield match.start(), match.start() + len(candidate[:end].rstrip())
            break


SCREENING_CHECKS = Checks(phones=phones, ibans=ibans)


def screening_checks() -> Checks:
    """The checks, for the container to import on first use (schwifty and phonenumbers
    load in a fraction of a second, but a web app that screens nothing never pays it)."""
    return SCREENING_CHECKS
